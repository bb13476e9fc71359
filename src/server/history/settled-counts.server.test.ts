import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { historyQuerySchema } from '#shared/history-filters';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { dashboardStats } from './dashboard-stats.server';
import { listHistory } from './history-page.server';

/**
 * The history's total and the dashboard's stats of a user with many requests count those older than the last full
 * hour once per 5 minutes (the all-time counts of 100 000 requests are what `npm run bench:history` found slow);
 * newer ones, and every count of a user with few requests, are exact on each call.
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

async function userWithRequests(id: string, count: number): Promise<void> {
  await pool.query(`INSERT INTO "user" (id, name, email) VALUES ($1, 'Ana', $1 || '@example.com')`, [id]);
  await insertRequests(id, count, '3 hours');
}

/** `count` completed Fast requests of 10 credits, created `age` ago and one minute apart before that. */
async function insertRequests(userId: string, count: number, age: string): Promise<void> {
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, created_at)
     SELECT gen_random_uuid(), $1, gen_random_uuid(), 'Praia', 'fast', '16:9', 10, 'completed',
            now() - $3::interval - make_interval(mins => i)
     FROM generate_series(1, $2::int) i`,
    [userId, count, age],
  );
}

const allTime = async (userId: string) => dashboardStats(pool, userId, 'all', 'America/Sao_Paulo');

it('keeps the count of a heavy user older than the last full hour, and counts newer requests at once', async () => {
  await userWithRequests('heavy', 6_000);
  expect((await allTime('heavy')).videosCreated).toBe(6_000);
  await insertRequests('heavy', 1, '5 hours');
  expect((await allTime('heavy')).videosCreated).toBe(6_000);
  await insertRequests('heavy', 2, '1 minute');
  const stats = await allTime('heavy');
  expect(stats.videosCreated).toBe(6_002);
  expect(stats.creditsSpent).toBe(60_020);
});

it('counts a user with few requests exactly on every call', async () => {
  await userWithRequests('light', 10);
  expect((await allTime('light')).videosCreated).toBe(10);
  await insertRequests('light', 1, '5 hours');
  expect((await allTime('light')).videosCreated).toBe(11);
});

it('keeps the history total of a heavy user older than the last full hour, and counts newer requests at once', async () => {
  await userWithRequests('lister', 6_000);
  const total = async () =>
    (await listHistory(pool, 'lister', historyQuerySchema.parse({}), 'America/Sao_Paulo')).total;
  expect(await total()).toBe(6_000);
  await insertRequests('lister', 1, '5 hours');
  expect(await total()).toBe(6_000);
  await insertRequests('lister', 3, '1 minute');
  expect(await total()).toBe(6_003);
});
