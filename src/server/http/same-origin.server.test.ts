import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '#server/accounts/roles.server';
import { grant } from '#server/credits/ledger-grants.server';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import type { SessionClient } from '#tests/support/session-client';

/**
 * Cross-site requests: every unsafe /api route (taken from the API document, so routes added later are covered)
 * with a foreign Origin — or only a foreign Referer, or neither — is refused with 403 before it changes anything,
 * even with a valid session cookie and a valid body; the same request from our own origin goes through.
 */

let app: TestApp;
let pool: pg.Pool;
let client: SessionClient;
let userId: string;

beforeAll(async () => {
  app = await startTestApp();
  pool = testPool({ connectionString: app.databaseUrl, max: 2 });
  ({ client } = await signUpAndVerify(app.url));
  userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
  // An admin with credits: a forged request would have something to spend, grant or change.
  await grantRole(pool, userId, 'admin');
  await grant(pool, {
    userId,
    amount: 500,
    source: 'adjustment',
    sourceRef: `test:${randomUUID()}`,
    expiresAt: null,
  });
});

afterAll(async () => {
  await pool?.end();
  await app?.stop();
});

/** A body the route would accept, so only the origin check stands between it and a change. */
function validBody(route: string): { body?: string | FormData; contentType?: string } {
  const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });
  if (route === '/api/videos') {
    const form = new FormData();
    form.append('prompt', 'Um cachorro correndo na praia ao pôr do sol');
    form.append('quality', 'fast');
    form.append('aspectRatio', '9:16');
    form.append('seed', '');
    form.append('clientKey', randomUUID());
    return { body: form };
  }
  if (route === '/api/me/profile') return json({ name: 'Forjado' });
  if (route === '/api/me/settings') return json({ notifyOnVideoReady: false });
  if (route === '/api/billing/checkout') return json({ planId: 'starter', billingPeriod: 'monthly' });
  if (route === '/api/billing/credit-checkout') return json({ packageType: 'small' });
  if (route === '/api/billing/verify') return json({ sessionId: 'cs_local_x' });
  if (route === '/api/admin/users/{id}/credits') {
    return json({ amount: 100, reason: 'forjado', expiresInDays: 30, idempotencyKey: randomUUID() });
  }
  return json({});
}

async function snapshot() {
  const counts = await pool.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM video_requests WHERE user_id = $1) AS videos,
            (SELECT count(*) FROM credit_grants WHERE user_id = $1) AS grants,
            (SELECT COALESCE(sum(remaining), 0) FROM credit_grants WHERE user_id = $1) AS balance,
            (SELECT count(*) FROM credit_ledger_entries WHERE user_id = $1) AS entries,
            (SELECT count(*) FROM checkout_sessions WHERE user_id = $1) AS checkouts,
            (SELECT count(*) FROM transactions WHERE user_id = $1) AS transactions,
            (SELECT count(*) FROM session WHERE user_id = $1) AS sessions,
            (SELECT name FROM "user" WHERE id = $1) AS name`,
    [userId],
  );
  return counts.rows[0];
}

type Forgery = { label: string; headers: Record<string, string> };
const FORGERIES: Forgery[] = [
  { label: 'foreign Origin', headers: { origin: 'http://evil.example' } },
  { label: 'same host, other port', headers: { origin: 'http://127.0.0.1:1' } },
  { label: 'Origin null', headers: { origin: 'null' } },
];

async function forge(route: string, method: string, headers: Record<string, string>, omitOrigin = false) {
  const { body, contentType } = validBody(route);
  const path = route.replace('{id}', userId);
  const all: Record<string, string> = {
    cookie: client.cookieHeader,
    'x-forwarded-for': client.address,
    ...(contentType ? { 'content-type': contentType } : {}),
    ...headers,
  };
  if (omitOrigin) delete all.origin;
  return fetch(`${app.url}${path}`, { method, headers: all, body, redirect: 'manual' });
}

/**
 * Authenticated by their senders (Stripe and Google sign; the NFS-e emitter sends back its registered secret), sent
 * by no browser: the origin check lets them through.
 */
const SIGNED_WEBHOOKS = ['/api/billing/stripe/webhook', '/api/gemini/webhook', '/api/nfse/webhook'];

describe('cross-site requests', () => {
  it('refuses every unsafe /api route from another origin with 403, changing nothing', async () => {
    const document = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const unsafe = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.keys(methods)
        .filter((method) => !['get', 'head', 'options'].includes(method))
        .filter(() => !SIGNED_WEBHOOKS.includes(route))
        .map((method) => ({
          route: route.replace('{betterAuthPath}', 'sign-out'),
          method: method.toUpperCase(),
        })),
    );
    expect(unsafe.length).toBeGreaterThan(10);
    const before = await snapshot();
    for (const { route, method } of unsafe) {
      const cases: [string, Record<string, string>, boolean][] = [
        ...FORGERIES.map((f): [string, Record<string, string>, boolean] => [f.label, f.headers, false]),
        ['foreign Referer, no Origin', { referer: 'http://evil.example/page' }, true],
        ['neither Origin nor Referer', {}, true],
      ];
      for (const [label, headers, omitOrigin] of cases) {
        const response = await forge(route, method, headers, omitOrigin);
        expect(response.status, `${method} ${route} with ${label}`).toBe(403);
        expect(await response.json(), `${method} ${route} with ${label}`).toMatchObject({
          error: {
            code: 'cross_site_request',
            message: expect.stringMatching(/^Requisição recusada: .* Abra a Cena em http:\/\//),
          },
        });
      }
    }
    expect(await snapshot()).toEqual(before);
    // Still signed in: the forged sign-out did nothing either.
    expect((await client.json('/api/me')).status).toBe(200);
  });

  it('lets the same requests through from our own origin, or with only our Referer', async () => {
    const own = await forge('/api/me/profile', 'PATCH', { origin: app.url });
    expect(own.status).toBe(200);
    const byReferer = await forge(
      '/api/me/settings',
      'PATCH',
      { referer: `${app.url}/dashboard/profile` },
      true,
    );
    expect(byReferer.status).toBe(200);
    const video = await forge('/api/videos', 'POST', { origin: app.url });
    expect(video.status).toBe(201);
    expect((await snapshot())?.name).toBe('Forjado');
  });

  it.each(SIGNED_WEBHOOKS)('still takes signed webhooks, which no browser sends: %s', async (route) => {
    // Local mode has no webhook secret: the route answers for itself (404), not the origin check.
    const response = await fetch(`${app.url}${route}`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).not.toBe(403);
  });
});
