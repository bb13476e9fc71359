import type pg from 'pg';
import { capture, voidHoldInTransaction } from '#server/credits/credits.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { mediaKeys } from '#server/media/media.server';
import type { FinalHook, JobRun, PipelineDeps } from './job-types.server';
import { FINAL_SQL } from './request-row.server';

/**
 * The last step, `settled`: the final status and the hold's capture or void commit in ONE transaction, guarded by
 * `status NOT IN (final)`, so however many runs race, one of them settles the request and the hold once.
 */

/** failed + error_message + void of the hold, in one transaction; a no-op on a request already final. */
export async function failRequest(
  pool: pg.Pool,
  requestId: string,
  message: string,
  onFinal?: FinalHook,
  /** Only a request still waiting in the fair queue (one dispatched meanwhile is left to its job). */
  onlyIfWaiting = false,
): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    // A create sent and never named may have started a generation Google bills: the refund is recorded for the
    // operator's reconciliation (ADR 0015).
    const failed = await client.query<{ hold_id: string | null }>(
      `UPDATE video_requests SET status = 'failed', generation_step = 'settled', error_message = $2,
         updated_at = now(),
         provider_outcome_unknown_at = CASE WHEN create_sent_at IS NOT NULL AND operation_name IS NULL
                                            THEN now() ELSE provider_outcome_unknown_at END
       WHERE id = $1 AND ${FINAL_SQL} AND (NOT $3 OR (status = 'pending' AND dispatched_at IS NULL))
       RETURNING hold_id`,
      [requestId, message, onlyIfWaiting],
    );
    const row = failed.rows[0];
    if (!row) return false;
    if (row.hold_id) await voidHoldInTransaction(client, row.hold_id);
    await onFinal?.(client, requestId);
    return true;
  });
}

/** completed with the media the render step stored, and the hold captured, in one transaction. */
async function completeRequest(deps: PipelineDeps, requestId: string): Promise<boolean> {
  return inTransaction(deps.pool, async (client) => {
    const completed = await client.query<{ hold_id: string | null }>(
      `UPDATE video_requests
       SET status = 'completed', generation_step = 'settled', completed_at = now(), updated_at = now(),
           error_message = NULL
       WHERE id = $1 AND ${FINAL_SQL} AND generation_step = 'checked'
       RETURNING hold_id`,
      [requestId],
    );
    const row = completed.rows[0];
    if (!row) return false;
    await deps.enqueueNotification?.(client, requestId);
    if (row.hold_id) {
      const result = await capture(client, row.hold_id);
      // Only this pipeline resolves a request's hold, so another resolution means a bug elsewhere: keep the
      // delivered video, and say so loudly for the audit.
      if (!result.changed && result.hold.status !== 'captured') {
        deps.logger.error(
          { requestId, holdId: row.hold_id },
          'completed a request whose hold was not pending',
        );
      }
    }
    return true;
  });
}

/** checked → settled: the request completed and charged; false when it was settled by someone else. */
export async function settleCompleted(run: JobRun): Promise<boolean> {
  const { deps, row, log } = run;
  if (await completeRequest(deps, row.id)) {
    log.info({ resolution: row.resolution, deliveredSeconds: row.deliveredSeconds }, 'video completed');
    return true;
  }
  // The account was deleted while this video rendered: the files just written belong to no one.
  const deletion = await deps.pool.query('SELECT 1 FROM account_deletions WHERE user_id = $1', [row.userId]);
  if ((deletion.rowCount ?? 0) > 0) {
    await Promise.all(Object.values(mediaKeys(row.userId, row.id)).map((key) => deps.storage.delete(key)));
  }
  return false;
}
