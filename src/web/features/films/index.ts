/** What other features may use from films; everything else in this folder is its own (biome.json keeps it so). */
export { FilmScenesCard } from './components/film-scenes-card';
export { MakeFilmLink } from './components/make-film-link';
