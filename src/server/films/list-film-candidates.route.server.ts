import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { FilmCandidatesResponse } from '#shared/films';
import type { filmsContract } from '#shared/films.contract';
import { type FilmsDeps, signedUrlOf } from './films-answers.server';

/** The board lists the newest completed videos; older ones are rarely joined and the list stays light. */
const CANDIDATES_LIMIT = 200;

/** `GET /api/films/candidates`: the user's completed videos the scene board may join. */
export const listFilmCandidatesRoute =
  (deps: FilmsDeps): OperationHandler<typeof filmsContract.listFilmCandidates> =>
  async (c) => {
    const rows = await deps.pool.query<{
      id: string;
      prompt: string;
      quality: 'fast' | 'quality';
      aspect_ratio: '16:9' | '9:16' | '1:1' | '4:3';
      duration_seconds: number;
      created_at: Date;
      thumbnail_key: string | null;
      video_key: string;
      film: boolean;
    }>(
      `SELECT id, prompt, quality, aspect_ratio, duration_seconds, created_at, thumbnail_key, video_key, film
       FROM video_requests
       WHERE user_id = $1 AND status = 'completed' AND video_key IS NOT NULL AND duration_seconds IS NOT NULL
       ORDER BY created_at DESC, id DESC LIMIT $2`,
      [sessionOf(c).user.id, CANDIDATES_LIMIT],
    );
    const body: FilmCandidatesResponse = {
      items: await Promise.all(
        rows.rows.map(async (row) => ({
          id: row.id,
          prompt: row.prompt,
          quality: row.quality,
          aspectRatio: row.aspect_ratio,
          durationSeconds: row.duration_seconds,
          createdAt: row.created_at.toISOString(),
          thumbnailUrl: await signedUrlOf(deps, row.thumbnail_key),
          videoUrl: await signedUrlOf(deps, row.video_key),
          film: row.film,
        })),
      ),
    };
    return c.json(body);
  };
