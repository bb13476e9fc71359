/**
 * The films room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the films' routes and render
 * job. Other rooms import this file, never one inside the room (biome.json).
 */
export { sendFilmRender } from './create-film.server';
export { registerFilmWorker } from './film-render.job.server';
export { filmsRoutes } from './films.routes.server';
