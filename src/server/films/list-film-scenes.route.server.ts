import { apiError } from '#server/kernel/errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { findVideoRequest } from '#server/video-requests/video-requests.server';
import type { FilmScenesResponse } from '#shared/films';
import type { filmsContract } from '#shared/films.contract';
import { type FilmsDeps, signedUrlOf } from './films-answers.server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `GET /api/films/{id}/scenes`: a film's scenes in order; a scene whose video was deleted keeps its place. */
export const listFilmScenesRoute =
  (deps: FilmsDeps): OperationHandler<typeof filmsContract.listFilmScenes> =>
  async (c, { params: { id } }) => {
    const userId = sessionOf(c).user.id;
    const film = UUID.test(id) ? await findVideoRequest(deps.pool, userId, id) : undefined;
    if (!film?.film) return apiError(c, 404, 'not_found', 'Filme não encontrado.');
    const scenes = await deps.pool.query<{
      position: number;
      source_request_id: string | null;
      prompt: string | null;
      start_seconds: number;
      end_seconds: number;
      thumbnail_key: string | null;
    }>(
      `SELECT s.position, s.source_request_id, v.prompt, s.start_seconds, s.end_seconds, v.thumbnail_key
       FROM film_scenes s LEFT JOIN video_requests v ON v.id = s.source_request_id AND v.user_id = $2
       WHERE s.film_id = $1 ORDER BY s.position`,
      [film.id, userId],
    );
    const body: FilmScenesResponse = {
      items: await Promise.all(
        scenes.rows.map(async (row) => ({
          position: row.position,
          requestId: row.source_request_id,
          prompt: row.prompt,
          startSeconds: row.start_seconds,
          endSeconds: row.end_seconds,
          thumbnailUrl: await signedUrlOf(deps, row.thumbnail_key),
        })),
      ),
    };
    return c.json(body);
  };
