import type pg from 'pg';
import { z } from 'zod';
import { inTransaction } from '#server/kernel/transaction.server';
import { GRANT_SOURCES } from './credits.schema.server';
import {
  CreditsConflictError,
  creditAmountSchema,
  idempotencyKeySchema,
  nowSchema,
  userIdSchema,
} from './ledger-inputs.server';
import { type CreditGrant, GRANT_COLUMNS, type GrantSqlRow, toGrant } from './ledger-rows.server';

/**
 * Granting credits: a package purchase, a plan's invoice, an admin's adjustment.
 * Concurrency rules: ledger-holds.server.ts.
 */

const grantInputSchema = z
  .object({
    userId: userIdSchema,
    amount: creditAmountSchema,
    source: z.enum(GRANT_SOURCES),
    sourceRef: idempotencyKeySchema,
    /** null = never expires. */
    expiresAt: z.date().nullable(),
    planType: z.string().min(1).max(50).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  // `hold:<id>` refunds are made by voidHold only; taking that key first would block the real refund.
  .refine((input) => !(input.source === 'refund' && input.sourceRef.startsWith('hold:')), {
    message: "source_ref 'hold:…' is reserved for refunds of voided holds",
    path: ['sourceRef'],
  });
export type GrantInput = z.input<typeof grantInputSchema>;

/**
 * Grants credits, once per (source, sourceRef): a replayed webhook or a second "payment success" page gets the
 * existing grant back and changes nothing. Creates the user's account row on first use.
 */
export async function grant(
  pool: pg.Pool,
  input: GrantInput,
  now: Date = new Date(),
): Promise<{ grant: CreditGrant; created: boolean }> {
  const args = grantInputSchema.parse(input);
  nowSchema.parse(now);
  return inTransaction(pool, async (client) => {
    await client.query(
      'INSERT INTO credit_accounts (user_id, created_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING',
      [args.userId, now],
    );
    // ON CONFLICT DO NOTHING waits for a concurrent insert of the same key, so of two racing calls exactly one
    // inserts; the grant and its ledger entry are one statement, so one never exists without the other.
    const inserted = await client.query<GrantSqlRow>(
      `WITH new_grant AS (
         INSERT INTO credit_grants
           (user_id, amount, remaining, source, source_ref, plan_type, expires_at, created_at, metadata)
         VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (source, source_ref) DO NOTHING
         RETURNING ${GRANT_COLUMNS}
       ), entry AS (
         INSERT INTO credit_ledger_entries (user_id, kind, amount, grant_id, created_at)
         SELECT user_id, 'grant', amount, id, created_at FROM new_grant
       )
       SELECT * FROM new_grant`,
      [
        args.userId,
        args.amount,
        args.source,
        args.sourceRef,
        args.planType ?? 'purchased',
        args.expiresAt,
        now,
        args.metadata ?? {},
      ],
    );
    const created = inserted.rows[0];
    if (created) return { grant: toGrant(created), created: true };

    const existing = await client.query<GrantSqlRow>(
      `SELECT ${GRANT_COLUMNS} FROM credit_grants WHERE source = $1 AND source_ref = $2`,
      [args.source, args.sourceRef],
    );
    const row = existing.rows[0];
    if (!row) throw new Error(`grant ${args.source}:${args.sourceRef} neither inserted nor found`);
    // expires_at is not compared: callers compute it from their own clock, so a retry may differ slightly.
    if (row.user_id !== args.userId || row.amount !== args.amount) {
      throw new CreditsConflictError(
        `grant ${args.source}:${args.sourceRef} already exists for another user or amount`,
      );
    }
    return { grant: toGrant(row), created: false };
  });
}
