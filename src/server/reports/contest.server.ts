import type pg from 'pg';
import { inTransaction } from '#server/kernel/transaction.server';
import type { BlobStorage } from '#server/storage/storage.server';
import type { ReportReason, TakedownView } from '#shared/reports';
import { recordEvent } from './moderation-events.server';
import { matchMediaToTakedowns } from './withhold-media.server';

/**
 * The owner's side of a takedown (ADR 0066): what they see of it, and their one contest, which the admin queue
 * lists until an admin restores the video (its media served again; its old links stay revoked, a new one may be
 * made) or upholds the takedown.
 */

interface TakedownRow {
  id: string;
  reason: ReportReason;
  createdAt: Date;
  contestedAt: Date | null;
}

/** The owner's takedown in force of their request; undefined when the request is not theirs. */
export async function takedownOf(
  db: pg.Pool | pg.PoolClient,
  userId: string,
  requestId: string,
  lock = false,
): Promise<{ row: TakedownRow | null } | undefined> {
  const owned = await db.query('SELECT 1 FROM video_requests WHERE id = $1 AND user_id = $2', [
    requestId,
    userId,
  ]);
  if (owned.rowCount === 0) return undefined;
  const found = await db.query<TakedownRow>(
    `SELECT id, reason, created_at AS "createdAt", contested_at AS "contestedAt" FROM takedowns
     WHERE video_request_id = $1 AND lifted_at IS NULL ${lock ? 'FOR UPDATE' : ''}`,
    [requestId],
  );
  return { row: found.rows[0] ?? null };
}

export function takedownView(row: TakedownRow | null): TakedownView {
  if (!row) return { takedown: null };
  return {
    takedown: {
      reason: row.reason,
      takenDownAt: row.createdAt.toISOString(),
      contestedAt: row.contestedAt?.toISOString() ?? null,
      canContest: row.contestedAt === null,
    },
  };
}

export type ContestOutcome =
  | { kind: 'contested'; contestedAt: Date }
  | { kind: 'not_found' }
  | { kind: 'not_taken_down' }
  | { kind: 'already_contested' };

export async function contestTakedown(
  pool: pg.Pool,
  input: { userId: string; requestId: string; text: string },
  now: Date = new Date(),
): Promise<ContestOutcome> {
  return inTransaction(pool, async (client) => {
    const found = await takedownOf(client, input.userId, input.requestId, true);
    if (!found) return { kind: 'not_found' } as const;
    if (!found.row) return { kind: 'not_taken_down' } as const;
    if (found.row.contestedAt) return { kind: 'already_contested' } as const;
    await client.query('UPDATE takedowns SET contested_at = $2, contest_text = $3 WHERE id = $1', [
      found.row.id,
      now,
      input.text,
    ]);
    await recordEvent(client, {
      action: 'contested',
      actor: input.userId,
      takedownId: found.row.id,
      videoRequestId: input.requestId,
      detail: input.text,
      at: now,
    });
    return { kind: 'contested', contestedAt: now } as const;
  });
}

/**
 * An admin restores a contested video or upholds its takedown; false when there is no open contest. A restore moves
 * the covered videos' files back to their keys in the same transaction (ADR 0070) — but not those another takedown
 * in force still covers.
 */
export async function decideContest(
  pool: pg.Pool,
  storage: BlobStorage,
  input: { takedownId: string; adminId: string; decision: 'restore' | 'uphold'; note: string | null },
  now: Date = new Date(),
): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const decided = await client.query<{ videoRequestId: string | null }>(
      `UPDATE takedowns SET contest_decision = $2, contest_decided_at = $3,
         lifted_at = CASE WHEN $2 = 'restore' THEN $3 ELSE lifted_at END
       WHERE id = $1 AND contested_at IS NOT NULL AND contest_decision IS NULL AND lifted_at IS NULL
       RETURNING video_request_id AS "videoRequestId"`,
      [input.takedownId, input.decision, now],
    );
    const row = decided.rows[0];
    if (!row) return false;
    if (input.decision === 'restore') {
      const covered = await client.query<{ id: string }>(
        'SELECT video_request_id AS id FROM takedown_videos WHERE takedown_id = $1',
        [input.takedownId],
      );
      await matchMediaToTakedowns(
        client,
        storage,
        covered.rows.map((video) => video.id),
      );
    }
    await recordEvent(client, {
      action: input.decision === 'restore' ? 'restored' : 'upheld',
      actor: input.adminId,
      takedownId: input.takedownId,
      videoRequestId: row.videoRequestId,
      detail: input.note,
      at: now,
    });
    return true;
  });
}
