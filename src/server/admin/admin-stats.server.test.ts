import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '#server/credits/ledger-grants.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { adminStats, dailySeries } from './admin-stats.server';

/** The figures' definitions on a database of their own, with a fixed clock: days, ties, empty states. */

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

async function insertUser(id: string, createdAt: string): Promise<void> {
  await pool.query('INSERT INTO "user" (id, name, email, created_at) VALUES ($1, $1, $2, $3)', [
    id,
    `${id}@cena.test`,
    createdAt,
  ]);
}

describe('with nobody yet', () => {
  it('answers zeros and no favourites, and a 0 conversion rate', async () => {
    const stats = await adminStats(pool, new Date('2026-03-10T12:00:00Z'));
    expect(stats).toMatchObject({
      totalUsers: 0,
      payingUsers: 0,
      conversionRate: 0,
      totalRevenue: 0,
      mostPopularPlan: null,
      mostUsedQuality: null,
      topCreditPackage: null,
    });
  });
});

describe('days and ties', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  beforeAll(async () => {
    // 02:30 UTC on the 10th is 23:30 on the 9th in São Paulo (UTC−3).
    await insertUser('late-night', '2026-03-10T02:30:00Z');
    await insertUser('morning', '2026-03-10T11:00:00Z');
    await insertUser('month-ago', '2026-02-01T12:00:00Z');
    await pool.query(
      `INSERT INTO transactions (user_id, type, amount, description, provider_ref, created_at)
       VALUES ('late-night', 'payment', 10990, 'Pacote', 'cs_1', '2026-03-10T02:45:00Z'),
              ('morning', 'payment', 35990, 'Pacote', 'cs_2', '2026-03-10T11:30:00Z')`,
    );
    // One subscription to each of two plans, one request of each quality, one sale of each of two packages: ties.
    await pool.query(
      `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, plan_id, billing_period, status,
         current_period_start, current_period_end)
       VALUES ('morning', 'local', 'sub_pro', 'pro', 'monthly', 'active', $1, $1::timestamptz + interval '30 days'),
              ('late-night', 'local', 'sub_creator', 'creator', 'monthly', 'trialing', $1,
               $1::timestamptz + interval '30 days')`,
      [now],
    );
    await pool.query(
      `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, created_at)
       VALUES (gen_random_uuid(), 'morning', gen_random_uuid(), 'um prompt qualquer', 'quality', '16:9', 25, $1),
              (gen_random_uuid(), 'morning', gen_random_uuid(), 'um prompt qualquer', 'fast', '16:9', 10, $1)`,
      [now],
    );
    await pool.query(
      `INSERT INTO checkout_sessions (id, user_id, provider, kind, package_id, amount_cents, status)
       VALUES ('cs_1', 'late-night', 'local', 'package', 'large', 65990, 'paid'),
              ('cs_2', 'morning', 'local', 'package', 'medium', 35990, 'paid')`,
    );
  });

  it('counts each signup and payment on its São Paulo day', async () => {
    const days = await dailySeries(pool, 30, now);
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe('2026-02-09');
    expect(days.at(-1)).toEqual({ date: '2026-03-10', signups: 1, revenue: 35990, videos: 2 });
    expect(days.at(-2)).toEqual({ date: '2026-03-09', signups: 1, revenue: 10990, videos: 0 });
    expect(days.reduce((total, day) => total + day.signups, 0)).toBe(2);
  });

  it('breaks ties in catalogue order and counts the 30-day window from now', async () => {
    const stats = await adminStats(pool, now);
    expect(stats.mostPopularPlan).toBe('creator');
    expect(stats.mostUsedQuality).toBe('fast');
    expect(stats.topCreditPackage).toBe('medium');
    expect(stats.activeSubscriptions).toBe(2);
    expect(stats.recentSignups).toBe(2);
    expect(stats.conversionRate).toBe(66.7);
  });
});

describe('credits given away', () => {
  it('counts the free first videos and invite rewards apart from the credits paid for', async () => {
    await insertUser('free-rider', '2026-03-01T12:00:00Z');
    const base = { userId: 'free-rider', expiresAt: null };
    await grant(pool, { ...base, amount: 100, source: 'package', sourceRef: 'cs_given' });
    await grant(pool, { ...base, amount: 10, source: 'trial', sourceRef: 'email:given' });
    await grant(pool, { ...base, amount: 20, source: 'invite', sourceRef: 'inviter:given' });
    const stats = await adminStats(pool, new Date('2026-03-10T12:00:00Z'));
    expect(stats).toMatchObject({ totalCreditsIssued: 100, trialCreditsIssued: 10, inviteCreditsIssued: 20 });
  });
});
