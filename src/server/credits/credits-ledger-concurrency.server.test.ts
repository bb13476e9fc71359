import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inTransaction } from '#server/kernel/transaction.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { audit } from './ledger-audit.server';
import { grant } from './ledger-grants.server';
import { voidHoldInTransaction } from './ledger-hold-resolution.server';
import { hold } from './ledger-holds.server';
import { balance } from './ledger-reads.server';

/**
 * One user spending and being refunded at once, as the create endpoint and the workers do: holds take from several
 * grants while voids give back to them, each inside a transaction that also writes ledger entries (whose foreign
 * keys lock the account row in KEY SHARE mode). None of it may deadlock, and the ledger must stay exact.
 */

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 24 });
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

it('runs concurrent spends and refunds of one user without deadlocks', async () => {
  const userId = await insertUser(pool);
  // Small grants expiring at different times, so each hold spans several of them.
  for (let i = 0; i < 8; i++) {
    await grant(pool, {
      userId,
      amount: 15,
      source: 'adjustment',
      sourceRef: `t:${randomUUID()}`,
      expiresAt: new Date(Date.now() + (i + 1) * 86_400_000),
    });
  }
  const cycle = async () => {
    for (let round = 0; round < 10; round++) {
      let holdId: string | undefined;
      await inTransaction(pool, async (client) => {
        const held = await hold(client, { userId, amount: 25, reference: `r:${randomUUID()}` });
        if (held.ok) holdId = held.hold.id;
      });
      if (holdId) {
        const id = holdId;
        await inTransaction(pool, async (client) => {
          await voidHoldInTransaction(client, id);
        });
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: 20 }, cycle));
  const failures = results.filter((result) => result.status === 'rejected');
  expect(failures.map((failure) => String((failure as PromiseRejectedResult).reason))).toEqual([]);
  expect(await balance(pool, userId)).toBe(120);
  expect(await audit(pool, userId)).toEqual([]);
});
