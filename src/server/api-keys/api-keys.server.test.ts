import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '#server/accounts/accounts.server';
import { balance } from '#server/credits/credits.server';
import { requestCredits } from '#shared/catalogue';
import { startDiskApp, startTestApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { againIfCrossed, saoPauloDay } from '#tests/support/clock-windows';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';

/**
 * API keys end to end (ADR 0063, issue 50's acceptance): keys made through /api/me/api-keys, used as
 * `Authorization: Bearer` on the real server; a second process on the same database for what must hold across
 * processes (revocation, the rate limit).
 */

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;
/** Another web process on the same database, with a small rate limit. */
let other: TestApp;
const OTHER_PER_MINUTE = 3;

beforeAll(async () => {
  // A long local render keeps created requests pending while the balance is looked at.
  ({ app, pool, storageDir } = await startDiskApp('cena-keys-', { LOCAL_RENDER_DELAY_MS: '600000' }));
  other = await startTestApp(
    { API_KEY_REQUESTS_PER_MINUTE: String(OTHER_PER_MINUTE), LOCAL_RENDER_DELAY_MS: '600000' },
    { databaseUrl: app.databaseUrl },
  );
});

afterAll(async () => {
  await other?.stop();
  await stopDiskApp({ app, pool, storageDir });
});

const FAST = requestCredits({ quality: 'fast' });

interface CreatedKey {
  apiKey: { id: string; token: string; prefix: string; scopes: string[]; lastUsedAt: string | null };
}

async function createKey(client: SessionClient, body: Record<string, unknown>) {
  const response = await client.fetch('/api/me/api-keys', { json: body });
  expect(response.status).toBe(201);
  return ((await response.json()) as CreatedKey).apiKey;
}

/** A request as a script sends it: no cookie, no Origin, the key in Authorization. */
function withKey(baseUrl: string, token: string, path: string, init: RequestInit = {}) {
  return fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });
}

function fastVideoForm(prompt = 'Um cachorro correndo na praia ao pôr do sol') {
  const form = new FormData();
  form.append('prompt', prompt);
  form.append('quality', 'fast');
  form.append('aspectRatio', '9:16');
  return form;
}

const postVideo = (token: string, form: FormData, idempotencyKey?: string) =>
  withKey(app.url, token, '/api/videos', {
    method: 'POST',
    body: form,
    headers: idempotencyKey ? { 'idempotency-key': `"${idempotencyKey}"` } : {},
  });

describe('API keys', () => {
  it('shows the token once, keeps only its hash, and lists the key with its last use', async () => {
    const { client, userId } = await signedUpWithCredits(app.url, pool);
    const key = await createKey(client, { name: 'Loja', scopes: ['read'] });
    expect(key.token).toMatch(/^cena_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(key.token.startsWith(`${key.prefix}_`)).toBe(true);

    const stored = await pool.query('SELECT * FROM api_keys WHERE user_id = $1', [userId]);
    // The secret is the 43 characters after the prefix (base64url, which may itself hold '_').
    expect(JSON.stringify(stored.rows)).not.toContain(key.token.slice(`${key.prefix}_`.length));

    const listed = await client.json<{ apiKeys: Record<string, unknown>[] }>('/api/me/api-keys');
    expect(listed.body.apiKeys).toHaveLength(1);
    expect(listed.body.apiKeys[0]).not.toHaveProperty('token');
    expect(listed.body.apiKeys[0]?.lastUsedAt).toBeNull();

    expect((await withKey(app.url, key.token, '/api/credits')).status).toBe(200);
    const used = await client.json<{ apiKeys: { lastUsedAt: string | null }[] }>('/api/me/api-keys');
    expect(used.body.apiKeys[0]?.lastUsedAt).not.toBeNull();
  });

  it('creates a Fast video with a key, charging the Fast price once for 20 parallel sends of one Idempotency-Key', async () => {
    const { client, userId } = await signedUpWithCredits(app.url, pool, 100);
    const key = await createKey(client, { name: 'Agência', scopes: ['read', 'create'] });
    const idempotencyKey = randomUUID();

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postVideo(key.token, fastVideoForm(), idempotencyKey)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    const ids = new Set(
      await Promise.all(
        answers.map(async (answer) => ((await answer.json()) as { request: { id: string } }).request.id),
      ),
    );
    expect(ids.size).toBe(1);
    expect(await balance(pool, userId)).toBe(100 - FAST);
    const requests = await pool.query('SELECT quality FROM video_requests WHERE user_id = $1', [userId]);
    expect(requests.rows).toEqual([{ quality: 'fast' }]);

    const [id] = ids;
    const read = await withKey(app.url, key.token, `/api/videos/${id}`);
    expect(read.status).toBe(200);

    const another = await postVideo(key.token, fastVideoForm('Outro vídeo, outro pedido'), idempotencyKey);
    expect(another.status).toBe(409);
    expect(((await another.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
    expect(await balance(pool, userId)).toBe(100 - FAST);
  });

  it('refuses a create with a read-only key (403), and reads with it', async () => {
    const { client, userId } = await signedUpWithCredits(app.url, pool, 100);
    const key = await createKey(client, { name: 'Painel', scopes: ['read'] });
    const refused = await postVideo(key.token, fastVideoForm(), randomUUID());
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('api_key_scope');
    expect(await balance(pool, userId)).toBe(100);
    expect((await withKey(app.url, key.token, '/api/videos')).status).toBe(200);
  });

  it("refuses a create past the key's daily credit limit before any hold", async () => {
    // The limit is a São Paulo day: a run across its midnight is made again in the new day.
    await againIfCrossed(saoPauloDay, async () => {
      const { client, userId } = await signedUpWithCredits(app.url, pool, 100);
      const key = await createKey(client, { name: 'Limite', scopes: ['create'], dailyCreditLimit: FAST });
      expect((await postVideo(key.token, fastVideoForm(), randomUUID())).status).toBe(201);
      const refused = await postVideo(key.token, fastVideoForm('O segundo vídeo do dia'), randomUUID());
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('api_key_daily_limit');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await balance(pool, userId)).toBe(100 - FAST);
      const holds = await pool.query('SELECT 1 FROM credit_holds WHERE user_id = $1', [userId]);
      expect(holds.rowCount).toBe(1);
    });
  });

  it('refuses a revoked key within a second on another process', async () => {
    const { client } = await signedUpWithCredits(app.url, pool);
    const key = await createKey(client, { name: 'Revogar', scopes: ['read'] });
    expect((await withKey(other.url, key.token, '/api/credits')).status).toBe(200);
    const revoked = await client.fetch(`/api/me/api-keys/${key.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    // The very first request after the revoke is refused (keys are never cached): within a second, on any machine.
    const refused = await withKey(other.url, key.token, '/api/credits');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
    expect((await client.json<{ apiKeys: unknown[] }>('/api/me/api-keys')).body.apiKeys).toEqual([]);
  });

  it("answers 404 for another user's key and a malformed id, and revoking twice is the same", async () => {
    const owner = await signedUpWithCredits(app.url, pool);
    const stranger = await signedUpWithCredits(app.url, pool);
    const key = await createKey(owner.client, { name: 'Minha', scopes: ['read'] });
    for (const id of [key.id, 'not-a-uuid', randomUUID()]) {
      const answer = await stranger.client.fetch(`/api/me/api-keys/${id}`, { method: 'DELETE' });
      expect(answer.status).toBe(404);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    expect((await withKey(app.url, key.token, '/api/credits')).status).toBe(200);
    for (let time = 0; time < 2; time++) {
      expect((await owner.client.fetch(`/api/me/api-keys/${key.id}`, { method: 'DELETE' })).status).toBe(200);
    }
  });

  it('never lets a key reach account, key, billing or admin operations (403 with a code)', async () => {
    const { client } = await signedUpWithCredits(app.url, pool);
    const key = await createKey(client, { name: 'Tudo', scopes: ['read', 'create'] });
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/me'],
      ['GET', '/api/me/api-keys'],
      ['POST', '/api/me/api-keys', { name: 'Outra', scopes: ['read'] }],
      ['DELETE', `/api/me/api-keys/${key.id}`],
      ['GET', '/api/me/export'],
      ['DELETE', '/api/me'],
      ['GET', '/api/billing/transactions'],
      ['GET', '/api/admin/stats'],
      ['POST', '/api/cast'],
    ];
    for (const [method, path, json] of attempts) {
      const answer = await withKey(app.url, key.token, path, {
        method,
        ...(json ? { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('api_key_not_allowed');
    }
    expect((await withKey(app.url, key.token, '/api/credits')).status).toBe(200);
  });

  it('answers malformed keys, bodies and Idempotency-Keys with a 4xx and a code, never a 5xx', async () => {
    const { client } = await signedUpWithCredits(app.url, pool);
    const key = await createKey(client, { name: 'Certa', scopes: ['read', 'create'] });
    const bearers = ['Bearer', 'Bearer ', 'Bearer cena_', 'Bearer x'.repeat(500), `Bearer ${key.token}x`];
    bearers.push(`Bearer ${key.token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))}`);
    for (const authorization of bearers) {
      const answer = await fetch(`${app.url}/api/credits`, { headers: { authorization } });
      expect(answer.status, authorization.slice(0, 40)).toBe(401);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
    }
    const bodies: unknown[] = [
      {},
      { name: '', scopes: ['read'] },
      { name: 'x'.repeat(61), scopes: ['read'] },
      { name: 'Ok', scopes: [] },
      { name: 'Ok', scopes: ['admin'] },
      { name: 'Ok', scopes: ['read', 'read'] },
      { name: 'Ok', scopes: ['read'], dailyCreditLimit: 0 },
      { name: 'Ok', scopes: ['read'], dailyCreditLimit: 1.5 },
      { name: 'Ok', scopes: ['read'], extra: true },
      'texto',
    ];
    for (const body of bodies) {
      const answer = await client.fetch('/api/me/api-keys', { json: body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
    }
    for (const idempotencyKey of ['', '"', `"${'x'.repeat(256)}"`, '"com espaço"']) {
      const answer = await withKey(app.url, key.token, '/api/videos', {
        method: 'POST',
        body: fastVideoForm(),
        headers: { 'idempotency-key': idempotencyKey },
      });
      expect(answer.status, idempotencyKey.slice(0, 20)).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(
        'invalid_idempotency_key',
      );
    }
  });

  it('limits requests per key across processes with RateLimit, RateLimit-Policy and Retry-After', async () => {
    const { client } = await signedUpWithCredits(app.url, pool);
    const key = await createKey(client, { name: 'Pressa', scopes: ['read'] });
    const first = await withKey(other.url, key.token, '/api/credits');
    expect(first.headers.get('ratelimit-policy')).toBe(`"minute";q=${OTHER_PER_MINUTE};w=60`);
    expect(first.headers.get('ratelimit')).toMatch(new RegExp(`^"minute";r=${OTHER_PER_MINUTE - 1};t=\\d+$`));
    // Eight requests within a minute fall in at most two windows, one of which holds more than three.
    let limited: Response | undefined;
    for (let sent = 1; sent < 8 && !limited; sent++) {
      const answer = await withKey(other.url, key.token, '/api/credits');
      if (answer.status === 429) limited = answer;
    }
    if (!limited) throw new Error('no request was limited');
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('api_key_rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit')).toMatch(/^"minute";r=0;t=\d+$/);
  });

  it("shows the admin each key's requests and lets the admin revoke any key; others get 403", async () => {
    const owner = await signedUpWithCredits(app.url, pool);
    const admin = await signedUpWithCredits(app.url, pool);
    await grantRole(pool, admin.userId, 'admin');
    const key = await createKey(owner.client, { name: 'Muito usada', scopes: ['read'] });
    for (let sent = 0; sent < 3; sent++)
      expect((await withKey(app.url, key.token, '/api/credits')).status).toBe(200);

    expect((await owner.client.fetch('/api/admin/api-keys')).status).toBe(403);
    const listed = await admin.client.json<{
      apiKeys: { id: string; requestCount: number; userEmail: string }[];
    }>('/api/admin/api-keys');
    const row = listed.body.apiKeys.find((apiKey) => apiKey.id === key.id);
    expect(row?.requestCount).toBe(3);

    expect((await owner.client.fetch(`/api/admin/api-keys/${key.id}`, { method: 'DELETE' })).status).toBe(
      403,
    );
    expect((await admin.client.fetch(`/api/admin/api-keys/${key.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect(
      (await admin.client.fetch(`/api/admin/api-keys/${randomUUID()}`, { method: 'DELETE' })).status,
    ).toBe(404);
    expect((await withKey(other.url, key.token, '/api/credits')).status).toBe(401);
  });
});
