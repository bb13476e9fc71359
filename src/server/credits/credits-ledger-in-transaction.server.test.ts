import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { audit } from './ledger-audit.server';
import { grant } from './ledger-grants.server';
import { hold } from './ledger-holds.server';
import { CreditsConflictError } from './ledger-inputs.server';
import { balance } from './ledger-reads.server';

/** hold() given a client already inside the caller's transaction: it commits and rolls back with it. */

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 4 });
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

async function funded(amount: number): Promise<string> {
  const userId = await insertUser(pool);
  await grant(pool, { userId, amount, source: 'adjustment', sourceRef: randomUUID(), expiresAt: null });
  return userId;
}

async function inTransaction<T>(run: (client: pg.PoolClient) => Promise<T>, commit: boolean): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await run(client);
    await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    return result;
  } finally {
    client.release();
  }
}

it('commits with the caller’s transaction and vanishes with its rollback', async () => {
  const userId = await funded(30);
  const kept = await inTransaction(
    (client) => hold(client, { userId, amount: 10, reference: randomUUID() }),
    true,
  );
  expect(kept.ok).toBe(true);
  expect(await balance(pool, userId)).toBe(20);

  const reference = randomUUID();
  const dropped = await inTransaction((client) => hold(client, { userId, amount: 10, reference }), false);
  expect(dropped.ok && dropped.created).toBe(true);
  expect(await balance(pool, userId)).toBe(20);
  expect((await pool.query('SELECT 1 FROM credit_holds WHERE reference = $1', [reference])).rowCount).toBe(0);
  expect(await audit(pool, userId)).toEqual([]);
});

it('leaves the caller’s transaction usable after a refused or conflicting hold', async () => {
  const userId = await funded(10);
  const reference = randomUUID();
  await hold(pool, { userId, amount: 5, reference });
  await inTransaction(async (client) => {
    expect(await hold(client, { userId, amount: 50, reference: randomUUID() })).toMatchObject({ ok: false });
    await expect(hold(client, { userId, amount: 6, reference })).rejects.toBeInstanceOf(CreditsConflictError);
    // Still inside a healthy transaction.
    expect((await client.query('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 });
  }, true);
  expect(await balance(pool, userId)).toBe(5);
});

it('holds the account lock until the caller commits, so concurrent holds of one user serialise', async () => {
  const userId = await funded(10);
  const first = await pool.connect();
  try {
    await first.query('BEGIN');
    expect((await hold(first, { userId, amount: 10, reference: randomUUID() })).ok).toBe(true);
    let secondDone = false;
    const second = hold(pool, { userId, amount: 10, reference: randomUUID() }).then((result) => {
      secondDone = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(secondDone).toBe(false);
    await first.query('COMMIT');
    expect(await second).toMatchObject({ ok: false, reason: 'insufficient_credits', balance: 0 });
  } finally {
    first.release();
  }
});
