import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '#server/accounts/roles.server';
import { audit } from '#server/credits/ledger-audit.server';
import { grant } from '#server/credits/ledger-grants.server';
import { hold } from '#server/credits/ledger-holds.server';
import type {
  AdminGrantResult,
  AdminStats,
  AdminUserDetail,
  DailyPoint,
  EnvironmentCheck,
  FailedRequestItem,
  FixTransactionsResult,
  UnknownOutcomeItem,
  UserSearchItem,
} from '#shared/admin';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { againIfCrossed, saoPauloDay } from '#tests/support/clock-windows';
import { testPool } from '#tests/support/database';
import { type FakeGemini, startFakeGemini } from '#tests/support/fake-gemini';
import { STRIPE_TEST_ENV } from '#tests/support/fake-stripe';
import type { SessionClient } from '#tests/support/session-client';

/** The admin API on the real server: role checks on every route, figures, support tools and the ledger fix. */

let app: TestApp;
let pool: pg.Pool;
let admin: SessionClient;
let adminId: string;
let member: SessionClient;
let memberId: string;

const DAY_MS = 24 * 60 * 60 * 1000;

async function userIdOf(client: SessionClient): Promise<string> {
  return (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
}

beforeAll(async () => {
  app = await startTestApp();
  pool = testPool({ connectionString: app.databaseUrl, max: 3 });
  ({ client: admin } = await signUpAndVerify(app.url, {
    email: `admin-${randomUUID().slice(0, 6)}@cena.test`,
  }));
  adminId = await userIdOf(admin);
  await grantRole(pool, adminId, 'admin');
  ({ client: member } = await signUpAndVerify(app.url, {
    email: `membro-${randomUUID().slice(0, 6)}@cena.test`,
  }));
  memberId = await userIdOf(member);
});

afterAll(async () => {
  await pool?.end();
  await app?.stop();
});

const ADMIN_ENDPOINTS: { method: 'GET' | 'POST'; path: () => string; json?: unknown }[] = [
  { method: 'GET', path: () => '/api/admin/stats' },
  { method: 'GET', path: () => '/api/admin/daily' },
  { method: 'GET', path: () => '/api/admin/failed-requests' },
  { method: 'GET', path: () => '/api/admin/unknown-outcomes' },
  { method: 'GET', path: () => '/api/admin/users?email=ad' },
  { method: 'GET', path: () => `/api/admin/users/${memberId}` },
  {
    method: 'POST',
    path: () => `/api/admin/users/${memberId}/credits`,
    json: { amount: 10, reason: 'cortesia', idempotencyKey: randomUUID() },
  },
  { method: 'POST', path: () => '/api/admin/reconcile', json: {} },
  { method: 'POST', path: () => '/api/admin/environment', json: {} },
  { method: 'POST', path: () => '/api/admin/fix-transactions', json: {} },
];

describe('every admin endpoint checks the role on the server', () => {
  it.each(ADMIN_ENDPOINTS)('$method $path: 403 for a normal user, 401 signed out', async (endpoint) => {
    const asMember = await member.fetch(endpoint.path(), { method: endpoint.method, json: endpoint.json });
    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toMatchObject({
      error: { code: 'forbidden', message: 'Acesso restrito a administradores.' },
    });
    const signedOut = await fetch(`${app.url}${endpoint.path()}`, {
      method: endpoint.method,
      headers: { 'content-type': 'application/json', origin: app.url },
      body: endpoint.json === undefined ? undefined : JSON.stringify(endpoint.json),
    });
    expect(signedOut.status).toBe(401);
  });

  it('a member granted nothing got nothing from those calls', async () => {
    const grants = await pool.query('SELECT 1 FROM credit_grants WHERE user_id = $1', [memberId]);
    expect(grants.rowCount).toBe(0);
  });

  it('the guard check answers every signed-in user', async () => {
    expect((await member.json('/api/admin/check')).body).toEqual({ isAdmin: false });
    expect((await admin.json('/api/admin/check')).body).toEqual({ isAdmin: true });
  });
});

describe('figures', () => {
  it('stats follow the data: revenue nets refunds, conversion has one decimal', async () => {
    const before = (await admin.json<AdminStats>('/api/admin/stats')).body;
    const buyer = await insertUser('comprador');
    const subscriber = await insertUser('assinante');
    const refunded = await insertUser('reembolsado');
    await insertUser('antigo', new Date(Date.now() - 45 * DAY_MS));
    await payPackage(buyer, 'medium', 35990);
    await payPackage(buyer, 'medium', 35990);
    await payPackage(refunded, 'small', 10990);
    await insertTransaction(refunded, 'payment', -10990, `refund:${randomUUID()}`, null);
    await insertTransaction(subscriber, 'payment', 31990, `in_${randomUUID()}`, `in_${randomUUID()}`);
    await pool.query(
      `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, plan_id, billing_period, status,
         current_period_start, current_period_end)
       VALUES ($1, 'local', $2, 'creator', 'monthly', 'active', now(), now() + interval '30 days')`,
      [subscriber, `sub_${randomUUID()}`],
    );
    await insertRequest(buyer, 'quality', 'completed');
    await insertRequest(buyer, 'quality', 'completed');
    await insertRequest(subscriber, 'fast', 'completed');

    const stats = (await admin.json<AdminStats>('/api/admin/stats')).body;
    expect(stats.totalUsers - before.totalUsers).toBe(4);
    expect(stats.recentSignups - before.recentSignups).toBe(3);
    // The refunded user paid 0 net: not paying.
    expect(stats.payingUsers - before.payingUsers).toBe(2);
    expect(stats.creditPackageRevenue - before.creditPackageRevenue).toBe(35990 * 2);
    expect(stats.subscriptionRevenue - before.subscriptionRevenue).toBe(31990);
    expect(stats.totalRevenue).toBe(stats.subscriptionRevenue + stats.creditPackageRevenue);
    expect(stats.creditPackagesSold - before.creditPackagesSold).toBe(3);
    expect(stats.activeSubscriptions - before.activeSubscriptions).toBe(1);
    expect(stats.totalVideoRequests - before.totalVideoRequests).toBe(3);
    expect(stats.conversionRate).toBe(Math.round((stats.payingUsers / stats.totalUsers) * 1000) / 10);
    expect(stats.topCreditPackage).toBe('medium');
    expect(stats.mostPopularPlan).toBe('creator');
    expect(stats.mostUsedQuality).toBe('quality');
  });

  it('the daily series has 30 São Paulo days, oldest first, with today’s activity', async () => {
    // The server reads its own clock: a run across São Paulo midnight is made again in the new day.
    await againIfCrossed(saoPauloDay, async () => {
      for (const label of ['diario-1', 'diario-2', 'diario-3']) await insertUser(label);
      const { status, body } = await admin.json<{ days: DailyPoint[] }>('/api/admin/daily');
      expect(status).toBe(200);
      expect(body.days).toHaveLength(30);
      expect(body.days.at(-1)?.date).toBe(saoPauloDay());
      expect(body.days.at(-1)?.signups).toBeGreaterThanOrEqual(3);
      expect(body.days.map((day) => day.date)).toEqual([...body.days.map((day) => day.date)].sort());
    });
    expect((await admin.json('/api/admin/daily?days=7')).body).toMatchObject({ days: expect.any(Array) });
    expect((await admin.json<{ days: DailyPoint[] }>('/api/admin/daily?days=7')).body.days).toHaveLength(7);
    const bad = await admin.json<{ error: { message: string } }>('/api/admin/daily?days=1000');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Mostre no máximo 90 dias.');
    expect((await admin.json('/api/admin/daily?dias=7')).status).toBe(400);
  });

  it('lists the failures of the last 24 hours with their messages', async () => {
    const user = await insertUser('falhas');
    const recent = await insertRequest(user, 'fast', 'failed', 'O provedor recusou o prompt.');
    const old = await insertRequest(user, 'fast', 'failed', 'antigo', new Date(Date.now() - 2 * DAY_MS));
    const { body } = await admin.json<{ items: FailedRequestItem[] }>('/api/admin/failed-requests');
    const ids = body.items.map((item) => item.id);
    expect(ids).toContain(recent);
    expect(ids).not.toContain(old);
    expect(body.items.find((item) => item.id === recent)).toMatchObject({
      userEmail: `${user}@cena.test`,
      errorMessage: 'O provedor recusou o prompt.',
    });
  });

  it('lists the requests refunded with the provider outcome unknown, for reconciliation', async () => {
    const user = await insertUser('incertos');
    const unknown = await insertRequest(user, 'quality', 'failed', 'Não conseguimos confirmar…');
    const known = await insertRequest(user, 'fast', 'failed', 'O provedor recusou o prompt.');
    await pool.query(
      `UPDATE video_requests SET provider_project = 'projeto-a', model = 'gemini-omni-1.1-flash',
         create_sent_at = now() - interval '6 minutes', provider_outcome_unknown_at = now()
       WHERE id = $1`,
      [unknown],
    );
    const { status, body } = await admin.json<{ items: UnknownOutcomeItem[] }>('/api/admin/unknown-outcomes');
    expect(status).toBe(200);
    const ids = body.items.map((item) => item.id);
    expect(ids).toContain(unknown);
    expect(ids).not.toContain(known);
    expect(body.items.find((item) => item.id === unknown)).toMatchObject({
      userEmail: `${user}@cena.test`,
      quality: 'quality',
      creditsUsed: 25,
      project: 'projeto-a',
      model: 'gemini-omni-1.1-flash',
      createSentAt: expect.any(String),
      recordedAt: expect.any(String),
    });
  });
});

describe('support tools', () => {
  it('finds accounts by the start of their e-mail, treating LIKE syntax as text', async () => {
    const found = await admin.json<{ items: UserSearchItem[] }>('/api/admin/users?email=MEMBRO-');
    expect(found.body.items.map((item) => item.id)).toEqual([memberId]);
    expect(
      (await admin.json<{ items: UserSearchItem[] }>('/api/admin/users?email=%25%25')).body.items,
    ).toEqual([]);
    const short = await admin.json<{ error: { message: string } }>('/api/admin/users?email=a');
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('Digite pelo menos 2 caracteres do e-mail.');
  });

  it('grants credits once per key, with the reason and the admin recorded', async () => {
    const key = randomUUID();
    const body = { amount: 40, reason: 'Compensação por falha', expiresInDays: 30, idempotencyKey: key };
    const [first, second] = await Promise.all([
      admin.json<AdminGrantResult>(`/api/admin/users/${memberId}/credits`, { json: body }),
      admin.json<AdminGrantResult>(`/api/admin/users/${memberId}/credits`, { json: body }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.grant.id).toBe(second.body.grant.id);
    const detail = (await admin.json<AdminUserDetail>(`/api/admin/users/${memberId}`)).body;
    expect(detail.balance).toBe(40);
    expect(detail.grants).toEqual([
      expect.objectContaining({ amount: 40, source: 'adjustment', reason: 'Compensação por falha' }),
    ]);
    const row = await pool.query('SELECT metadata FROM credit_grants WHERE source_ref = $1', [
      `admin:${key}`,
    ]);
    expect(row.rows[0]?.metadata).toMatchObject({ grantedBy: adminId });
    const history = await member.json<{ transactions: { amount: number; type: string }[] }>(
      '/api/billing/transactions',
    );
    expect(history.body.transactions).toEqual([expect.objectContaining({ type: 'credit', amount: 40 })]);

    // The same key with other data is another grant: refused, whatever field differs.
    for (const changed of [{ amount: 41 }, { reason: 'Outro motivo' }, { expiresInDays: undefined }]) {
      const conflict = await admin.json(`/api/admin/users/${memberId}/credits`, {
        json: { ...body, ...changed },
      });
      expect(conflict.status, JSON.stringify(changed)).toBe(409);
    }
    expect((await admin.json<AdminUserDetail>(`/api/admin/users/${memberId}`)).body.balance).toBe(40);
  });

  it('refuses bad grants with a message and unknown users with 404', async () => {
    const bad = await admin.json<{ error: { message: string } }>(`/api/admin/users/${memberId}/credits`, {
      json: { amount: 0, reason: 'x', idempotencyKey: randomUUID() },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Conceda pelo menos 1 crédito.');
    const missing = await admin.json<{ error: { message: string } }>('/api/admin/users/ninguem', {});
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Usuário não encontrado.');
    const grantToNobody = await admin.json('/api/admin/users/ninguem/credits', {
      json: { amount: 5, reason: 'teste', idempotencyKey: randomUUID() },
    });
    expect(grantToNobody.status).toBe(404);
  });

  it('reconciles the admin’s own billing', async () => {
    const { status, body } = await admin.json('/api/admin/reconcile', { json: {} });
    expect(status).toBe(200);
    expect(body).toEqual({ fulfilled: 0, subscription: null });
    expect((await admin.json('/api/admin/reconcile', { json: {} })).status).toBe(429);
    expect((await admin.json('/api/admin/reconcile', { json: { userId: memberId } })).status).toBe(400);
  });
});

describe('fix transaction amounts', () => {
  it('posts compensating entries once, never editing history, and reports what needs a person', async () => {
    const user = await insertUser('corrigir');
    const session = await payPackage(user, 'small', 10990);
    // A credit row and a payment row recorded with wrong amounts (e.g. reais instead of cents).
    await pool.query(`UPDATE transactions SET amount = 99 WHERE provider_ref = $1 AND type = 'credit'`, [
      session,
    ]);
    await pool.query(`UPDATE transactions SET amount = 110 WHERE provider_ref = $1 AND type = 'payment'`, [
      session,
    ]);
    // A lost ledger entry: the grant's holds still confirm its balance.
    const granted = await grant(pool, {
      userId: user,
      amount: 50,
      source: 'adjustment',
      sourceRef: `lost:${randomUUID()}`,
      // Expiring first, so the hold below takes from it.
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    const held = await hold(pool, { userId: user, amount: 20, reference: `lost-hold:${randomUUID()}` });
    if (!held.ok) throw new Error('the hold was refused');
    await withoutTriggers((client) =>
      client.query(`DELETE FROM credit_ledger_entries WHERE hold_id = $1 AND kind = 'hold'`, [held.hold.id]),
    );
    const revenueBefore = (await admin.json<AdminStats>('/api/admin/stats')).body.creditPackageRevenue;
    const originals = await pool.query(
      'SELECT id, amount FROM transactions WHERE provider_ref = $1 ORDER BY type',
      [session],
    );

    const [one, two] = await Promise.all([
      admin.json<FixTransactionsResult>('/api/admin/fix-transactions', { json: {} }),
      admin.json<FixTransactionsResult>('/api/admin/fix-transactions', { json: {} }),
    ]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(one.body.fixed + two.body.fixed).toBe(3);
    expect(one.body.totalProcessed).toBeGreaterThan(0);

    // History is untouched; corrections are new rows that bring each total to what the purchase recorded.
    const after = await pool.query(
      'SELECT id, amount FROM transactions WHERE provider_ref = $1 ORDER BY type',
      [session],
    );
    expect(after.rows).toEqual(originals.rows);
    const totals = await pool.query<{ type: string; total: string }>(
      `SELECT t.type, t.amount + COALESCE(sum(c.amount), 0) AS total
       FROM transactions t LEFT JOIN transactions c ON c.corrects_id = t.id
       WHERE t.provider_ref = $1 GROUP BY t.id`,
      [session],
    );
    expect(Object.fromEntries(totals.rows.map((row) => [row.type, Number(row.total)]))).toEqual({
      credit: 100,
      payment: 10990,
    });
    const revenueAfter = (await admin.json<AdminStats>('/api/admin/stats')).body.creditPackageRevenue;
    expect(revenueAfter - revenueBefore).toBe(10990 - 110);

    // The grant now reconciles; the hold that lost its entry is left to a person, and said so.
    const problems = await audit(pool, user);
    expect(problems.filter((problem) => problem.grantId === granted.grant.id)).toEqual([]);
    expect(problems.map((problem) => problem.holdId)).toContain(held.hold.id);
    const again = (await admin.json<FixTransactionsResult>('/api/admin/fix-transactions', { json: {} })).body;
    expect(again.fixed).toBe(0);
    expect(again.errors.some((message) => message.includes(held.hold.id))).toBe(true);
  });
});

const GEMINI_KEY = 'chave-de-teste-0123456789';

describe('environment check', () => {
  let gemini: FakeGemini;
  beforeAll(async () => {
    gemini = await startFakeGemini({ tiny: true, apiKey: GEMINI_KEY });
  });
  afterAll(async () => {
    await gemini?.stop();
  });

  it('reports presence and mode, never a character of a secret', async () => {
    const secrets: Record<string, string> = {
      ...STRIPE_TEST_ENV,
      VIDEO_PROVIDER: 'gemini',
      GEMINI_API_KEY: GEMINI_KEY,
      GEMINI_API_BASE: gemini.base,
      MEDIA_SIGNING_SECRET: 'segredo-de-assinatura-de-midia-0123456789',
    };
    const other = await startTestApp(secrets, { databaseUrl: app.databaseUrl });
    try {
      const { client } = await signUpAndVerify(other.url);
      await grantRole(pool, await userIdOf(client), 'admin');
      const { status, body } = await client.json<EnvironmentCheck>('/api/admin/environment', { json: {} });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        hasStripeKey: true,
        stripeMode: 'test',
        paymentProvider: 'stripe',
        hasDatabase: true,
        databaseKind: 'external',
        hasStorage: true,
        storageKind: 'disk',
        hasVideoProvider: true,
        videoProvider: 'gemini',
        videoModels: [
          expect.objectContaining({ quality: 'fast', model: 'gemini-omni-1.1-flash', available: true }),
          expect.objectContaining({ quality: 'quality', model: 'gemini-omni-1.1-flash', available: true }),
        ],
        hasSmtp: false,
        mailKind: 'dev-mailbox',
      });
      expect(Date.parse(body.timestamp)).not.toBeNaN();
      const text = JSON.stringify(body);
      for (const value of [
        secrets.STRIPE_SECRET_KEY,
        secrets.STRIPE_WEBHOOK_SECRET,
        secrets.GEMINI_API_KEY,
      ]) {
        if (!value) continue;
        // Not the secret, nor any 6 characters of it beyond the public prefix.
        const body = value.replace(/^(sk_test_|whsec_)/, '');
        for (let start = 0; start + 6 <= body.length; start += 1) {
          expect(text).not.toContain(body.slice(start, start + 6));
        }
      }
    } finally {
      await other.stop();
    }
  });
});

async function insertUser(label: string, createdAt = new Date()): Promise<string> {
  const id = `${label}-${randomUUID().slice(0, 8)}`;
  await pool.query(
    'INSERT INTO "user" (id, name, email, email_verified, created_at) VALUES ($1, $2, $3, true, $4)',
    [id, label, `${id}@cena.test`, createdAt],
  );
  return id;
}

async function insertTransaction(
  userId: string,
  type: 'payment' | 'credit',
  amount: number,
  providerRef: string,
  invoiceId: string | null,
): Promise<void> {
  await pool.query(
    `INSERT INTO transactions (user_id, type, amount, description, provider_ref, stripe_invoice_id)
     VALUES ($1, $2, $3, 'seed', $4, $5)`,
    [userId, type, amount, providerRef, invoiceId],
  );
}

/** A paid package checkout as fulfilment leaves it: session, grant, payment and credit rows. Returns its id. */
async function payPackage(userId: string, packageId: 'small' | 'medium', cents: number): Promise<string> {
  const id = `cs_local_${randomUUID()}`;
  const credits = packageId === 'small' ? 100 : 350;
  await pool.query(
    `INSERT INTO checkout_sessions (id, user_id, provider, kind, package_id, amount_cents, status)
     VALUES ($1, $2, 'local', 'package', $3, $4, 'paid')`,
    [id, userId, packageId, cents],
  );
  await grant(pool, { userId, amount: credits, source: 'package', sourceRef: id, expiresAt: null });
  await insertTransaction(userId, 'payment', cents, id, null);
  await insertTransaction(userId, 'credit', credits, id, null);
  return id;
}

async function insertRequest(
  userId: string,
  quality: 'fast' | 'quality',
  status: string,
  errorMessage: string | null = null,
  at = new Date(),
): Promise<string> {
  const result = await pool.query<{ id: string }>(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
       error_message, created_at, updated_at)
     VALUES (gen_random_uuid(), $1, gen_random_uuid(), 'Um farol na tempestade', $2, '16:9', $3, $4, $5, $6, $6)
     RETURNING id`,
    [userId, quality, quality === 'fast' ? 10 : 25, status, errorMessage, at],
  );
  return result.rows[0]?.id as string;
}

/** Simulates damage done outside Cena (a hand-run DELETE): the append-only triggers are skipped for one statement. */
async function withoutTriggers(run: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await run(client);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}
