import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { grant } from '#server/credits/ledger-grants.server';
import { hold } from '#server/credits/ledger-holds.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { dashboardStats } from './dashboard-stats.server';

/**
 * The dashboard's stats are one statement whatever its counts' parts (ADR 0060): the counts and the balance in one
 * round trip, for a user counted whole, a heavy one whose settled part is counted then, and one whose settled part
 * is kept.
 */

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

/** A user with `count` Fast requests (every 7th failed), one minute apart from `age` back, and 100 credits less 25 held. */
async function userWith(count: number, age: string): Promise<string> {
  const id = `stats-${randomUUID()}`;
  await pool.query(`INSERT INTO "user" (id, name, email) VALUES ($1, 'Ana', $1 || '@example.com')`, [id]);
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, created_at)
     SELECT gen_random_uuid(), $1, gen_random_uuid(), 'Praia', CASE WHEN i % 3 = 0 THEN 'quality' ELSE 'fast' END,
            '16:9', 10, CASE WHEN i % 7 = 0 THEN 'failed' ELSE 'completed' END,
            now() - $3::interval - make_interval(mins => i)
     FROM generate_series(1, $2::int) i`,
    [id, count, age],
  );
  await grant(pool, {
    userId: id,
    amount: 100,
    source: 'package',
    sourceRef: `cs_${randomUUID()}`,
    expiresAt: null,
  });
  await hold(pool, { userId: id, amount: 25, reference: `req-${randomUUID()}` });
  return id;
}

async function statsInStatements(userId: string) {
  const spy = vi.spyOn(pool, 'query');
  try {
    const stats = await dashboardStats(pool, userId, 'all', 'America/Sao_Paulo');
    return { stats, statements: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

it('reads the stats and the balance in one statement, whatever is kept', async () => {
  const light = await userWith(40, '10 minutes');
  const few = await statsInStatements(light);
  expect(few.statements).toBe(1);
  expect(few.stats).toMatchObject({
    videosCreated: 40,
    creditsSpent: 350,
    balance: 75,
    mostUsedQuality: 'fast',
  });

  const heavy = await userWith(6_000, '3 hours');
  const counted = await statsInStatements(heavy);
  const kept = await statsInStatements(heavy);
  expect([counted.statements, kept.statements]).toEqual([1, 1]);
  const expected = { videosCreated: 6_000, creditsSpent: 51_430, balance: 75, mostUsedQuality: 'fast' };
  expect(counted.stats).toMatchObject(expected);
  expect(kept.stats).toMatchObject(expected);
});
