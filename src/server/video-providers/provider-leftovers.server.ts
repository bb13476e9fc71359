import type pg from 'pg';
import type { Logger } from '#server/logger.server';
import type { VideoProvider } from './video-provider.server';

/**
 * Generations Google stores that no request names any more (provider_leftovers): the interaction of a take the take
 * guarantee replaced (an Omni interaction keeps the prompt, the images and the video 55 days, [RETENTION] in
 * tests/support/fake-gemini.ts), or one whose create was answered after its request was settled (an account deleted
 * while the create was in flight). Each is recorded first, then deleted at Google, best effort; the row goes only
 * once Google confirms, so the LGPD export shows it while it exists and erasure or the next worker start tries again.
 */

export type LeftoverReason = 'replaced_take' | 'abandoned';

interface LeftoverRow {
  operation_name: string;
  provider_project: string | null;
  reason: LeftoverReason;
}

/** Records a generation no request names any more (a no-op when it is recorded already). */
export async function recordLeftover(
  db: pg.Pool | pg.PoolClient,
  leftover: {
    operationName: string;
    userId: string;
    requestId: string;
    providerProject: string | null;
    reason: LeftoverReason;
    sentAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO provider_leftovers (operation_name, user_id, request_id, provider_project, reason, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (operation_name) DO NOTHING`,
    [
      leftover.operationName,
      leftover.userId,
      leftover.requestId,
      leftover.providerProject,
      leftover.reason,
      leftover.sentAt,
    ],
  );
}

/**
 * Deletes one recorded generation at Google (an abandoned one is stopped first: it may still run) and then its row;
 * on failure the row stays with the error. True when it is gone.
 */
async function forgetOne(
  pool: pg.Pool,
  /** None where no provider is configured (local mode): nothing is stored at Google. */
  provider: VideoProvider | undefined,
  row: LeftoverRow,
  log: Logger,
): Promise<boolean> {
  try {
    if (row.reason === 'abandoned') await provider?.cancel?.(row.operation_name);
    await provider?.forget?.(row.operation_name);
  } catch (error) {
    log.warn(
      { err: error, operationName: row.operation_name },
      'could not delete a generation at Google yet',
    );
    await pool.query('UPDATE provider_leftovers SET last_error = $2 WHERE operation_name = $1', [
      row.operation_name,
      (error as Error).message.slice(0, 500),
    ]);
    return false;
  }
  await pool.query('DELETE FROM provider_leftovers WHERE operation_name = $1', [row.operation_name]);
  return true;
}

/**
 * Tries to delete recorded generations at Google: one (`operationName`), a user's (`userId`, for erasure), or all.
 * Returns how many are still recorded among those asked for.
 */
export async function forgetLeftovers(
  pool: pg.Pool,
  providerFor: (project: string | null) => VideoProvider | undefined,
  log: Logger,
  which: { operationName?: string; userId?: string } = {},
): Promise<number> {
  const rows = await pool.query<LeftoverRow>(
    `SELECT operation_name, provider_project, reason FROM provider_leftovers
     WHERE ($1::text IS NULL OR operation_name = $1) AND ($2::text IS NULL OR user_id = $2)
     ORDER BY recorded_at`,
    [which.operationName ?? null, which.userId ?? null],
  );
  let left = 0;
  for (const row of rows.rows) {
    if (!(await forgetOne(pool, providerFor(row.provider_project), row, log))) left += 1;
  }
  return left;
}
