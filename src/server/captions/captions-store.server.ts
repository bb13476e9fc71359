import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { QUEUES, type Queryable, send } from '#server/jobs/jobs.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { mediaKeys } from '#server/media/media.server';
import type { BlobStorage } from '#server/storage/storage.server';
import {
  CAPTIONS_MESSAGES,
  type CaptionCue,
  type CaptionsStatus,
  type CaptionsView,
  captionsVttPath,
  type EditCaptionsInput,
} from '#shared/captions';
import { captionedFileName } from '#shared/download-name';

/**
 * The captions' rows and their jobs (ADR 0039). The `video-captions` queue is `stately` per video (one job queued
 * and one running at most): a double click on 'Legendas' or a burst of saves sends no second job while one waits,
 * and the one that waits reads the row when it runs, so it renders the latest revision; two renders of one video
 * never run at once, so an older one cannot overwrite a newer file.
 */

export interface CaptionsRow {
  status: CaptionsStatus;
  cues: CaptionCue[];
  transcribed_by: string | null;
  revision: number;
  burn_status: 'rendering' | 'ready' | 'failed' | null;
  burned_revision: number | null;
}

const ROW_COLUMNS = 'status, cues, transcribed_by, revision, burn_status, burned_revision';

/** Per job: a transcription takes seconds, a burn-in re-encodes the video (minutes for a long film). */
const CAPTIONS_JOB_OPTIONS = { retryLimit: 2, retryDelay: 5, expireInSeconds: 30 * 60, heartbeatSeconds: 30 };

const sendJob = (boss: PgBoss, db: Queryable, requestId: string) =>
  send(boss, QUEUES.videoCaptions, { requestId }, { db, singletonKey: requestId, ...CAPTIONS_JOB_OPTIONS });

export interface OwnedVideo {
  userId: string;
  completed: boolean;
  prompt: string;
  createdAt: Date;
}

/** The user's own request (any other user's is as missing). */
export async function ownedVideo(pool: pg.Pool, userId: string, id: string): Promise<OwnedVideo | null> {
  const found = await pool.query<{ status: string; prompt: string; created_at: Date }>(
    'SELECT status, prompt, created_at FROM video_requests WHERE id = $1 AND user_id = $2',
    [id, userId],
  );
  const row = found.rows[0];
  return row
    ? { userId, completed: row.status === 'completed', prompt: row.prompt, createdAt: row.created_at }
    : null;
}

export async function captionsOf(db: Queryable, requestId: string): Promise<CaptionsRow | null> {
  const found = await db.query<CaptionsRow>(
    `SELECT ${ROW_COLUMNS} FROM video_captions WHERE video_request_id = $1`,
    [requestId],
  );
  return found.rows[0] ?? null;
}

/**
 * 'Legendas': the first call makes the row and its job; a call after a failed transcription starts it again; any
 * other call (a double click) changes nothing. `started` says whether a job was sent.
 */
export function startCaptions(
  pool: pg.Pool,
  boss: PgBoss,
  requestId: string,
): Promise<{ row: CaptionsRow; started: boolean }> {
  return inTransaction(pool, async (client) => {
    const started = await client.query<CaptionsRow>(
      `INSERT INTO video_captions (video_request_id) VALUES ($1)
       ON CONFLICT (video_request_id) DO UPDATE
         SET status = 'transcribing', cues = '[]', revision = 0, burn_status = NULL, updated_at = now()
         WHERE video_captions.status = 'failed'
       RETURNING ${ROW_COLUMNS}`,
      [requestId],
    );
    const row = started.rows[0];
    if (!row) return { row: (await captionsOf(client, requestId)) as CaptionsRow, started: false };
    await sendJob(boss, client, requestId);
    return { row, started: true };
  });
}

/**
 * Captions of words known rather than heard — a story's dialogue (ADR 0062): ready at once, no transcription;
 * burned in when asked (the job reads the completed video's file). No cues: the video has no speech. Written once
 * per video: a second call changes nothing.
 */
export function writeKnownCaptions(
  pool: pg.Pool,
  boss: PgBoss,
  requestId: string,
  captions: { cues: CaptionCue[]; by: string; burn: boolean },
): Promise<void> {
  return inTransaction(pool, async (client) => {
    const speech = captions.cues.length > 0;
    const burn = speech && captions.burn;
    const written = await client.query(
      `INSERT INTO video_captions (video_request_id, status, cues, transcribed_by, burn_status)
       VALUES ($1, $2, $3::jsonb, $4, $5) ON CONFLICT (video_request_id) DO NOTHING`,
      [
        requestId,
        speech ? 'ready' : 'no_speech',
        JSON.stringify(captions.cues),
        captions.by,
        burn ? 'rendering' : null,
      ],
    );
    if (burn && written.rowCount === 1) await sendJob(boss, client, requestId);
  });
}

type EditResult = { kind: 'saved'; row: CaptionsRow } | { kind: 'not_ready' | 'stale' | 'count_mismatch' };

const sameTexts = (cues: readonly CaptionCue[], texts: readonly string[]) =>
  cues.length === texts.length && cues.every((cue, index) => cue.text === texts[index]);

/**
 * The owner's correction of the cues' text: a new revision whose burn-in is rendered again. Saving the texts the
 * cues already have (a double click, or a save that raced itself) answers the row as it is and renders nothing.
 */
export function editCaptions(
  pool: pg.Pool,
  boss: PgBoss,
  requestId: string,
  input: EditCaptionsInput,
): Promise<EditResult> {
  return inTransaction(pool, async (client) => {
    const found = await client.query<CaptionsRow>(
      `SELECT ${ROW_COLUMNS} FROM video_captions WHERE video_request_id = $1 FOR UPDATE`,
      [requestId],
    );
    const row = found.rows[0];
    if (row?.status !== 'ready') return { kind: 'not_ready' };
    if (sameTexts(row.cues, input.texts)) return { kind: 'saved', row };
    if (row.revision !== input.revision) return { kind: 'stale' };
    if (row.cues.length !== input.texts.length) return { kind: 'count_mismatch' };
    const cues = row.cues.map((cue, index) => ({ ...cue, text: input.texts[index] as string }));
    const saved = await client.query<CaptionsRow>(
      `UPDATE video_captions
       SET cues = $2::jsonb, revision = revision + 1, burn_status = 'rendering', updated_at = now()
       WHERE video_request_id = $1
       RETURNING ${ROW_COLUMNS}`,
      [requestId, JSON.stringify(cues)],
    );
    await sendJob(boss, client, requestId);
    return { kind: 'saved', row: saved.rows[0] as CaptionsRow };
  });
}

function messageOf(row: CaptionsRow): string | null {
  if (row.status === 'no_speech') return CAPTIONS_MESSAGES.noSpeech;
  if (row.status === 'failed') return CAPTIONS_MESSAGES.failed;
  if (row.burn_status === 'failed') return CAPTIONS_MESSAGES.renderFailed;
  return null;
}

/** The captions as the owner's browser gets them; the burned-in MP4 only once it shows the current revision. */
export async function captionsView(
  row: CaptionsRow,
  video: { userId: string; requestId: string; prompt: string; createdAt: Date; timeZone: string },
  { storage, mediaUrlTtlSeconds }: { storage: BlobStorage; mediaUrlTtlSeconds: number },
): Promise<CaptionsView> {
  const burned = row.burn_status === 'ready' && row.burned_revision === row.revision;
  return {
    status: row.status,
    cues: row.cues,
    transcribedBy: row.transcribed_by,
    revision: row.revision,
    burn: row.burn_status,
    burnedVideoUrl: burned
      ? await storage.signedUrl(mediaKeys(video.userId, video.requestId).captioned, {
          ttlSeconds: mediaUrlTtlSeconds,
          download: true,
          // Named like the video's own download, marked as the captioned one (not the stored key's 'legendado.mp4').
          fileName: captionedFileName(video.prompt, video.createdAt, video.timeZone),
        })
      : null,
    vttUrl: row.status === 'ready' ? captionsVttPath(video.requestId) : null,
    message: messageOf(row),
  };
}
