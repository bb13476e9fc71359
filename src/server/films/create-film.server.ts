import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { QUEUES, send } from '#server/jobs/jobs.server';
import { inTransaction } from '#server/kernel/transaction.server';
import {
  findVideoRequest,
  VIDEO_REQUEST_COLUMNS,
  type VideoRequestRecord,
} from '#server/video-requests/video-requests.server';
import { videoRequestIdFor } from '#server/videos/videos.server';
import type { AspectRatio, VideoQuality } from '#shared/catalogue';
import { type CreateFilmInput, sceneTrim } from '#shared/films';

/**
 * Saving a film (ADR 0014): every scene must be one of the user's completed videos, all of one aspect ratio, each
 * trim inside its video. The film is a `video_requests` row (`film = true`, no credits, no hold) inserted with its
 * scenes and its `film-render` job in one transaction, so a committed film always has both.
 *
 * Idempotency as for a video: the id comes from (user, clientKey), so a replay finds the first save's film, whatever
 * became of its scenes since. Two identical saves at once meet on a unique constraint: the id, which comes from the
 * key, or (user, client key), whichever PostgreSQL reaches first. So `ON CONFLICT` names no target: with one named,
 * a conflict on the other is an error, not a skipped row ("ON CONFLICT DO NOTHING ... without a conflict target
 * handles conflicts with all usable constraints", https://www.postgresql.org/docs/current/sql-insert.html).
 */

/**
 * Per job, so a web-only process sends the same policy the worker expects: a join takes seconds to minutes; a
 * killed worker stops its heartbeats and the job is retried within a minute; out of retries, the dead-letter
 * worker fails the film.
 */
const FILM_RENDER_JOB_OPTIONS = {
  retryLimit: 2,
  retryDelay: 5,
  expireInSeconds: 30 * 60,
  heartbeatSeconds: 30,
  deadLetter: QUEUES.filmRenderDead,
};

/** Queues a saved film's join, in the caller's transaction (a story's film, ADR 0062, once its shots are made). */
export const sendFilmRender = (boss: PgBoss, db: pg.PoolClient, filmId: string) =>
  send(boss, QUEUES.filmRender, { filmId }, { db, ...FILM_RENDER_JOB_OPTIONS });

export type CreateFilmResult =
  | { kind: 'created'; film: VideoRequestRecord }
  | { kind: 'existing'; film: VideoRequestRecord }
  /** The key was used by a video request that is not a film. */
  | { kind: 'key_reused' }
  | { kind: 'not_found'; position: number }
  | { kind: 'mixed_ratios' }
  | { kind: 'not_ready'; position: number }
  | { kind: 'trim_outside'; position: number; deliveredSeconds: number };

interface PlannedScene {
  sourceId: string;
  startSeconds: number;
  endSeconds: number;
}

/** A film is shown in the best mode and resolution among its scenes: the others are scaled up to it. */
function filmQuality(sources: readonly VideoRequestRecord[]): VideoQuality {
  return sources.some((source) => source.quality === 'quality') ? 'quality' : 'fast';
}

async function planScenes(
  pool: pg.Pool,
  userId: string,
  input: CreateFilmInput,
): Promise<
  | { ok: true; scenes: PlannedScene[]; sources: VideoRequestRecord[]; aspectRatio: AspectRatio }
  | Exclude<CreateFilmResult, { kind: 'created' | 'existing' | 'key_reused' }>
> {
  const ids = [...new Set(input.scenes.map((scene) => scene.requestId.toLowerCase()))];
  const found = await pool.query<VideoRequestRecord>(
    `SELECT ${VIDEO_REQUEST_COLUMNS} FROM video_requests WHERE user_id = $1 AND id = ANY($2::uuid[])`,
    [userId, ids],
  );
  const byId = new Map(found.rows.map((row) => [row.id, row]));
  const sources: VideoRequestRecord[] = [];
  for (const [index, scene] of input.scenes.entries()) {
    const source = byId.get(scene.requestId.toLowerCase());
    if (!source) return { kind: 'not_found', position: index + 1 };
    sources.push(source);
  }
  const aspectRatio = sources[0]?.aspectRatio ?? '16:9';
  if (sources.some((source) => source.aspectRatio !== aspectRatio)) return { kind: 'mixed_ratios' };
  const scenes: PlannedScene[] = [];
  for (const [index, source] of sources.entries()) {
    const position = index + 1;
    if (source.status !== 'completed' || !source.videoKey || !source.deliveredSeconds) {
      return { kind: 'not_ready', position };
    }
    const trim = sceneTrim(input.scenes[index] ?? {}, source.deliveredSeconds);
    if (!trim.ok) return { kind: 'trim_outside', position, deliveredSeconds: source.deliveredSeconds };
    scenes.push({ sourceId: source.id, startSeconds: trim.startSeconds, endSeconds: trim.endSeconds });
  }
  return { ok: true, scenes, sources, aspectRatio };
}

async function replayOf(pool: pg.Pool, userId: string, id: string): Promise<CreateFilmResult | undefined> {
  const existing = await findVideoRequest(pool, userId, id);
  if (!existing) return undefined;
  return existing.film ? { kind: 'existing', film: existing } : { kind: 'key_reused' };
}

export async function createFilm(
  deps: { pool: pg.Pool; boss: PgBoss },
  userId: string,
  input: CreateFilmInput,
  now: Date = new Date(),
): Promise<CreateFilmResult> {
  const { pool, boss } = deps;
  const id = videoRequestIdFor(userId, input.clientKey);
  const replay = await replayOf(pool, userId, id);
  if (replay) return replay;
  const plan = await planScenes(pool, userId, input);
  if (!('ok' in plan)) return plan;

  const created = await inTransaction(pool, async (client) => {
    const inserted = await client.query<VideoRequestRecord>(
      `INSERT INTO video_requests
         (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, film, provider,
          created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 0, 'pending', true, 'cena', $7, $7)
       ON CONFLICT DO NOTHING
       RETURNING ${VIDEO_REQUEST_COLUMNS}`,
      [id, userId, input.clientKey, input.title, filmQuality(plan.sources), plan.aspectRatio, now],
    );
    const film = inserted.rows[0];
    if (!film) return undefined;
    await client.query(
      `INSERT INTO film_scenes (film_id, position, source_request_id, start_seconds, end_seconds)
       SELECT $1, ordinality, source, start_at, end_at
       FROM unnest($2::uuid[], $3::float8[], $4::float8[]) WITH ORDINALITY AS s(source, start_at, end_at)`,
      [
        film.id,
        plan.scenes.map((scene) => scene.sourceId),
        plan.scenes.map((scene) => scene.startSeconds),
        plan.scenes.map((scene) => scene.endSeconds),
      ],
    );
    await sendFilmRender(boss, client, film.id);
    return film;
  });
  if (created) return { kind: 'created', film: created };
  // A concurrent identical save committed first.
  return (await replayOf(pool, userId, id)) ?? { kind: 'key_reused' };
}
