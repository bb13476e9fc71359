import type pg from 'pg';
import { z } from 'zod';
import { inTransaction } from '#server/kernel/transaction.server';
import { REFUND_GRANT_VALIDITY_DAYS } from '#shared/catalogue';
import { GRANT_SOURCES } from './credits.schema.server';
import { outstandingClaim, RESTORED_SUFFIX } from './ledger-claims.server';
import { DAY_MS, isValidAt } from './ledger-expiry.server';
import { idempotencyKeySchema, nowSchema, userIdSchema } from './ledger-inputs.server';
import type { ClawbackSqlRow, GrantSqlRow } from './ledger-rows.server';

/** Reversing a claim (ledger-claims.server.ts explains the records). Concurrency rules: ledger-holds.server.ts. */

const restoreInputSchema = z.object({
  userId: userIdSchema,
  /** The grant the clawback was (or would have been) taken from. */
  source: z.enum(GRANT_SOURCES),
  sourceRef: idempotencyKeySchema,
  /** The clawback to reverse, e.g. `dispute:<Stripe dispute id>`. */
  reference: idempotencyKeySchema.max(190),
});
type RestoreInput = z.input<typeof restoreInputSchema>;

interface RestoreResult {
  /** False when this reference was already reversed: nothing changed. */
  created: boolean;
  /** Credits given back (0 when nothing taken is owed back, or the claim never happened). */
  amount: number;
}

/**
 * Reverses a claim (a dispute closed in the buyer's favour, a refund that failed): the claim wants nothing more,
 * and what was taken beyond what the other claims still want comes back as a new grant (append-only: history is
 * never edited), expiring with the original grant, or in REFUND_GRANT_VALIDITY_DAYS when that has expired. Its
 * record is `<reference>:restored`, negative by what came back. Once per reference; a reversal that arrives before
 * its claim leaves a claim record wanting 0, so the late claim is a replay and takes nothing.
 */
export async function restoreClawback(
  pool: pg.Pool,
  input: RestoreInput,
  now: Date = new Date(),
): Promise<RestoreResult> {
  const args = restoreInputSchema.parse(input);
  nowSchema.parse(now);
  return inTransaction(pool, async (client) => {
    // The spend lock, as for clawback() (ledger-claims.server.ts): the reversal and a claim of the same purchase
    // serialise.
    await client.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR NO KEY UPDATE', [args.userId]);
    const found = await client.query<Pick<GrantSqlRow, 'id' | 'user_id' | 'expires_at'>>(
      'SELECT id, user_id, expires_at FROM credit_grants WHERE source = $1 AND source_ref = $2',
      [args.source, args.sourceRef],
    );
    const target = found.rows[0];
    if (!target || target.user_id !== args.userId) return { created: false, amount: 0 };
    const marker = `${args.reference}${RESTORED_SUFFIX}`;
    const replay = await client.query('SELECT 1 FROM credit_clawbacks WHERE reference = $1', [marker]);
    if (replay.rowCount) return { created: false, amount: 0 };
    const claimed = await client.query('SELECT 1 FROM credit_clawbacks WHERE reference = $1', [
      args.reference,
    ]);
    if (!claimed.rowCount) {
      await client.query(
        `INSERT INTO credit_clawbacks (reference, user_id, grant_id, amount, wanted, created_at)
         VALUES ($1, $3, $4, 0, 0, $5), ($2, $3, $4, 0, 0, $5)`,
        [args.reference, marker, args.userId, target.id, now],
      );
      return { created: true, amount: 0 };
    }
    const amount = Math.max(
      0,
      -(await outstandingClaim(client, args.userId, target.id, { reversing: args.reference })),
    );
    const expiresAt = isValidAt(target.expires_at, now)
      ? target.expires_at
      : new Date(now.getTime() + REFUND_GRANT_VALIDITY_DAYS * DAY_MS);
    await client.query(
      `WITH restored AS (
         INSERT INTO credit_grants
           (user_id, amount, remaining, source, source_ref, plan_type, expires_at, created_at, metadata)
         SELECT $1, $2, $2, 'refund', $3, 'refund', $4, $5, $6 WHERE $2 > 0
         RETURNING id, user_id, amount, created_at
       ), entry AS (
         INSERT INTO credit_ledger_entries (user_id, kind, amount, grant_id, created_at)
         SELECT user_id, 'grant', amount, id, created_at FROM restored
       )
       INSERT INTO credit_clawbacks (reference, user_id, grant_id, amount, wanted, created_at)
       VALUES ($3, $1, $7, -$2::int, 0, $5)`,
      [
        args.userId,
        amount,
        marker,
        expiresAt,
        now,
        { reference: args.reference, grantId: target.id },
        target.id,
      ],
    );
    return { created: true, amount };
  });
}

/** What a restore for `reference` gave back (0 when none did): a replay reads it to finish its history. */
export async function restoredAmount(pool: pg.Pool, userId: string, reference: string): Promise<number> {
  const found = await pool.query<Pick<ClawbackSqlRow, 'amount'>>(
    'SELECT -amount AS amount FROM credit_clawbacks WHERE user_id = $1 AND reference = $2',
    [userId, `${reference}${RESTORED_SUFFIX}`],
  );
  return found.rows[0]?.amount ?? 0;
}
