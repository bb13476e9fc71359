import { desc, eq } from 'drizzle-orm';
import type pg from 'pg';
import { z } from 'zod';
import { createDatabase } from '#server/db/database.server';
import { creditGrants } from './credits.schema.server';
import { isValidAt } from './ledger-expiry.server';
import { nowSchema, userIdSchema } from './ledger-inputs.server';
import { type CreditGrant, type EntrySqlRow, type LedgerEntry, toEntry } from './ledger-rows.server';

/** What the credits view and the admin read: the balance, the grants and the latest entries (design §3). */

export const recentEntriesLimitSchema = z.number().int().min(1).max(1000);

export interface CreditGrantView extends CreditGrant {
  /** True when expires_at ≤ now: its remaining no longer counts. */
  expired: boolean;
}

/**
 * Spendable credits: Σ remaining of unexpired grants (pending holds already took theirs). Given a client inside a
 * transaction that holds the account lock, it reads the balance that transaction leaves.
 */
export async function balance(
  pool: pg.Pool | pg.PoolClient,
  userId: string,
  now: Date = new Date(),
): Promise<number> {
  userIdSchema.parse(userId);
  nowSchema.parse(now);
  const result = await pool.query<{ balance: string }>(
    `SELECT COALESCE(SUM(remaining), 0) AS balance FROM credit_grants
     WHERE user_id = $1 AND remaining > 0 AND (expires_at IS NULL OR expires_at > $2)`,
    [userId, now],
  );
  return Number(result.rows[0]?.balance ?? 0);
}

/** The user's grants, newest first, with what is left of each and whether it has expired. */
export async function listGrants(
  pool: pg.Pool,
  userId: string,
  now: Date = new Date(),
): Promise<CreditGrantView[]> {
  userIdSchema.parse(userId);
  nowSchema.parse(now);
  // A plain read (ADR 0008): the query builder, rows typed from the schema.
  const rows = await createDatabase(pool)
    .select()
    .from(creditGrants)
    .where(eq(creditGrants.userId, userId))
    .orderBy(desc(creditGrants.createdAt), desc(creditGrants.id));
  return rows.map((row) => ({ ...row, expired: !isValidAt(row.expiresAt, now) }));
}

/**
 * The user's latest ledger entries, newest first. A hold over several grants has one entry per grant. The order
 * names credit_ledger_entries_user_recent_idx's `DESC NULLS LAST`, so the user's entries are read from its head;
 * a plain DESC let PostgreSQL walk the primary key backwards through everyone's entries until 20 of the user's
 * turned up.
 */
export async function recentEntries(pool: pg.Pool, userId: string, limit = 20): Promise<LedgerEntry[]> {
  userIdSchema.parse(userId);
  recentEntriesLimitSchema.parse(limit);
  const result = await pool.query<EntrySqlRow>(
    `SELECT id, user_id, kind, amount, grant_id, hold_id, created_at, metadata FROM credit_ledger_entries
     WHERE user_id = $1 ORDER BY id DESC NULLS LAST LIMIT $2`,
    [userId, limit],
  );
  return result.rows.map(toEntry);
}
