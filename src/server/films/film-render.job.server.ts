import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { PipelineReadStorage } from '#server/generation/generation.server';
import { QUEUES } from '#server/jobs/jobs.server';
import type { Logger } from '#server/logger.server';
import { type MediaTools, mediaKeys, probe, writeThumbnail } from '#server/media/media.server';
import type { ContentCredentials, Made } from '#server/provenance/provenance.server';
import { FILM_MESSAGES } from '#shared/films';
import type { Edit } from '#shared/provenance';
import { joinScenes } from './film-render.server';

/**
 * The `film-render` job (ADR 0014): `pending` → `rendering` → `completed`, each step an update of the film's
 * `video_requests` row, which the realtime hub's trigger pushes to the owner's open pages. The finished film is
 * stored like a generated video (video.mp4 and thumbnail.jpg under the film's id), so download, export, deletion
 * and extension need nothing of their own. No credits are involved: a film that cannot be joined is only `failed`.
 */

export interface FilmRenderDeps {
  pool: pg.Pool;
  storage: PipelineReadStorage;
  tools: MediaTools;
  logger: Logger;
  /** Signs the film with its Content Credentials (ADR 0065); undefined: delivered unsigned. */
  credentials?: ContentCredentials;
}

interface SceneRow {
  position: number;
  start_seconds: number;
  end_seconds: number;
  video_key: string | null;
  model: string | null;
  delivered_seconds: number | null;
}

/** A scene ending this close to its video's end keeps it whole (container rounding). */
const TRIM_TOLERANCE_SECONDS = 0.05;

/** A film's Content Credentials: its scenes' models, joined, and trimmed when a scene is cut short. */
function filmMade(scenes: readonly SceneRow[]): Made {
  const models = [...new Set(scenes.map((scene) => scene.model).filter((model) => model !== null))];
  const trimmed = scenes.some(
    (scene) =>
      scene.start_seconds > 0 ||
      scene.end_seconds < (scene.delivered_seconds ?? scene.end_seconds) - TRIM_TOLERANCE_SECONDS,
  );
  const edits: Edit[] = [
    ...(scenes.length > 1 ? (['joined'] as const) : []),
    ...(trimmed ? (['trimmed'] as const) : []),
  ];
  return { model: models.length > 0 ? models.join(' + ') : null, edits };
}

async function markFailed(pool: pg.Pool, filmId: string): Promise<void> {
  await pool.query(
    `UPDATE video_requests SET status = 'failed', error_message = $2, updated_at = now()
     WHERE id = $1 AND film AND status NOT IN ('completed', 'failed')`,
    [filmId, FILM_MESSAGES.renderFailed],
  );
}

async function completedElsewhere(pool: pg.Pool, filmId: string): Promise<boolean> {
  const film = await pool.query("SELECT 1 FROM video_requests WHERE id = $1 AND status = 'completed'", [
    filmId,
  ]);
  return (film.rowCount ?? 0) > 0;
}

export async function renderFilm(
  deps: FilmRenderDeps,
  filmId: string,
  options: { signal?: AbortSignal; finalAttempt: boolean },
): Promise<void> {
  const { pool, storage, tools } = deps;
  const started = await pool.query<{ user_id: string }>(
    `UPDATE video_requests
     SET status = 'rendering', started_at = COALESCE(started_at, now()), attempts = attempts + 1, updated_at = now()
     WHERE id = $1 AND film AND status IN ('pending', 'rendering')
     RETURNING user_id`,
    [filmId],
  );
  const userId = started.rows[0]?.user_id;
  // Already settled (a duplicate job), or not a film.
  if (!userId) return;
  let workDir: string | undefined;
  try {
    const scenes = await pool.query<SceneRow>(
      `SELECT s.position, s.start_seconds, s.end_seconds, v.video_key, v.model, v.delivered_seconds
       FROM film_scenes s LEFT JOIN video_requests v ON v.id = s.source_request_id
       WHERE s.film_id = $1 ORDER BY s.position`,
      [filmId],
    );
    workDir = await mkdtemp(path.join(os.tmpdir(), 'cena-film-'));
    const dir = workDir;
    const files = await Promise.all(
      scenes.rows.map(async (scene) => {
        if (!scene.video_key) throw new Error(`scene ${scene.position} has lost its video`);
        const file = path.join(dir, `scene-${scene.position}.mp4`);
        await pipeline(await storage.getStream(scene.video_key), createWriteStream(file), {
          signal: options.signal,
        });
        return { file, startSeconds: scene.start_seconds, endSeconds: scene.end_seconds };
      }),
    );
    const videoFile = path.join(dir, 'film.mp4');
    await joinScenes(files, videoFile, tools, options.signal);
    await deps.credentials?.sign(videoFile, filmMade(scenes.rows));
    const film = await probe(videoFile, tools, options.signal);
    const thumbnailFile = path.join(dir, 'thumbnail.jpg');
    await writeThumbnail(videoFile, film.deliveredSeconds, thumbnailFile, tools, options.signal);
    const keys = mediaKeys(userId, filmId);
    await storage.put(keys.video, createReadStream(videoFile), 'video/mp4');
    await storage.put(keys.thumbnail, createReadStream(thumbnailFile), 'image/jpeg');
    const completed = await pool.query(
      `UPDATE video_requests
       SET status = 'completed', video_key = $2, thumbnail_key = $3, delivered_seconds = $4, resolution = $5,
           error_message = NULL, completed_at = now(), updated_at = now()
       WHERE id = $1 AND status = 'rendering'`,
      [filmId, keys.video, keys.thumbnail, film.deliveredSeconds, `${film.width}x${film.height}`],
    );
    // Ended meanwhile (the account was deleted): no row names these files any more, so they must not stay. But a
    // run that lost to an overlapping one (a retried job while the first still ran) wrote the same keys the
    // winner's completed row names: those are the film, kept.
    if (completed.rowCount === 0 && !(await completedElsewhere(pool, filmId)))
      await Promise.all([storage.delete(keys.video), storage.delete(keys.thumbnail)]);
  } catch (error) {
    deps.logger[options.finalAttempt ? 'error' : 'warn'](
      { err: error, filmId },
      options.finalAttempt ? 'film render failed for good' : 'film render failed; will retry',
    );
    if (options.finalAttempt) await markFailed(pool, filmId);
    else throw error;
  } finally {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }
}

/** The workers of `film-render` and of its dead letters: a job that runs out of retries leaves its film `failed`. */
export async function registerFilmWorker(boss: PgBoss, deps: FilmRenderDeps): Promise<void> {
  await boss.work(
    QUEUES.filmRender,
    { includeMetadata: true, localConcurrency: 1 },
    async ([job]: JobWithMetadata<{ filmId: string }>[]) => {
      if (!job) return;
      await renderFilm(deps, job.data.filmId, {
        signal: job.signal,
        finalAttempt: job.retryCount >= job.retryLimit,
      });
    },
  );
  await boss.work<{ filmId: string }>(QUEUES.filmRenderDead, async ([job]) => {
    if (job) await markFailed(deps.pool, job.data.filmId);
  });
}
