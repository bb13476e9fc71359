import { apiError } from '#server/kernel/errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { FILM_MESSAGES, trimOutsideMessage } from '#shared/films';
import type { filmsContract } from '#shared/films.contract';
import { createFilm } from './create-film.server';
import { type FilmsDeps, filmView } from './films-answers.server';

/** `POST /api/films`: save a film of the user's completed videos, for no credits (ADR 0014). */
export const createFilmRoute =
  (deps: FilmsDeps): OperationHandler<typeof filmsContract.createFilm> =>
  async (c, { body }) => {
    const result = await createFilm(deps, sessionOf(c).user.id, body);
    switch (result.kind) {
      case 'created':
        return c.json({ request: await filmView(deps, result.film) }, 201);
      case 'existing':
        return c.json({ request: await filmView(deps, result.film) }, 200);
      case 'key_reused':
        return apiError(c, 409, 'client_key_reused', FILM_MESSAGES.keyReused);
      case 'not_found':
        return apiError(c, 404, 'not_found', `Cena ${result.position}: ${FILM_MESSAGES.notFound}`);
      case 'mixed_ratios':
        return apiError(c, 409, 'mixed_aspect_ratios', FILM_MESSAGES.mixedRatios);
      case 'not_ready':
        return apiError(c, 409, 'scene_not_ready', FILM_MESSAGES.notReady(result.position));
      case 'trim_outside':
        return apiError(
          c,
          422,
          'trim_outside_scene',
          trimOutsideMessage(result.position, result.deliveredSeconds),
        );
    }
  };
