import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { inTransaction } from '#server/kernel/transaction.server';
import {
  CreditsConflictError,
  creditAmountSchema,
  idempotencyKeySchema,
  nowSchema,
  userIdSchema,
} from './ledger-inputs.server';
import {
  type CreditHold,
  type GrantSqlRow,
  HOLD_COLUMNS,
  type HoldSqlRow,
  toHold,
} from './ledger-rows.server';

/**
 * Holding credits for a video request. The credits ledger (design §3) is grants, holds and append-only ledger
 * entries, one module per operation (`ledger-*.server.ts`, rows typed in ledger-rows.server.ts). Every operation is
 * one transaction on a `pg.Pool` in raw parameterised SQL, so the locking and the exact statements stay visible
 * (ADR 0008).
 *
 * Concurrency rules, which every ledger module relies on (the account lock: ADR 0002):
 * - Whatever changes a user's grants first locks the user's `credit_accounts` row (`FOR NO KEY UPDATE`): holds,
 *   voids, clawbacks and restorations of one user run one after the other (READ COMMITTED: statements after the
 *   lock see everything committed before it); different users never wait for each other. Captures touch no
 *   grant and take no lock; a grant only inserts rows.
 * - Grant updates are relative (`remaining = remaining ± x`) and the CHECK (remaining >= 0) backs the arithmetic.
 * - Idempotency lives in UNIQUE constraints (grant source + source_ref, hold reference) and in resolving a hold
 *   with `UPDATE … WHERE status = 'pending'`, never in a read-then-write in application code.
 *
 * Every operation takes `now` (default: the current time) instead of SQL `now()`, so tests can move the clock.
 */

const holdInputSchema = z.object({
  userId: userIdSchema,
  amount: creditAmountSchema,
  reference: idempotencyKeySchema,
});
type HoldInput = z.input<typeof holdInputSchema>;

type HoldResult =
  | { ok: true; hold: CreditHold; created: boolean }
  | { ok: false; reason: 'insufficient_credits'; balance: number };

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
  const existing = await client.query<HoldSqlRow>(
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

  const valid = await client.query<Pick<GrantSqlRow, 'id' | 'remaining'>>(
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
  const inserted = await client.query<HoldSqlRow>(
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
