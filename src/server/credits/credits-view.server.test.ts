import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createPool } from '#server/db/database.server';
import { createLogger } from '#server/logger.server';
import type { CreditsResponse } from '#shared/credits';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { creditsView } from './credits-view.server';
import { expiringSoon } from './ledger-expiry.server';
import { grant } from './ledger-grants.server';
import { capture, voidHold } from './ledger-hold-resolution.server';
import { hold } from './ledger-holds.server';
import { balance, listGrants, recentEntries } from './ledger-reads.server';

const T0 = new Date('2030-01-01T12:00:00.123Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(T0.getTime() + days * DAY_MS);

let db: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, 5, createLogger('silent'));
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** What `GET /api/credits` answered when each part was its own statement (the ledger's reads, composed). */
async function composedView(userId: string, limit: number, now: Date): Promise<CreditsResponse> {
  const [current, soon, grants, entries] = await Promise.all([
    balance(pool, userId, now),
    expiringSoon(pool, userId, now),
    listGrants(pool, userId, now),
    recentEntries(pool, userId, limit),
  ]);
  return {
    balance: current,
    expiringSoon: soon,
    grants: grants.map((g) => ({
      id: g.id,
      amount: g.amount,
      remaining: g.remaining,
      source: g.source,
      planType: g.planType,
      expiresAt: g.expiresAt?.toISOString() ?? null,
      createdAt: g.createdAt.toISOString(),
      expired: g.expired,
    })),
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: e.amount,
      createdAt: e.createdAt.toISOString(),
      grantId: e.grantId,
      holdId: e.holdId,
    })),
  };
}

async function give(userId: string, amount: number, expiresAt: Date | null, createdAt: Date) {
  await grant(
    pool,
    { userId, amount, source: 'package', sourceRef: `cs_${randomUUID()}`, expiresAt },
    createdAt,
  );
}

async function holdOf(userId: string, amount: number, now: Date): Promise<string> {
  const result = await hold(pool, { userId, amount, reference: `req-${randomUUID()}` }, now);
  if (!result.ok) throw new Error(`hold refused, balance ${result.balance}`);
  return result.hold.id;
}

it('answers what the balance, expiry, grants and entries reads answer, at every instant, in one statement', async () => {
  const user = await insertUser(pool);
  await give(user, 10, null, T0);
  await give(user, 25, at(3), at(0.25)); // expiring soon from day -4, expired from day 3
  await give(user, 40, at(30), at(0.5));
  await give(user, 7, at(1), at(0.75)); // emptied by the holds below
  await capture(pool, await holdOf(user, 12, at(0.8)), at(0.9));
  await voidHold(pool, await holdOf(user, 5, at(0.85)), at(0.95));
  await holdOf(user, 8, at(0.9)); // still pending: its credits are taken
  const spy = vi.spyOn(pool, 'query');
  for (const now of [T0, at(0.99), at(2.5), at(3), at(24), at(29.5), at(31)]) {
    for (const limit of [1, 3, 20]) {
      spy.mockClear();
      const view = await creditsView(pool, user, limit, now);
      expect(spy, `${now.toISOString()} ${limit}`).toHaveBeenCalledTimes(1);
      expect(view, `${now.toISOString()} ${limit}`).toEqual(await composedView(user, limit, now));
    }
  }
  spy.mockRestore();
  expect((await creditsView(pool, user, 20, at(2.5))).expiringSoon).toEqual({ total: 12, daysLeft: 1 });
});

it('answers nothing for a user without grants', async () => {
  const user = await insertUser(pool);
  expect(await creditsView(pool, user, 20, T0)).toEqual({
    balance: 0,
    expiringSoon: { total: 0, daysLeft: null },
    grants: [],
    entries: [],
  });
});

let app: TestApp | undefined;
afterAll(async () => {
  await app?.stop();
});

it('GET /api/credits reads the ledger in one round trip once the session is cached', async () => {
  app = await startTestApp();
  const { client } = await signUpAndVerify(app.url);
  const me = (await (await client.fetch('/api/auth/get-session')).json()) as { user: { id: string } };
  const appPool = app.cena.pool;
  await grant(appPool, {
    userId: me.user.id,
    amount: 30,
    source: 'package',
    sourceRef: `cs_${randomUUID()}`,
    expiresAt: null,
  });
  expect((await client.fetch('/api/credits')).status).toBe(200);
  const ledgerStatements: string[] = [];
  const query = appPool.query.bind(appPool);
  const spy = vi.spyOn(appPool, 'query').mockImplementation(((...args: Parameters<pg.Pool['query']>) => {
    const [first] = args as unknown as [string | { text: string }];
    const text = typeof first === 'string' ? first : first.text;
    if (/credit_(grants|ledger_entries)/.test(text)) ledgerStatements.push(text);
    return (query as (...a: unknown[]) => unknown)(...args);
  }) as unknown as pg.Pool['query']);
  const response = await client.fetch('/api/credits');
  spy.mockRestore();
  expect(response.status).toBe(200);
  const body = (await response.json()) as CreditsResponse;
  expect(body.balance).toBe(30);
  expect(body.entries).toHaveLength(1);
  expect(ledgerStatements).toHaveLength(1);
});
