import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type pg from 'pg';
import { z } from 'zod';
import { EXPIRING_SOON_WINDOW_DAYS, REFUND_GRANT_VALIDITY_DAYS } from '../../shared/catalogue';
import { createDatabase } from '../db/database.server';
import { inTransaction } from '../kernel/transaction.server';
import {
  creditGrants,
  GRANT_SOURCES,
  type GrantSource,
  type HoldStatus,
  type LedgerEntryKind,
} from './credits.schema.server';

/**
 * The credits ledger (design §3): grants, holds and append-only ledger entries. Every operation is one
 * transaction on a `pg.Pool` in raw parameterised SQL, so the locking and the exact statements stay visible.
 *
 * Concurrency rules, which every function below relies on:
 * - Only a hold lowers a grant's `remaining`, and a hold first locks the user's `credit_accounts` row: holds of
 *   one user run one after the other (READ COMMITTED: statements after the lock see everything committed before
 *   it), holds of different users never wait for each other.
 * - Everything else only raises `remaining` (void) or inserts rows (grant), with relative updates
 *   (`remaining = remaining + x`), so they need no account lock: a hold that read a lower value is merely
 *   conservative, and the CHECK (remaining >= 0) backs the arithmetic.
 * - Idempotency lives in UNIQUE constraints (grant source + source_ref, hold reference) and in resolving a hold
 *   with `UPDATE … WHERE status = 'pending'`, never in a read-then-write in application code.
 *
 * Every function takes `now` (default: the current time) instead of SQL `now()`, so tests can move the clock.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const MAX_CREDIT_AMOUNT = 1_000_000;

// ---------------------------------------------------------------------------------------------------------------
// Inputs

export const creditAmountSchema = z.number().int().positive().max(MAX_CREDIT_AMOUNT);
/** Users come from the auth library later: text ids. */
export const userIdSchema = z.string().min(1).max(200);
/** Idempotency keys: a grant's source_ref, a hold's reference. */
export const idempotencyKeySchema = z.string().min(1).max(200);
export const holdIdSchema = z.uuid();
export const nowSchema = z.date();

export const grantInputSchema = z
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

export const holdInputSchema = z.object({
  userId: userIdSchema,
  amount: creditAmountSchema,
  reference: idempotencyKeySchema,
});
export type HoldInput = z.input<typeof holdInputSchema>;

export const clawbackInputSchema = z.object({
  userId: userIdSchema,
  /** The grant whose payment was refunded, by its own idempotency key. */
  source: z.enum(GRANT_SOURCES),
  sourceRef: idempotencyKeySchema,
  /** One clawback per reference (e.g. the Stripe refund id): a replay takes nothing more. */
  reference: idempotencyKeySchema,
  /** At most this many credits (a partial refund); undefined = all that is left of the grant. */
  maxAmount: creditAmountSchema.optional(),
});
export type ClawbackInput = z.input<typeof clawbackInputSchema>;

export interface ClawbackResult {
  /** False when this reference was already applied: nothing changed. */
  created: boolean;
  /** Credits taken back by this reference (0 when everything had been spent). */
  amount: number;
  grantId: string;
}

export class GrantNotFoundError extends Error {
  override name = 'GrantNotFoundError';
}

export const recentEntriesLimitSchema = z.number().int().min(1).max(1000);

// ---------------------------------------------------------------------------------------------------------------
// Results

/** A grant as stored: the row type of the schema, so a renamed column fails type-checking here. */
export type CreditGrant = typeof creditGrants.$inferSelect;

export interface CreditGrantView extends CreditGrant {
  /** True when expires_at ≤ now: its remaining no longer counts. */
  expired: boolean;
}

export interface CreditHold {
  id: string;
  userId: string;
  amount: number;
  status: HoldStatus;
  reference: string;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface LedgerEntry {
  id: number;
  userId: string;
  kind: LedgerEntryKind;
  /** The change to the spendable balance of `grantId` (0 for a capture). */
  amount: number;
  grantId: string | null;
  holdId: string | null;
  createdAt: Date;
  metadata: Record<string, unknown>;
}

export type HoldResult =
  | { ok: true; hold: CreditHold; created: boolean }
  | { ok: false; reason: 'insufficient_credits'; balance: number };

export interface ResolveResult {
  /** False when the hold was already resolved (by this or the other resolution): nothing was changed. */
  changed: boolean;
  hold: CreditHold;
}

export interface VoidResult extends ResolveResult {
  /** The `refund` grant made for the part that went to grants that expired while held, if any. */
  refundGrant: CreditGrant | null;
}

export interface ExpiringSoon {
  total: number;
  /** Whole days until the soonest expiry within the window, rounded up; null when nothing expires soon. */
  daysLeft: number | null;
}

export type AuditProblemCode =
  | 'grant_remaining_out_of_range'
  | 'grant_ledger_mismatch'
  | 'grant_allocation_mismatch'
  | 'grant_creation_entry'
  | 'hold_allocation_sum'
  | 'hold_entries_mismatch'
  | 'hold_resolution'
  | 'user_mismatch'
  | 'clawback_mismatch'
  | 'restore_mismatch';

export interface AuditProblem {
  code: AuditProblemCode;
  userId: string;
  grantId?: string;
  holdId?: string;
  message: string;
}

/** The same idempotency key was used for a different user or amount: a caller bug, never silently merged. */
export class CreditsConflictError extends Error {
  override name = 'CreditsConflictError';
}

export class HoldNotFoundError extends Error {
  override name = 'HoldNotFoundError';
}

// ---------------------------------------------------------------------------------------------------------------
// Rows

const GRANT_COLUMNS =
  'id, user_id, amount, remaining, source, source_ref, plan_type, expires_at, created_at, metadata';
const HOLD_COLUMNS = 'id, user_id, amount, status, reference, created_at, resolved_at';

interface GrantRow {
  id: string;
  user_id: string;
  amount: number;
  remaining: number;
  source: GrantSource;
  source_ref: string;
  plan_type: string;
  expires_at: Date | null;
  created_at: Date;
  metadata: Record<string, unknown>;
}

interface HoldRow {
  id: string;
  user_id: string;
  amount: number;
  status: HoldStatus;
  reference: string;
  created_at: Date;
  resolved_at: Date | null;
}

interface EntryRow {
  id: string;
  user_id: string;
  kind: LedgerEntryKind;
  amount: number;
  grant_id: string | null;
  hold_id: string | null;
  created_at: Date;
  metadata: Record<string, unknown>;
}

function toGrant(row: GrantRow): CreditGrant {
  return {
    id: row.id,
    userId: row.user_id,
    amount: row.amount,
    remaining: row.remaining,
    source: row.source,
    sourceRef: row.source_ref,
    planType: row.plan_type,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    metadata: row.metadata,
  };
}

function toHold(row: HoldRow): CreditHold {
  return {
    id: row.id,
    userId: row.user_id,
    amount: row.amount,
    status: row.status,
    reference: row.reference,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  };
}

function toEntry(row: EntryRow): LedgerEntry {
  return {
    id: Number(row.id),
    userId: row.user_id,
    kind: row.kind,
    amount: row.amount,
    grantId: row.grant_id,
    holdId: row.hold_id,
    createdAt: row.created_at,
    metadata: row.metadata,
  };
}

function isValidAt(expiresAt: Date | null, now: Date): boolean {
  return expiresAt === null || expiresAt.getTime() > now.getTime();
}

function isPoolClient(db: pg.Pool | pg.PoolClient): db is pg.PoolClient {
  // A pool has no release(); a checked-out client does.
  return typeof (db as Partial<pg.PoolClient>).release === 'function';
}

/**
 * Runs `run` inside the caller's transaction under a savepoint: on failure only this part is undone and the
 * caller's transaction stays usable (it may still want to roll back, or carry on after a handled error).
 */
async function inSavepoint<T>(
  client: pg.PoolClient,
  name: string,
  run: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  await client.query(`SAVEPOINT ${name}`);
  try {
    const result = await run(client);
    await client.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await client.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Operations

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
    const inserted = await client.query<GrantRow>(
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

    const existing = await client.query<GrantRow>(
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

/**
 * Reserves credits for a video request: all or nothing, from valid grants soonest-expiring first (no expiry last,
 * then oldest first), idempotent by `reference`. When the valid total is short, nothing is consumed.
 *
 * Given a pool it runs in its own transaction. Given a client the caller has already put inside a transaction
 * (READ COMMITTED), it runs there under a savepoint, so the hold commits or rolls back with the caller's own rows
 * (a video request and its job); the account row lock is then held until the caller's transaction ends.
 */
export async function hold(
  db: pg.Pool | pg.PoolClient,
  input: HoldInput,
  now: Date = new Date(),
): Promise<HoldResult> {
  const args = holdInputSchema.parse(input);
  nowSchema.parse(now);
  const run = (client: pg.PoolClient) => holdLocked(client, args, now);
  const held = isPoolClient(db) ? inSavepoint(db, 'cena_hold', run) : inTransaction(db, run);
  return held.catch((error: unknown) => {
    // Two *different* users racing with one reference are not serialised by the account lock; the UNIQUE
    // constraint stops the second, which is the same caller bug as a reused reference.
    if ((error as { constraint?: string }).constraint === 'credit_holds_reference_unique') {
      throw new CreditsConflictError(`hold ${args.reference} already exists for another user`);
    }
    throw error;
  });
}

async function holdLocked(
  client: pg.PoolClient,
  args: z.output<typeof holdInputSchema>,
  now: Date,
): Promise<HoldResult> {
  // The per-user serialisation point. Its own statement on purpose: in READ COMMITTED the statements after it
  // take a fresh snapshot, so they see the grants as the previous holder of the lock left them. FOR NO KEY UPDATE,
  // not FOR UPDATE: spends still queue behind each other, but the KEY SHARE locks that foreign keys take on this row
  // (every ledger entry and hold references it) do not wait for it — a void that has already updated a grant and
  // then writes its entry would otherwise wait here while this spend waits for that grant: a deadlock.
  const account = await client.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR NO KEY UPDATE', [
    args.userId,
  ]);

  // Checked under the lock, so a double click (same user, same reference) finds the first hold committed.
  const existing = await client.query<HoldRow>(
    `SELECT ${HOLD_COLUMNS} FROM credit_holds WHERE reference = $1`,
    [args.reference],
  );
  const previous = existing.rows[0];
  if (previous) {
    if (previous.user_id !== args.userId || previous.amount !== args.amount) {
      throw new CreditsConflictError(`hold ${args.reference} already exists for another user or amount`);
    }
    return { ok: true, hold: toHold(previous), created: false };
  }
  if (account.rowCount === 0) return { ok: false, reason: 'insufficient_credits', balance: 0 };

  const valid = await client.query<{ id: string; remaining: number }>(
    `SELECT id, remaining FROM credit_grants
     WHERE user_id = $1 AND remaining > 0 AND (expires_at IS NULL OR expires_at > $2)
     ORDER BY expires_at ASC NULLS LAST, created_at, id`,
    [args.userId, now],
  );
  const grantIds: string[] = [];
  const takes: number[] = [];
  let balance = 0;
  let needed = args.amount;
  for (const row of valid.rows) {
    balance += row.remaining;
    if (needed === 0) continue;
    const take = Math.min(needed, row.remaining);
    grantIds.push(row.id);
    takes.push(take);
    needed -= take;
  }
  if (needed > 0) return { ok: false, reason: 'insufficient_credits', balance };

  // One statement for the whole write: the grants lose exactly what the allocations and the ledger entries say.
  // The decrement is relative, so a void committed meanwhile (which only adds) is kept.
  const holdId = randomUUID();
  const inserted = await client.query<HoldRow>(
    `WITH taken AS (
       UPDATE credit_grants AS g SET remaining = g.remaining - t.take
       FROM unnest($5::uuid[], $6::int[]) AS t(grant_id, take)
       WHERE g.id = t.grant_id
     ), allocations AS (
       INSERT INTO credit_hold_allocations (hold_id, grant_id, amount)
       SELECT $1::uuid, grant_id, take FROM unnest($5::uuid[], $6::int[]) AS t(grant_id, take)
     ), entries AS (
       INSERT INTO credit_ledger_entries (user_id, kind, amount, grant_id, hold_id, created_at)
       SELECT $2::text, 'hold', -take, grant_id, $1::uuid, $7::timestamptz FROM unnest($5::uuid[], $6::int[]) AS t(grant_id, take)
     )
     INSERT INTO credit_holds (id, user_id, amount, status, reference, created_at)
     VALUES ($1, $2, $3, 'pending', $4, $7)
     RETURNING ${HOLD_COLUMNS}`,
    [holdId, args.userId, args.amount, args.reference, grantIds, takes, now],
  );
  const row = inserted.rows[0];
  if (!row) throw new Error('hold insert returned no row');
  return { ok: true, hold: toHold(row), created: true };
}

async function currentHold(client: pg.Pool | pg.PoolClient, holdId: string): Promise<CreditHold> {
  const result = await client.query<HoldRow>(`SELECT ${HOLD_COLUMNS} FROM credit_holds WHERE id = $1`, [
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
  const captured = await pool.query<HoldRow>(
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
  const voided = await client.query<HoldRow>(
    `UPDATE credit_holds SET status = 'voided', resolved_at = $2
     WHERE id = $1 AND status = 'pending'
     RETURNING ${HOLD_COLUMNS}`,
    [holdId, now],
  );
  const row = voided.rows[0];
  if (!row) return { changed: false, hold: await currentHold(client, holdId), refundGrant: null };

  const allocations = await client.query<{ grant_id: string; amount: number; expires_at: Date | null }>(
    `SELECT a.grant_id, a.amount, g.expires_at
     FROM credit_hold_allocations a JOIN credit_grants g ON g.id = a.grant_id
     WHERE a.hold_id = $1
     ORDER BY a.grant_id`,
    [holdId],
  );
  const backIds: string[] = [];
  const backAmounts: number[] = [];
  const expiredIds: string[] = [];
  let expiredTotal = 0;
  for (const allocation of allocations.rows) {
    if (isValidAt(allocation.expires_at, now)) {
      backIds.push(allocation.grant_id);
      backAmounts.push(allocation.amount);
    } else {
      expiredIds.push(allocation.grant_id);
      expiredTotal += allocation.amount;
    }
  }

  if (backIds.length > 0) {
    await client.query(
      `WITH given_back AS (
         UPDATE credit_grants AS g SET remaining = g.remaining + t.amount
         FROM unnest($2::uuid[], $3::int[]) AS t(grant_id, amount)
         WHERE g.id = t.grant_id
       )
       INSERT INTO credit_ledger_entries (user_id, kind, amount, grant_id, hold_id, created_at)
       SELECT $4::text, 'void', amount, grant_id, $1::uuid, $5::timestamptz FROM unnest($2::uuid[], $3::int[]) AS t(grant_id, amount)`,
      [holdId, backIds, backAmounts, row.user_id, now],
    );
  }

  if (backIds.length > 0) await takeOutstandingClawbacks(client, holdId, row.user_id, backIds, now);

  let refundGrant: CreditGrant | null = null;
  if (expiredTotal > 0) {
    // Giving credits back to an expired grant would lose them: they come back as a short-lived refund grant.
    // No ON CONFLICT: this runs once per hold (the status UPDATE above), and grant() refuses the `hold:` keys,
    // so a duplicate here means corruption and must abort the void.
    const refund = await client.query<GrantRow>(
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
        row.user_id,
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
    refundGrant = toGrant(refundRow);
  }
  return { changed: true, hold: toHold(row), refundGrant };
}

/**
 * A purchase's credits owed back and taken back, as signed `credit_clawbacks` records. A claim (a refund or a
 * dispute, keyed by its reference) wants its share of the grant; the grant owes min(amount, Σ wanted of the claims
 * not reversed). Every take is a positive record naming the grant it came from, every restoration a negative one
 * (`<claim>:restored`, on the purchase's grant, the credits coming back as a new `refund` grant). Whatever the
 * order of refunds, disputes, reversals and voided holds, each step moves the records' net towards what is owed,
 * taking only unspent credits, so the customer ends with what they paid for and never more.
 */
const RESTORED_SUFFIX = ':restored';
/** Names a take from a restoration's grant after the claim or hold that took it. */
const FROM_INFIX = ':from:';

/** The purchase's grant and the grants its restorations created: where its claims may take from, in order. */
async function claimFamily(
  client: pg.PoolClient,
  userId: string,
  grantId: string,
): Promise<{ id: string; remaining: number }[]> {
  const family = await client.query<{ id: string; remaining: number }>(
    `SELECT id, remaining FROM credit_grants
     WHERE user_id = $2 AND (id = $1 OR (source = 'refund' AND metadata->>'grantId' = $1::text))
     ORDER BY id = $1 DESC, created_at, id
     FOR UPDATE`,
    [grantId, userId],
  );
  return family.rows;
}

/** The purchase's grant a grant belongs to: itself, or the grant whose claim a restoration gave back. */
async function claimOwners(client: pg.PoolClient, grantIds: string[]): Promise<string[]> {
  const owners = await client.query<{ owner: string }>(
    `SELECT DISTINCT COALESCE(CASE WHEN source = 'refund' THEN metadata->>'grantId' END, id::text) AS owner
     FROM credit_grants WHERE id = ANY($1::uuid[])`,
    [grantIds],
  );
  return owners.rows.map((row) => row.owner);
}

/**
 * Credits still owed back on a purchase's grant: what its claims not reversed want (with `extraWanted` of a claim
 * being written, without the claim `reversing`; capped at the grant), less the net of every take and restoration.
 * Negative when a reversal leaves more taken than is owed.
 */
async function outstandingClaim(
  client: pg.PoolClient,
  userId: string,
  grantId: string,
  change: { extraWanted?: number; reversing?: string } = {},
): Promise<number> {
  const result = await client.query<{ outstanding: string }>(
    `WITH family AS (
       SELECT id FROM credit_grants
       WHERE user_id = $4 AND (id = $1 OR (source = 'refund' AND metadata->>'grantId' = $1::text))
     ), owed AS (
       SELECT LEAST(g.amount, COALESCE(SUM(COALESCE(c.wanted, c.amount)), 0) + $2) AS credits
       FROM credit_grants g
       LEFT JOIN credit_clawbacks c ON c.grant_id = g.id AND COALESCE(c.wanted, c.amount) > 0
         AND NOT EXISTS (SELECT 1 FROM credit_clawbacks r WHERE r.reference = c.reference || '${RESTORED_SUFFIX}')
         AND c.reference IS DISTINCT FROM $3
       WHERE g.id = $1
       GROUP BY g.amount
     )
     SELECT (SELECT credits FROM owed)
          - (SELECT COALESCE(SUM(amount), 0) FROM credit_clawbacks WHERE grant_id IN (SELECT id FROM family))
            AS outstanding`,
    [grantId, change.extraWanted ?? 0, change.reversing ?? null, userId],
  );
  return Number(result.rows[0]?.outstanding ?? 0);
}

/**
 * Takes what `grantId`'s claims are still owed from the unspent credits of its family, the purchase's own grant
 * first. Each take is a record: `ownRef` for the purchase's grant (written even when it takes 0 if it carries a
 * claim's `wanted`), `<ownRef>:from:<grant>` for a restoration's grant. Returns the credits taken.
 */
async function takeOwed(
  client: pg.PoolClient,
  userId: string,
  grantId: string,
  ownRef: string,
  wanted: number,
  now: Date,
): Promise<number> {
  const family = await claimFamily(client, userId, grantId);
  let owed = await outstandingClaim(client, userId, grantId, { extraWanted: wanted });
  let taken = 0;
  for (const source of family) {
    const take = Math.max(0, Math.min(owed, source.remaining));
    const isOwn = source.id === grantId;
    if (take === 0 && !(isOwn && wanted > 0)) continue;
    await client.query(
      `WITH taken AS (
         UPDATE credit_grants SET remaining = remaining - $3::int WHERE id = $2::uuid AND $3::int > 0
       ), entry AS (
         INSERT INTO credit_ledger_entries (user_id, kind, amount, grant_id, created_at, metadata)
         SELECT $1::text, 'clawback', -$3::int, $2::uuid, $5::timestamptz, $6::jsonb WHERE $3 > 0
       )
       INSERT INTO credit_clawbacks (reference, user_id, grant_id, amount, wanted, created_at)
       VALUES ($4, $1, $2, $3, $7, $5)`,
      [
        userId,
        source.id,
        take,
        isOwn ? ownRef : `${ownRef}${FROM_INFIX}${source.id}`,
        now,
        { reference: ownRef },
        isOwn ? wanted : 0,
      ],
    );
    owed -= take;
    taken += take;
  }
  return taken;
}

/** Credits a claim took, from the purchase's grant and from restorations' grants. */
async function takenBy(client: pg.PoolClient, reference: string): Promise<number> {
  const result = await client.query<{ taken: string }>(
    `SELECT COALESCE(SUM(amount), 0) AS taken FROM credit_clawbacks
     WHERE reference = $1 OR left(reference, length($1) + length($2)) = $1 || $2`,
    [reference, FROM_INFIX],
  );
  return Number(result.rows[0]?.taken ?? 0);
}

/**
 * A void gave held credits back to grants whose purchase was refunded or disputed while they were held: what the
 * claims could not take then is taken now, as records named after the hold.
 */
async function takeOutstandingClawbacks(
  client: pg.PoolClient,
  holdId: string,
  userId: string,
  grantIds: string[],
  now: Date,
): Promise<void> {
  for (const owner of await claimOwners(client, grantIds)) {
    await takeOwed(client, userId, owner, `hold:${holdId}:${owner}`, 0, now);
  }
}

/**
 * A claim on a refunded or disputed purchase's grant: it wants its share (`maxAmount`, or the whole grant) and takes
 * what is owed from the unspent credits (the grant's, and those a reversed claim gave back); what is held now is
 * taken if its hold is voided later (voidHoldInTransaction). Credits already spent stay spent (the refund is the
 * provider's business; the ledger never goes negative). Once per `reference`. Like a hold it first locks the
 * user's account row: a concurrent hold cannot spend what is being taken back, and two claims serialise.
 */
export async function clawback(
  pool: pg.Pool,
  input: ClawbackInput,
  now: Date = new Date(),
): Promise<ClawbackResult> {
  const args = clawbackInputSchema.parse(input);
  nowSchema.parse(now);
  return inTransaction(pool, async (client) => {
    // The spend lock (see holdLocked for why NO KEY).
    await client.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR NO KEY UPDATE', [args.userId]);
    const previous = await client.query<{ user_id: string; grant_id: string }>(
      'SELECT user_id, grant_id FROM credit_clawbacks WHERE reference = $1',
      [args.reference],
    );
    const done = previous.rows[0];
    if (done) {
      if (done.user_id !== args.userId) {
        throw new CreditsConflictError(`clawback ${args.reference} already exists for another user`);
      }
      return { created: false, amount: await takenBy(client, args.reference), grantId: done.grant_id };
    }
    const found = await client.query<{ id: string; user_id: string; amount: number }>(
      'SELECT id, user_id, amount FROM credit_grants WHERE source = $1 AND source_ref = $2',
      [args.source, args.sourceRef],
    );
    const target = found.rows[0];
    if (!target || target.user_id !== args.userId) {
      throw new GrantNotFoundError(`grant ${args.source}:${args.sourceRef} not found for this user`);
    }
    const wanted = args.maxAmount ?? target.amount;
    const amount = await takeOwed(client, args.userId, target.id, args.reference, wanted, now);
    return { created: true, amount, grantId: target.id };
  });
}

export const restoreInputSchema = z.object({
  userId: userIdSchema,
  /** The grant the clawback was (or would have been) taken from. */
  source: z.enum(GRANT_SOURCES),
  sourceRef: idempotencyKeySchema,
  /** The clawback to reverse, e.g. `dispute:<Stripe dispute id>`. */
  reference: idempotencyKeySchema.max(190),
});
export type RestoreInput = z.input<typeof restoreInputSchema>;

export interface RestoreResult {
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
    // The spend lock, as for clawback(): the reversal and a claim of the same purchase serialise.
    await client.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR NO KEY UPDATE', [args.userId]);
    const found = await client.query<{ id: string; user_id: string; expires_at: Date | null }>(
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
  const found = await pool.query<{ amount: number }>(
    'SELECT -amount AS amount FROM credit_clawbacks WHERE user_id = $1 AND reference = $2',
    [userId, `${reference}${RESTORED_SUFFIX}`],
  );
  return found.rows[0]?.amount ?? 0;
}

/** Spendable credits: Σ remaining of unexpired grants (pending holds already took theirs). */
export async function balance(pool: pg.Pool, userId: string, now: Date = new Date()): Promise<number> {
  userIdSchema.parse(userId);
  nowSchema.parse(now);
  const result = await pool.query<{ balance: string }>(
    `SELECT COALESCE(SUM(remaining), 0) AS balance FROM credit_grants
     WHERE user_id = $1 AND remaining > 0 AND (expires_at IS NULL OR expires_at > $2)`,
    [userId, now],
  );
  return Number(result.rows[0]?.balance ?? 0);
}

/** Credits that expire within EXPIRING_SOON_WINDOW_DAYS, and in how many (whole, rounded up) days the first go. */
export async function expiringSoon(
  pool: pg.Pool,
  userId: string,
  now: Date = new Date(),
): Promise<ExpiringSoon> {
  userIdSchema.parse(userId);
  nowSchema.parse(now);
  const result = await pool.query<{ total: string; soonest: Date | null }>(
    `SELECT COALESCE(SUM(remaining), 0) AS total, MIN(expires_at) AS soonest FROM credit_grants
     WHERE user_id = $1 AND remaining > 0 AND expires_at > $2 AND expires_at <= $3`,
    [userId, now, new Date(now.getTime() + EXPIRING_SOON_WINDOW_DAYS * DAY_MS)],
  );
  const total = Number(result.rows[0]?.total ?? 0);
  const soonest = result.rows[0]?.soonest ?? null;
  if (total === 0 || soonest === null) return { total: 0, daysLeft: null };
  return { total, daysLeft: Math.ceil((soonest.getTime() - now.getTime()) / DAY_MS) };
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

/** The user's latest ledger entries, newest first. A hold over several grants has one entry per grant. */
export async function recentEntries(pool: pg.Pool, userId: string, limit = 20): Promise<LedgerEntry[]> {
  userIdSchema.parse(userId);
  recentEntriesLimitSchema.parse(limit);
  const result = await pool.query<EntryRow>(
    `SELECT id, user_id, kind, amount, grant_id, hold_id, created_at, metadata FROM credit_ledger_entries
     WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
    [userId, limit],
  );
  return result.rows.map(toEntry);
}

// ---------------------------------------------------------------------------------------------------------------
// Audit

/** One grant's balance as the audit sees it: its column, and the two independent recomputations of it. */
export interface GrantReconciliation {
  id: string;
  user_id: string;
  amount: number;
  remaining: number;
  /** Σ of the ledger entries naming the grant. */
  ledger_remaining: string | null;
  created_amount: string | null;
  creations: string | null;
  /** amount − allocations kept by holds − clawbacks. */
  allocation_remaining: string;
  clawed: string;
  clawed_entries: string;
  /** Credits its reversed claims gave back, by their negative records and by the grants that gave them. */
  restored: string;
  restored_grants: string;
}

/** Every grant's reconciliation (all users, or one), for the audit and the admin's compensating corrections. */
export async function reconcileGrants(
  client: pg.PoolClient,
  userId: string | null,
): Promise<GrantReconciliation[]> {
  const result = await client.query<GrantReconciliation>(
    `WITH by_ledger AS (
       SELECT grant_id,
              SUM(amount) AS ledger_remaining,
              SUM(amount) FILTER (WHERE kind IN ('grant', 'refund_grant')) AS created_amount,
              COUNT(*) FILTER (WHERE kind IN ('grant', 'refund_grant')) AS creations
       FROM credit_ledger_entries
       WHERE grant_id IS NOT NULL AND ($1::text IS NULL OR user_id = $1)
       GROUP BY grant_id
     ), by_holds AS (
       SELECT a.grant_id,
              SUM(a.amount) FILTER (
                WHERE NOT (h.status = 'voided' AND (g.expires_at IS NULL OR g.expires_at > h.resolved_at))
              ) AS kept
       FROM credit_hold_allocations a
       JOIN credit_holds h ON h.id = a.hold_id
       JOIN credit_grants g ON g.id = a.grant_id
       WHERE $1::text IS NULL OR g.user_id = $1
       GROUP BY a.grant_id
     ), by_clawbacks AS (
       SELECT grant_id,
              SUM(amount) FILTER (WHERE amount > 0) AS clawed,
              -SUM(amount) FILTER (WHERE amount < 0) AS restored
       FROM credit_clawbacks
       WHERE $1::text IS NULL OR user_id = $1
       GROUP BY grant_id
     ), restorations AS (
       SELECT (metadata->>'grantId')::uuid AS grant_id, SUM(amount) AS restored FROM credit_grants
       WHERE source = 'refund' AND metadata ? 'grantId' AND ($1::text IS NULL OR user_id = $1)
       GROUP BY 1
     ), clawback_entries AS (
       SELECT grant_id, -SUM(amount) AS clawed FROM credit_ledger_entries
       WHERE kind = 'clawback' AND ($1::text IS NULL OR user_id = $1)
       GROUP BY grant_id
     )
     SELECT g.id, g.user_id, g.amount, g.remaining, l.ledger_remaining, l.created_amount, l.creations,
            g.amount - COALESCE(b.kept, 0) - COALESCE(c.clawed, 0) AS allocation_remaining,
            COALESCE(c.clawed, 0) AS clawed, COALESCE(ce.clawed, 0) AS clawed_entries,
            COALESCE(c.restored, 0) AS restored, COALESCE(r.restored, 0) AS restored_grants
     FROM credit_grants g
     LEFT JOIN by_ledger l ON l.grant_id = g.id
     LEFT JOIN by_holds b ON b.grant_id = g.id
     LEFT JOIN by_clawbacks c ON c.grant_id = g.id
     LEFT JOIN clawback_entries ce ON ce.grant_id = g.id
     LEFT JOIN restorations r ON r.grant_id = g.id
     WHERE $1::text IS NULL OR g.user_id = $1
     ORDER BY g.user_id, g.created_at, g.id`,
    [userId],
  );
  return result.rows;
}

/**
 * Reconciles the ledger (all users, or one): returns the problems found, empty when clean. Each grant's
 * `remaining` is recomputed twice, independently of the column itself:
 * 1. from the ledger: Σ of the entries naming the grant;
 * 2. from the holds: amount − every allocation taken from it + the allocations of voided holds that went back
 *    to it (a void gives back iff the grant was still valid when the hold was resolved) − what refunds clawed back.
 * Holds are checked against their allocations and entries, and each resolved hold must have its resolving
 * entries (one capture, or voids + refund worth its amount). Runs in one REPEATABLE READ snapshot.
 */
export async function audit(pool: pg.Pool, userId?: string): Promise<AuditProblem[]> {
  if (userId !== undefined) userIdSchema.parse(userId);
  const user = userId ?? null;
  return inTransaction(
    pool,
    async (client) => {
      const problems: AuditProblem[] = [];

      for (const g of await reconcileGrants(client, user)) {
        const base = { userId: g.user_id, grantId: g.id };
        if (g.remaining < 0 || g.remaining > g.amount) {
          problems.push({
            ...base,
            code: 'grant_remaining_out_of_range',
            message: `remaining ${g.remaining} outside 0..${g.amount}`,
          });
        }
        const ledgerRemaining = Number(g.ledger_remaining ?? 0);
        if (ledgerRemaining !== g.remaining) {
          problems.push({
            ...base,
            code: 'grant_ledger_mismatch',
            message: `remaining ${g.remaining} but its ledger entries sum to ${ledgerRemaining}`,
          });
        }
        const allocationRemaining = Number(g.allocation_remaining);
        if (allocationRemaining !== g.remaining) {
          problems.push({
            ...base,
            code: 'grant_allocation_mismatch',
            message: `remaining ${g.remaining} but amount minus kept allocations is ${allocationRemaining}`,
          });
        }
        // Every clawback row must be mirrored by its ledger entry (rows taking 0 have none).
        if (Number(g.clawed) !== Number(g.clawed_entries)) {
          problems.push({
            ...base,
            code: 'clawback_mismatch',
            message: `clawbacks take ${g.clawed} but clawback entries sum to ${g.clawed_entries}`,
          });
        }
        // Every restoration record must be mirrored by the grant that gave the credits back.
        if (Number(g.restored) !== Number(g.restored_grants)) {
          problems.push({
            ...base,
            code: 'restore_mismatch',
            message: `restorations record ${g.restored} but their grants give ${g.restored_grants}`,
          });
        }
        if (Number(g.creations ?? 0) !== 1 || Number(g.created_amount ?? 0) !== g.amount) {
          problems.push({
            ...base,
            code: 'grant_creation_entry',
            message: `expected one creation entry of ${g.amount}, found ${g.creations ?? 0} worth ${g.created_amount ?? 0}`,
          });
        }
      }

      const holds = await client.query<{
        id: string;
        user_id: string;
        amount: number;
        status: HoldStatus;
        allocated: string | null;
        held: string | null;
        captures: string | null;
        given_back: string | null;
        mismatched_parts: string;
      }>(
        `WITH audited AS (
         SELECT id FROM credit_holds WHERE $1::text IS NULL OR user_id = $1
       ), alloc AS (
         SELECT hold_id, SUM(amount) AS allocated FROM credit_hold_allocations
         WHERE hold_id IN (SELECT id FROM audited)
         GROUP BY hold_id
       ), entries AS (
         SELECT hold_id,
                -SUM(amount) FILTER (WHERE kind = 'hold') AS held,
                COUNT(*) FILTER (WHERE kind = 'capture') AS captures,
                SUM(amount) FILTER (WHERE kind IN ('void', 'refund_grant')) AS given_back
         FROM credit_ledger_entries
         WHERE hold_id IS NOT NULL AND ($1::text IS NULL OR user_id = $1)
         GROUP BY hold_id
       ), parts AS (
         -- Per (hold, grant): the hold entries must mirror the allocations exactly.
         SELECT COALESCE(a.hold_id, e.hold_id) AS hold_id, COUNT(*) AS mismatched
         FROM (SELECT * FROM credit_hold_allocations WHERE hold_id IN (SELECT id FROM audited)) a
         FULL JOIN (
           SELECT hold_id, grant_id, -SUM(amount) AS held FROM credit_ledger_entries
           WHERE kind = 'hold' AND ($1::text IS NULL OR user_id = $1)
           GROUP BY hold_id, grant_id
         ) e ON e.hold_id = a.hold_id AND e.grant_id = a.grant_id
         WHERE a.amount IS DISTINCT FROM e.held
         GROUP BY 1
       )
       SELECT h.id, h.user_id, h.amount, h.status, a.allocated, e.held, e.captures, e.given_back,
              COALESCE(p.mismatched, 0) AS mismatched_parts
       FROM credit_holds h
       LEFT JOIN alloc a ON a.hold_id = h.id
       LEFT JOIN entries e ON e.hold_id = h.id
       LEFT JOIN parts p ON p.hold_id = h.id
       WHERE $1::text IS NULL OR h.user_id = $1
       ORDER BY h.user_id, h.created_at, h.id`,
        [user],
      );
      for (const h of holds.rows) {
        const base = { userId: h.user_id, holdId: h.id };
        const allocated = Number(h.allocated ?? 0);
        if (allocated !== h.amount) {
          problems.push({
            ...base,
            code: 'hold_allocation_sum',
            message: `amount ${h.amount} but allocations sum to ${allocated}`,
          });
        }
        const held = Number(h.held ?? 0);
        if (held !== h.amount || Number(h.mismatched_parts) > 0) {
          problems.push({
            ...base,
            code: 'hold_entries_mismatch',
            message: `amount ${h.amount}, hold entries ${held}, ${h.mismatched_parts} part(s) differing from allocations`,
          });
        }
        const captures = Number(h.captures ?? 0);
        const givenBack = Number(h.given_back ?? 0);
        const resolvedRight =
          h.status === 'pending'
            ? captures === 0 && givenBack === 0
            : h.status === 'captured'
              ? captures === 1 && givenBack === 0
              : captures === 0 && givenBack === h.amount;
        if (!resolvedRight) {
          problems.push({
            ...base,
            code: 'hold_resolution',
            message: `status ${h.status} with ${captures} capture entr(ies) and ${givenBack} credits given back`,
          });
        }
      }

      // Rows pointing across users: an entry or an allocation linking one user's hold to another user's grant.
      const crossed = await client.query<{
        user_id: string;
        grant_id: string | null;
        hold_id: string | null;
      }>(
        `SELECT e.user_id, e.grant_id, e.hold_id FROM credit_ledger_entries e
       LEFT JOIN credit_grants g ON g.id = e.grant_id
       LEFT JOIN credit_holds h ON h.id = e.hold_id
       WHERE (g.user_id <> e.user_id OR h.user_id <> e.user_id) AND ($1::text IS NULL OR e.user_id = $1)
       UNION ALL
       SELECT h.user_id, a.grant_id, a.hold_id FROM credit_hold_allocations a
       JOIN credit_holds h ON h.id = a.hold_id
       JOIN credit_grants g ON g.id = a.grant_id
       WHERE g.user_id <> h.user_id AND ($1::text IS NULL OR h.user_id = $1 OR g.user_id = $1)`,
        [user],
      );
      for (const row of crossed.rows) {
        problems.push({
          code: 'user_mismatch',
          userId: row.user_id,
          ...(row.grant_id ? { grantId: row.grant_id } : {}),
          ...(row.hold_id ? { holdId: row.hold_id } : {}),
          message: 'links rows of different users',
        });
      }

      return problems;
    },
    { begin: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' },
  );
}
