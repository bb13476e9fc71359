import type pg from 'pg';
import { inTransaction } from '#server/kernel/transaction.server';
import { REFUND_GRANT_VALIDITY_DAYS } from '#shared/catalogue';
import { takeOutstandingClawbacks, takeOutstandingFromRefund } from './ledger-claims.server';
import { DAY_MS, isValidAt } from './ledger-expiry.server';
import { HoldNotFoundError, holdIdSchema, nowSchema } from './ledger-inputs.server';
import {
  type AllocationSqlRow,
  type CreditGrant,
  type CreditHold,
  GRANT_COLUMNS,
  type GrantSqlRow,
  HOLD_COLUMNS,
  type HoldSqlRow,
  toGrant,
  toHold,
} from './ledger-rows.server';

/**
 * Resolving a hold, exactly once: captured when its video is delivered, voided (credits back) when it failed.
 * Concurrency rules: ledger-holds.server.ts; the void's account lock: ADR 0002.
 */

interface ResolveResult {
  /** False when the hold was already resolved (by this or the other resolution): nothing was changed. */
  changed: boolean;
  hold: CreditHold;
}

interface VoidResult extends ResolveResult {
  /** The `refund` grant made for the part that went to grants that expired while held, if any. */
  refundGrant: CreditGrant | null;
}

async function currentHold(client: pg.Pool | pg.PoolClient, holdId: string): Promise<CreditHold> {
  const result = await client.query<HoldSqlRow>(`SELECT ${HOLD_COLUMNS} FROM credit_holds WHERE id = $1`, [
    holdId,
  ]);
  const row = result.rows[0];
  if (!row) throw new HoldNotFoundError(`hold ${holdId} not found`);
  return toHold(row);
}

/**
 * Captures a hold (the video was delivered). The credits already left the grants when held, so this only
 * resolves the hold and records the entry. Exactly once: a second call, or a call after a void, changes nothing.
 */
export async function capture(
  pool: pg.Pool | pg.PoolClient,
  holdId: string,
  now: Date = new Date(),
): Promise<ResolveResult> {
  holdIdSchema.parse(holdId);
  nowSchema.parse(now);
  // A single statement is its own transaction: the status change and its entry commit together or not at all.
  // The row lock taken by the UPDATE makes a concurrent capture/void wait, re-check `status = 'pending'` and miss.
  const captured = await pool.query<HoldSqlRow>(
    `WITH captured AS (
       UPDATE credit_holds SET status = 'captured', resolved_at = $2
       WHERE id = $1 AND status = 'pending'
       RETURNING ${HOLD_COLUMNS}
     ), entry AS (
       INSERT INTO credit_ledger_entries (user_id, kind, amount, hold_id, created_at)
       SELECT user_id, 'capture', 0, id, $2 FROM captured
     )
     SELECT * FROM captured`,
    [holdId, now],
  );
  const row = captured.rows[0];
  if (row) return { changed: true, hold: toHold(row) };
  return { changed: false, hold: await currentHold(pool, holdId) };
}

/**
 * Voids a hold (the video failed): each allocation goes back to the grant it came from; the part whose grant has
 * expired meanwhile comes back as one new `refund` grant valid REFUND_GRANT_VALIDITY_DAYS (source_ref
 * `hold:<id>`). Exactly once, like capture.
 */
export async function voidHold(pool: pg.Pool, holdId: string, now: Date = new Date()): Promise<VoidResult> {
  holdIdSchema.parse(holdId);
  nowSchema.parse(now);
  return inTransaction(pool, (client) => voidHoldInTransaction(client, holdId, now));
}

interface AllocationsBack {
  /** Allocations whose grant is still valid: they go back to it. */
  backIds: string[];
  backAmounts: number[];
  /** Allocations whose grant expired while held: they come back as one refund grant. */
  expiredIds: string[];
  expiredParts: { grantId: string; amount: number }[];
  expiredTotal: number;
}

async function allocationsBack(client: pg.PoolClient, holdId: string, now: Date): Promise<AllocationsBack> {
  const allocations = await client.query<
    Pick<AllocationSqlRow, 'grant_id' | 'amount'> & Pick<GrantSqlRow, 'expires_at'>
  >(
    `SELECT a.grant_id, a.amount, g.expires_at
     FROM credit_hold_allocations a JOIN credit_grants g ON g.id = a.grant_id
     WHERE a.hold_id = $1
     ORDER BY a.grant_id`,
    [holdId],
  );
  const back: AllocationsBack = {
    backIds: [],
    backAmounts: [],
    expiredIds: [],
    expiredParts: [],
    expiredTotal: 0,
  };
  for (const allocation of allocations.rows) {
    if (isValidAt(allocation.expires_at, now)) {
      back.backIds.push(allocation.grant_id);
      back.backAmounts.push(allocation.amount);
    } else {
      back.expiredIds.push(allocation.grant_id);
      back.expiredParts.push({ grantId: allocation.grant_id, amount: allocation.amount });
      back.expiredTotal += allocation.amount;
    }
  }
  return back;
}

async function giveBackToGrants(
  client: pg.PoolClient,
  holdId: string,
  userId: string,
  { backIds, backAmounts }: AllocationsBack,
  now: Date,
): Promise<void> {
  if (backIds.length === 0) return;
  await client.query(
    `WITH given_back AS (
         UPDATE credit_grants AS g SET remaining = g.remaining + t.amount
         FROM unnest($2::uuid[], $3::int[]) AS t(grant_id, amount)
         WHERE g.id = t.grant_id
       )
       INSERT INTO credit_ledger_entries (user_id, kind, amount, grant_id, hold_id, created_at)
       SELECT $4::text, 'void', amount, grant_id, $1::uuid, $5::timestamptz FROM unnest($2::uuid[], $3::int[]) AS t(grant_id, amount)`,
    [holdId, backIds, backAmounts, userId, now],
  );
  await takeOutstandingClawbacks(client, holdId, userId, backIds, now);
}

async function refundExpiredPart(
  client: pg.PoolClient,
  holdId: string,
  userId: string,
  { expiredIds, expiredParts, expiredTotal }: AllocationsBack,
  now: Date,
): Promise<CreditGrant> {
  // Giving credits back to an expired grant would lose them: they come back as a short-lived refund grant.
  // No ON CONFLICT: this runs once per hold (the status UPDATE above), and grant() refuses the `hold:` keys,
  // so a duplicate here means corruption and must abort the void.
  const refund = await client.query<GrantSqlRow>(
    `WITH refund AS (
         INSERT INTO credit_grants
           (user_id, amount, remaining, source, source_ref, plan_type, expires_at, created_at, metadata)
         VALUES ($1, $2, $2, 'refund', $3, 'refund', $4, $5, $6)
         RETURNING ${GRANT_COLUMNS}
       ), entry AS (
         INSERT INTO credit_ledger_entries (user_id, kind, amount, grant_id, hold_id, created_at)
         SELECT user_id, 'refund_grant', amount, id, $7::uuid, created_at FROM refund
       )
       SELECT * FROM refund`,
    [
      userId,
      expiredTotal,
      `hold:${holdId}`,
      new Date(now.getTime() + REFUND_GRANT_VALIDITY_DAYS * DAY_MS),
      now,
      { holdId, expiredGrantIds: expiredIds },
      holdId,
    ],
  );
  const refundRow = refund.rows[0];
  if (!refundRow) throw new Error(`refund grant for hold ${holdId} not inserted`);
  // What a refunded purchase is still owed of those expired credits is not given back to spend.
  await takeOutstandingFromRefund(client, holdId, userId, refundRow.id, expiredParts, now);
  const taken = await client.query<GrantSqlRow>(`SELECT ${GRANT_COLUMNS} FROM credit_grants WHERE id = $1`, [
    refundRow.id,
  ]);
  return toGrant(taken.rows[0] ?? refundRow);
}

/**
 * voidHold on a client the caller has already put inside a transaction, so the void commits (or rolls back)
 * together with the caller's own change, e.g. a video request marked failed.
 */
export async function voidHoldInTransaction(
  client: pg.PoolClient,
  holdId: string,
  now: Date = new Date(),
): Promise<VoidResult> {
  holdIdSchema.parse(holdId);
  nowSchema.parse(now);
  // A void gives credits back to grants a concurrent spend of the same user may be taking from: it queues on the
  // same account lock, so the two never hold some of those grants each while waiting for the others.
  await client.query(
    `SELECT 1 FROM credit_accounts
     WHERE user_id = (SELECT user_id FROM credit_holds WHERE id = $1)
     FOR NO KEY UPDATE`,
    [holdId],
  );
  const voided = await client.query<HoldSqlRow>(
    `UPDATE credit_holds SET status = 'voided', resolved_at = $2
     WHERE id = $1 AND status = 'pending'
     RETURNING ${HOLD_COLUMNS}`,
    [holdId, now],
  );
  const row = voided.rows[0];
  if (!row) return { changed: false, hold: await currentHold(client, holdId), refundGrant: null };
  const back = await allocationsBack(client, holdId, now);
  await giveBackToGrants(client, holdId, row.user_id, back, now);
  const refundGrant =
    back.expiredTotal > 0 ? await refundExpiredPart(client, holdId, row.user_id, back, now) : null;
  return { changed: true, hold: toHold(row), refundGrant };
}
