import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { PipelineReadStorage } from '#server/generation/generation.server';
import { QUEUES } from '#server/jobs/jobs.server';
import type { Logger } from '#server/logger.server';
import { type MediaTools, mediaKeys, probe, probeJson } from '#server/media/media.server';
import type { ContentCredentials } from '#server/provenance/provenance.server';
import { burnCaptions } from './burn-in.server';
import { type CaptionsRow, captionsOf } from './captions-store.server';
import type { Transcriber } from './transcriber.server';

/**
 * The `video-captions` job (ADR 0039): transcribes the video when its captions are `transcribing`, then burns the
 * current revision's cues into an MP4 stored beside the video (`mediaKeys(…).captioned`). Each step ends in one
 * guarded update, so a duplicate or retried job finds nothing left to do. Nothing here touches credits: captions
 * are free, and a video with no speech ends `no_speech`.
 */

interface CaptionsJobDeps {
  pool: pg.Pool;
  storage: PipelineReadStorage;
  tools: MediaTools & { fontFile: string };
  transcribe: Transcriber;
  logger: Logger;
  /** Signs the captioned file with its Content Credentials (ADR 0065); undefined: delivered unsigned. */
  credentials?: ContentCredentials;
}

interface VideoRow {
  user_id: string;
  video_key: string | null;
  model: string | null;
}

/**
 * The captioned file's Content Credentials: what the video's own say (its model, its edits), captions added. A
 * video delivered before Cena signed keeps only its stored model.
 */
async function sealCaptioned(
  credentials: ContentCredentials | undefined,
  video: { file: string; model: string | null },
  output: string,
): Promise<void> {
  if (!credentials) return;
  const read = await credentials.read(video.file);
  const own = read.credentials === 'valid' && read.madeByCena;
  const edits = own ? read.actions.flatMap((action) => (action.edit ? [action.edit] : [])) : [];
  await credentials.sign(output, { model: own ? read.model : video.model, edits: [...edits, 'captioned'] });
}

async function transcribeStep(
  deps: CaptionsJobDeps,
  requestId: string,
  file: string,
  signal?: AbortSignal,
): Promise<CaptionsRow | null> {
  const info = await probeJson(deps.tools.ffprobePath, file, { timeoutMs: deps.tools.timeoutMs, signal });
  const transcript = await deps.transcribe(
    {
      bytes: await readFile(file),
      deliveredSeconds: Number(info.format?.duration ?? 0),
      hasAudio: info.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
    },
    signal,
  );
  const speech = transcript.kind === 'speech';
  await deps.pool.query(
    `UPDATE video_captions
     SET status = $2, cues = $3::jsonb, transcribed_by = $4, burn_status = $5, updated_at = now()
     WHERE video_request_id = $1 AND status = 'transcribing'`,
    [
      requestId,
      speech ? 'ready' : 'no_speech',
      JSON.stringify(speech ? transcript.cues : []),
      transcript.by,
      speech ? 'rendering' : null,
    ],
  );
  return captionsOf(deps.pool, requestId);
}

async function burnStep(
  deps: CaptionsJobDeps,
  video: { requestId: string; userId: string; file: string; dir: string; model: string | null },
  row: CaptionsRow,
  signal?: AbortSignal,
): Promise<void> {
  const { tools, storage, pool } = deps;
  const frame = await probe(video.file, tools, signal);
  const output = path.join(video.dir, 'captioned.mp4');
  await burnCaptions({ file: video.file, frame, cues: row.cues }, output, video.dir, tools, signal);
  await sealCaptioned(deps.credentials, video, output);
  await storage.put(
    mediaKeys(video.userId, video.requestId).captioned,
    createReadStream(output),
    'video/mp4',
  );
  // A save made meanwhile left `rendering` with a newer revision and a queued job, which renders that one next.
  await pool.query(
    `UPDATE video_captions SET burn_status = 'ready', burned_revision = $2, updated_at = now()
     WHERE video_request_id = $1 AND revision = $2 AND burn_status = 'rendering'`,
    [video.requestId, row.revision],
  );
}

async function markFailed(pool: pg.Pool, requestId: string): Promise<void> {
  await pool.query(
    `UPDATE video_captions
     SET status = CASE WHEN status = 'transcribing' THEN 'failed' ELSE status END,
         burn_status = CASE WHEN burn_status = 'rendering' THEN 'failed' ELSE burn_status END,
         updated_at = now()
     WHERE video_request_id = $1`,
    [requestId],
  );
}

const hasWork = (row: CaptionsRow | null) =>
  row?.status === 'transcribing' || (row?.status === 'ready' && row.burn_status === 'rendering');

async function runCaptionsJob(
  deps: CaptionsJobDeps,
  requestId: string,
  options: { signal?: AbortSignal; finalAttempt: boolean },
): Promise<void> {
  const { pool, storage, signal } = { ...deps, signal: options.signal };
  const row = await captionsOf(pool, requestId);
  const video = (
    await pool.query<VideoRow>('SELECT user_id, video_key, model FROM video_requests WHERE id = $1', [
      requestId,
    ])
  ).rows[0];
  if (!hasWork(row) || !row || !video?.video_key) return;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cena-captions-'));
  try {
    const file = path.join(dir, 'video.mp4');
    await pipeline(await storage.getStream(video.video_key), createWriteStream(file), { signal });
    const current = row.status === 'transcribing' ? await transcribeStep(deps, requestId, file, signal) : row;
    if (current?.status === 'ready' && current.burn_status === 'rendering') {
      const burning = { requestId, userId: video.user_id, file, dir, model: video.model };
      await burnStep(deps, burning, current, signal);
    }
  } catch (error) {
    deps.logger[options.finalAttempt ? 'error' : 'warn'](
      { err: error, requestId },
      options.finalAttempt ? 'captions failed for good' : 'captions failed; will retry',
    );
    if (options.finalAttempt) await markFailed(pool, requestId);
    else throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function registerCaptionsWorker(boss: PgBoss, deps: CaptionsJobDeps): Promise<void> {
  await boss.work(
    QUEUES.videoCaptions,
    { includeMetadata: true, localConcurrency: 1 },
    async ([job]: JobWithMetadata<{ requestId: string }>[]) => {
      if (!job) return;
      await runCaptionsJob(deps, job.data.requestId, {
        signal: job.signal,
        finalAttempt: job.retryCount >= job.retryLimit,
      });
    },
  );
}
