import { and, eq, notInArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { createDatabase } from '#server/db/database.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { columnList, type GenerationStep, videoRequests } from '#server/video-requests/video-requests.server';
import { FINAL_VIDEO_STATUSES } from '#shared/video-request';
import { type PipelineDeps, RequestFailure, type RequestRow, type SourceRow } from './job-types.server';

/** The guard of every write: a request already completed or failed is never changed again. */
export const FINAL_SQL = `status NOT IN (${FINAL_VIDEO_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/**
 * The job's first read, every column of the row (`columnList`, ADR 0022). Raw rather than the builder's because it
 * sits between the slot's grant and its renewal, and the builder's first query in a process costs about 100 ms more
 * (measured in delivery.server.test.ts's 300 ms lease).
 */
const REQUEST_SELECT = `SELECT ${columnList(videoRequests)} FROM video_requests WHERE id = $1`;

export async function loadRequest(pool: pg.Pool, requestId: string): Promise<RequestRow | undefined> {
  const result = await pool.query<RequestRow>(REQUEST_SELECT, [requestId]);
  return result.rows[0];
}

/** The completed source of an extension or edit; none for a request of its own. */
export async function loadSource(pool: pg.Pool, row: RequestRow): Promise<SourceRow | undefined> {
  return loadCompleted(pool, row, row.extendsRequestId ?? row.editsRequestId);
}

/** The completed request a story's continuity shot opens on (ADR 0062); none for any other request. */
export function loadOpenedOn(pool: pg.Pool, row: RequestRow): Promise<SourceRow | undefined> {
  return loadCompleted(pool, row, row.opensOnRequestId);
}

async function loadCompleted(
  pool: pg.Pool,
  row: RequestRow,
  sourceId: string | null,
): Promise<SourceRow | undefined> {
  if (!sourceId) return undefined;
  const [source] = await createDatabase(pool)
    .select({
      id: videoRequests.id,
      userId: videoRequests.userId,
      operationName: videoRequests.operationName,
      model: videoRequests.model,
      deliveredSeconds: videoRequests.deliveredSeconds,
      videoKey: videoRequests.videoKey,
    })
    .from(videoRequests)
    .where(
      and(
        eq(videoRequests.id, sourceId),
        eq(videoRequests.userId, row.userId),
        eq(videoRequests.status, 'completed'),
      ),
    );
  if (!source?.videoKey) throw new RequestFailure('provider', `source ${sourceId} has no completed video`);
  return source;
}

/**
 * Where an extension's new part begins in its joined video: the source's length, as the render step joined it
 * (source-files.server.ts keeps the source whole, or trims only what the answer repeats). None for a video of its
 * own, or a source no longer there: that take is checked whole (ADR 0050).
 */
export async function newPartStart(pool: pg.Pool, row: RequestRow): Promise<number | undefined> {
  if (!row.extendsRequestId) return undefined;
  const [source] = await createDatabase(pool)
    .select({ deliveredSeconds: videoRequests.deliveredSeconds })
    .from(videoRequests)
    .where(eq(videoRequests.id, row.extendsRequestId));
  return source?.deliveredSeconds ?? undefined;
}

type StepColumns = Partial<
  Pick<
    typeof videoRequests.$inferInsert,
    'videoKey' | 'thumbnailKey' | 'resolution' | 'deliveredSeconds' | 'hasAudio'
  >
>;

/**
 * Stores the step a request reached, with what the step produced, unless the request is already final; false when
 * it was (someone else settled it).
 */
export async function reachStep(
  db: pg.Pool | pg.PoolClient,
  requestId: string,
  step: GenerationStep,
  columns: StepColumns = {},
): Promise<boolean> {
  const updated = await createDatabase(db)
    .update(videoRequests)
    .set({ ...columns, generationStep: step, updatedAt: sql`now()` })
    .where(and(eq(videoRequests.id, requestId), notInArray(videoRequests.status, [...FINAL_VIDEO_STATUSES])))
    .returning({ id: videoRequests.id });
  return updated.length === 1;
}

/** The provider accepted the create: its name is stored at once, so no later run pays for a second one. */
export async function storeOperation(
  pool: pg.Pool,
  requestId: string,
  accepted: { operationName: string; provider: string; model: string },
): Promise<boolean> {
  const result = await pool.query(
    `UPDATE video_requests
     SET status = 'generating', generation_step = 'generating', updated_at = now(), operation_name = $2,
         provider = $3, model = $4
     WHERE id = $1 AND ${FINAL_SQL}`,
    [requestId, accepted.operationName, accepted.provider, accepted.model],
  );
  return result.rowCount === 1;
}

/** The provider finished generating: rendering from now, and the queue measures the generation's length by it. */
export async function markGenerated(pool: pg.Pool, requestId: string): Promise<boolean> {
  const result = await pool.query(
    `UPDATE video_requests SET status = 'rendering', generated_at = now(), updated_at = now()
     WHERE id = $1 AND ${FINAL_SQL}`,
    [requestId],
  );
  return result.rowCount === 1;
}

/** First pick-up: pending → processing (and the webhook, in the same transaction); later runs count the attempt. */
export async function pickUp(deps: PipelineDeps, row: RequestRow): Promise<void> {
  await inTransaction(deps.pool, async (client) => {
    const picked = await client.query(
      `UPDATE video_requests
       SET status = 'processing', started_at = COALESCE(started_at, now()), attempts = attempts + 1,
           updated_at = now()
       WHERE id = $1 AND status = 'pending'`,
      [row.id],
    );
    if (picked.rowCount === 1) {
      // Once per request: a request back in line (a 429, a take's re-roll) was started before.
      if (!row.startedAt) await deps.enqueueWebhook?.(client, row.id);
      return;
    }
    // A resumed run keeps its status (no going back from generating to processing); it only counts itself.
    await client.query(
      `UPDATE video_requests SET attempts = attempts + 1, started_at = COALESCE(started_at, now())
       WHERE id = $1 AND ${FINAL_SQL}`,
      [row.id],
    );
  });
}
