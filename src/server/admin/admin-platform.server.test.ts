import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '#server/accounts/accounts.server';
import type { AdminPlatform } from '#shared/admin-platform';
import { startTestApp, type TestApp } from '#tests/support/app';
import { utcHour } from '#tests/support/clock-windows';
import { testPool } from '#tests/support/database';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';
import { seedVideoRequests } from '#tests/support/video-requests';

/**
 * The admin panel's platform figures (`GET /api/admin/platform`, issue 50's "Admin") on two web processes over one
 * database: requests per key, webhook deliveries and failures and MCP sessions are read from PostgreSQL, so what
 * one process saw the other answers; the admin's revoke of a key, refused at once on the other process and
 * recorded; and what a key, or a member, may not reach.
 */

let app: TestApp;
let other: TestApp;
let pool: pg.Pool;
let admin: { client: SessionClient; userId: string };
let owner: { client: SessionClient; userId: string };

beforeAll(async () => {
  app = await startTestApp();
  other = await startTestApp({}, { databaseUrl: app.databaseUrl });
  pool = testPool({ connectionString: app.databaseUrl, max: 3 });
  admin = await signedUpWithCredits(app.url, pool);
  await grantRole(pool, admin.userId, 'admin');
  owner = await signedUpWithCredits(app.url, pool);
});

afterAll(async () => {
  await pool?.end();
  await other?.stop();
  await app?.stop();
});

interface Key {
  id: string;
  token: string;
}

async function createKey(name: string, scopes: string[]): Promise<Key> {
  const made = await owner.client.json<{ apiKey: Key }>('/api/me/api-keys', {
    method: 'POST',
    json: { name, scopes },
  });
  expect(made.status).toBe(201);
  return made.body.apiKey;
}

const withKey = (baseUrl: string, token: string, path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });

async function platform(): Promise<AdminPlatform> {
  const answer = await admin.client.json<AdminPlatform>('/api/admin/platform');
  expect(answer.status).toBe(200);
  return answer.body;
}

const codeOf = async (answer: Response) => ((await answer.json()) as { error: { code: string } }).error.code;

describe('requests per API key', () => {
  it('counts the last 24 hours of each key across processes, busiest first, and drops hours past two days', async () => {
    const busy = await createKey('Integração da loja', ['read', 'create']);
    const quiet = await createKey('Relatórios', ['read']);
    // Hours written before the key's first request of this hour: one inside the window's reach but older than
    // 24 hours (kept, not counted) and one older than two days (dropped by that first request).
    await pool.query(
      `INSERT INTO api_key_hourly_requests (key_id, hour, requests)
       VALUES ($1, date_trunc('hour', now()) - interval '30 hours', 500),
              ($1, date_trunc('hour', now()) - interval '50 hours', 700)`,
      [busy.id],
    );
    const firstHour = utcHour();
    for (const base of [app.url, other.url, app.url]) {
      expect((await withKey(base, busy.token, '/api/credits')).status).toBe(200);
    }
    const lastHour = utcHour();
    expect((await withKey(other.url, quiet.token, '/api/credits')).status).toBe(200);

    const figures = await platform();
    const [first, second] = figures.apiKeys.busiest;
    expect(first).toMatchObject({
      id: busy.id,
      name: 'Integração da loja',
      userId: owner.userId,
      scopes: ['read', 'create'],
      requestsLastDay: 3,
      revokedAt: null,
    });
    expect(first?.prefix).toMatch(/^cena_[0-9a-f]{16}$/);
    expect(first?.userEmail).toContain('@');
    expect(Date.now() - Date.parse(first?.lastUsedAt ?? '')).toBeLessThan(60_000);
    expect(second).toMatchObject({ id: quiet.id, requestsLastDay: 1, scopes: ['read'] });
    expect(figures.apiKeys.used).toBeGreaterThanOrEqual(2);
    expect(figures.apiKeys.requests).toBeGreaterThanOrEqual(4);
    const hours = await pool.query<{ requests: number }>(
      'SELECT requests FROM api_key_hourly_requests WHERE key_id = $1 ORDER BY hour',
      [busy.id],
    );
    // One row per UTC hour: the three requests share one, or two when an hour turned between them.
    const counts = hours.rows.map((row) => row.requests);
    if (firstHour === lastHour) expect(counts).toEqual([500, 3]);
    else expect([counts.length, counts[0], (counts[1] ?? 0) + (counts[2] ?? 0)]).toEqual([3, 500, 3]);
    // Whichever process is asked, the same figures.
    const fromOther = await admin.client.fetch(`${other.url}/api/admin/platform`);
    expect(((await fromOther.json()) as AdminPlatform).apiKeys.busiest[0]?.requestsLastDay).toBe(3);
  });
});

describe('webhooks to customers', () => {
  it('counts the last 24 hours of deliveries by state and lists the latest failures by host only', async () => {
    const endpoint = randomUUID();
    await pool.query(
      `INSERT INTO customer_webhook_endpoints (id, user_id, url, events, sealed_secret, enabled, disabled_at)
       VALUES ($1, $2, 'https://hooks.loja.example/cena?token=segredo', ARRAY['video.completed'], 'x', false, now())`,
      [endpoint, owner.userId],
    );
    const delivery = async (
      status: string,
      attempts: number,
      createdAgo: string,
      failedWith?: number | null,
    ) => {
      const event = `msg_${randomUUID()}`;
      const id = randomUUID();
      await pool.query(
        `INSERT INTO customer_webhook_events (id, user_id, type, subject_id, created_at)
         VALUES ($1, $2, 'video.completed', $3, now() - $4::interval)`,
        [event, owner.userId, randomUUID(), createdAgo],
      );
      await pool.query(
        `INSERT INTO customer_webhook_deliveries (id, endpoint_id, event_id, status, scheduled_attempts, created_at)
         VALUES ($1, $2, $3, $4, $5, now() - $6::interval)`,
        [id, endpoint, event, status, attempts, createdAgo],
      );
      if (failedWith !== undefined) {
        await pool.query(
          `INSERT INTO customer_webhook_attempts (delivery_id, at, response_code, duration_ms, ok, error)
           VALUES ($1, now() - $2::interval, $3, 40, false, 'falhou')`,
          [id, createdAgo, failedWith],
        );
      }
    };
    await delivery('delivered', 1, '1 hour');
    await delivery('delivered', 1, '2 hours');
    await delivery('pending', 2, '10 minutes', 503);
    await delivery('failed', 8, '3 hours', null);
    await delivery('pending', 0, '1 minute');
    await delivery('failed', 8, '30 hours', 500);

    const { webhooks } = await platform();
    expect(webhooks).toMatchObject({ delivered: 2, retrying: 1, failed: 1, endpointsDisabled: 1 });
    expect(webhooks.latestFailures).toEqual([
      { host: 'hooks.loja.example', event: 'video.completed', responseCode: 503, at: expect.any(String) },
      { host: 'hooks.loja.example', event: 'video.completed', responseCode: null, at: expect.any(String) },
    ]);
    expect(JSON.stringify(webhooks)).not.toContain('segredo');
  });
});

describe('MCP sessions', () => {
  it('names each handshake, counts it opened on any process, and open while a request carries it', async () => {
    const key = await createKey('Assistente', ['read']);
    const before = (await platform()).mcp;
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', app.url), {
      requestInit: { headers: { Authorization: `Bearer ${key.token}` } },
    });
    const client = new Client({ name: 'cena-admin-test', version: '1' });
    await client.connect(transport);
    try {
      const sessionId = transport.sessionId ?? '';
      expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      const opened = (await platform()).mcp;
      expect(opened).toEqual({
        openNow: before.openNow + 1,
        openedLastDay: before.openedLastDay + 1,
      });

      // Idle past half an hour, it is no longer open; a request carrying its id, on the other process, opens it again.
      await pool.query(`UPDATE mcp_sessions SET last_seen_at = now() - interval '40 minutes' WHERE id = $1`, [
        sessionId,
      ]);
      expect((await platform()).mcp.openNow).toBe(before.openNow);
      const listed = await withKey(other.url, key.token, '/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(listed.status).toBe(200);
      expect((await platform()).mcp.openNow).toBe(before.openNow + 1);

      // Another key sending this session's id touches nothing.
      const stranger = await createKey('Outra', ['read']);
      await pool.query(`UPDATE mcp_sessions SET last_seen_at = now() - interval '40 minutes' WHERE id = $1`, [
        sessionId,
      ]);
      await withKey(app.url, stranger.token, '/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect((await platform()).mcp.openNow).toBe(before.openNow);
    } finally {
      await client.close();
    }
  });
});

describe('the admin revokes a key', () => {
  it('refuses it at once on the other process, records who revoked it, and only an admin may', async () => {
    const key = await createKey('Vazou', ['read', 'create']);
    expect((await withKey(other.url, key.token, '/api/credits')).status).toBe(200);

    const byOwner = await owner.client.fetch(`/api/admin/api-keys/${key.id}`, { method: 'DELETE' });
    expect(byOwner.status).toBe(403);
    expect((await withKey(other.url, key.token, '/api/credits')).status).toBe(200);

    const revoked = await admin.client.fetch(`/api/admin/api-keys/${key.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    // The very first request after the revoke is refused (keys are never cached): within a second, on any machine.
    const refused = await withKey(other.url, key.token, '/api/credits');
    expect(refused.status).toBe(401);
    expect(await codeOf(refused)).toBe('invalid_api_key');

    const row = await pool.query<{ revoked_by: string | null }>(
      'SELECT revoked_by FROM api_keys WHERE id = $1',
      [key.id],
    );
    expect(row.rows[0]?.revoked_by).toBe(admin.userId);
    const shown = (await platform()).apiKeys.busiest.find((busy) => busy.id === key.id);
    expect(shown?.revokedAt).not.toBeNull();

    // The owner's own revoke names nobody else.
    const own = await createKey('Minha', ['read']);
    expect((await owner.client.fetch(`/api/me/api-keys/${own.id}`, { method: 'DELETE' })).status).toBe(200);
    const ownRow = await pool.query<{ revoked_by: string | null }>(
      'SELECT revoked_by FROM api_keys WHERE id = $1',
      [own.id],
    );
    expect(ownRow.rows[0]?.revoked_by).toBeNull();
  });

  it('a member gets 403 from the figures; a key, even with every scope, gets 403 from admin and key management', async () => {
    const member = await owner.client.fetch('/api/admin/platform');
    expect(member.status).toBe(403);
    expect(await codeOf(member)).toBe('forbidden');
    const full = await createKey('Tudo', ['read', 'create']);
    const read = await createKey('Leitura', ['read']);
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/admin/platform'],
      ['GET', '/api/admin/api-keys'],
      ['DELETE', `/api/admin/api-keys/${full.id}`],
      ['POST', '/api/me/api-keys', { name: 'Mais', scopes: ['read', 'create'] }],
      ['DELETE', `/api/me/api-keys/${read.id}`],
      ['POST', '/api/me/webhooks', { url: 'https://hooks.loja.example/x', events: ['video.completed'] }],
      ['GET', '/api/me/webhooks'],
    ];
    const activeKeys = async () =>
      (
        await pool.query('SELECT id FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL ORDER BY id', [
          owner.userId,
        ])
      ).rows;
    const keysBefore = await activeKeys();
    for (const token of [read.token, full.token]) {
      for (const [method, path, json] of attempts) {
        const answer = await withKey(app.url, token, path, {
          method,
          ...(json ? { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } } : {}),
        });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(await codeOf(answer)).toBe('api_key_not_allowed');
      }
    }
    const webhooks = await pool.query(
      `SELECT 1 FROM customer_webhook_endpoints WHERE user_id = $1 AND url = 'https://hooks.loja.example/x'`,
      [owner.userId],
    );
    expect(webhooks.rowCount).toBe(0);
    expect(await activeKeys()).toEqual(keysBefore);
    expect((await withKey(app.url, read.token, '/api/credits')).status).toBe(200);
  });
});

describe('as another user, with a key', () => {
  it("answers 404 for another account's video, story and share, and never touches them", async () => {
    const victim = await signedUpWithCredits(app.url, pool);
    const [videoId] = await seedVideoRequests(pool, victim.userId, [{ createdAt: new Date().toISOString() }]);
    const story = await pool.query<{ id: string }>(
      `INSERT INTO stories (user_id, title, idea, aspect_ratio, target_seconds, planned_by)
       VALUES ($1, 'Alheio', 'Alheio', '9:16', 30, 'rules') RETURNING id`,
      [victim.userId],
    );
    const key = await createKey('Curiosa', ['read', 'create']);
    const attempts: [string, string][] = [
      ['GET', `/api/videos/${videoId}`],
      ['POST', `/api/videos/${videoId}/retry`],
      ['POST', `/api/videos/${videoId}/keep`],
      ['POST', `/api/videos/${videoId}/share`],
      ['GET', `/api/stories/${story.rows[0]?.id}`],
      ['POST', `/api/stories/${story.rows[0]?.id}/drafts`],
    ];
    for (const [method, path] of attempts) {
      const answer = await withKey(app.url, key.token, path, {
        method,
        headers: { 'idempotency-key': `"${randomUUID()}"`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect([answer.status, await codeOf(answer)], `${method} ${path}`).toEqual([404, 'not_found']);
    }
    const video = await pool.query<{ status: string }>('SELECT status FROM video_requests WHERE id = $1', [
      videoId,
    ]);
    expect(video.rows[0]?.status).toBe('completed');
    const shares = await pool.query('SELECT 1 FROM share_links WHERE video_request_id = $1', [videoId]);
    expect(shares.rowCount).toBe(0);
  });
});
