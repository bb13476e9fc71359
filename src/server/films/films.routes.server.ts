import type { Hono } from 'hono';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { filmsContract } from '#shared/films.contract';
import { createFilmRoute } from './create-film.route.server';
import type { FilmsDeps } from './films-answers.server';
import { listFilmCandidatesRoute } from './list-film-candidates.route.server';
import { listFilmScenesRoute } from './list-film-scenes.route.server';

/**
 * `/api/films` (ADR 0014, src/shared/films.contract.ts, docs/video-contract.md): each declared operation and the
 * file that serves it — save a film from the user's completed videos, the videos the scene board may use, and a
 * film's scenes. The film itself is read, listed and downloaded as a video request.
 */
export function filmsRoutes({ guards, ...deps }: FilmsDeps & { guards: Guards }): Hono<AppEnv> {
  return routesFromContract(
    filmsContract,
    { base: '/api/films', guards },
    {
      createFilm: createFilmRoute(deps),
      listFilmCandidates: listFilmCandidatesRoute(deps),
      listFilmScenes: listFilmScenesRoute(deps),
    },
  );
}
