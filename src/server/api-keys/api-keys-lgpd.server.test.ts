import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedApiKeySchema } from '#shared/account-rights';
import { PASSWORD, signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';

/**
 * LGPD (ADR 0063): the account's API keys are in its export with what is kept of their use (requests per hour, MCP
 * sessions), never their hash, and go with the account.
 */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app?.stop());

describe('API keys and the account rights', () => {
  it('exports the keys without their hash and erases them, their spends and Idempotency-Keys with the account', async () => {
    const { client } = await signUpAndVerify(app.url, { name: 'Dora Desenvolvedora' });
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    const made = await client.json<{ apiKey: { id: string; token: string; prefix: string } }>(
      '/api/me/api-keys',
      {
        json: { name: 'Integração', scopes: ['read', 'create'], dailyCreditLimit: 30 },
      },
    );
    expect(made.status).toBe(201);
    const { token, prefix, id } = made.body.apiKey;
    expect(
      (await fetch(`${app.url}/api/credits`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    const { pool } = app.cena;
    await pool.query(`INSERT INTO api_key_spends (key_id, reference, credits) VALUES ($1, 'video:x', 10)`, [
      id,
    ]);
    // An MCP client's handshake with the key, as the MCP route records it.
    await pool.query('INSERT INTO mcp_sessions (key_id) VALUES ($1)', [id]);
    await pool.query(`INSERT INTO idempotency_keys (user_id, key, fingerprint) VALUES ($1, $2, 'f')`, [
      userId,
      randomUUID(),
    ]);
    const [{ secret_hash: hash }] = (await pool.query('SELECT secret_hash FROM api_keys WHERE id = $1', [id]))
      .rows;

    const text = await (await client.fetch('/api/me/export')).text();
    const exported = JSON.parse(text);
    expect(exported.apiKeys.map((row: unknown) => exportedApiKeySchema.parse(row))).toEqual([
      {
        name: 'Integração',
        prefix,
        scopes: ['read', 'create'],
        dailyCreditLimit: 30,
        requestCount: 1,
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        revokedAt: null,
        // The one request above, in the hour it was made.
        hourlyRequests: [{ hour: expect.stringMatching(/T\d{2}:00:00\.000Z$/), requests: 1 }],
        mcpSessions: [{ startedAt: expect.any(String), lastSeenAt: expect.any(String) }],
      },
    ]);
    expect(text).not.toContain(hash);
    expect(text).not.toContain(token);

    expect((await client.json('/api/me', { method: 'DELETE', json: { password: PASSWORD } })).status).toBe(
      200,
    );
    // Closed at once, as its sessions are: the key stops before the erasure runs.
    expect(
      (await fetch(`${app.url}/api/credits`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(401);
    await expect
      .poll(
        async () =>
          (await pool.query('SELECT completed_at FROM account_deletions WHERE user_id = $1', [userId]))
            .rows[0]?.completed_at,
        { timeout: 20_000 },
      )
      .toBeTruthy();
    const left = async (sql: string, value: string) => (await pool.query(sql, [value])).rowCount;
    expect(await left('SELECT 1 FROM api_keys WHERE user_id = $1', userId)).toBe(0);
    expect(await left('SELECT 1 FROM api_key_spends WHERE key_id = $1', id)).toBe(0);
    expect(await left('SELECT 1 FROM api_key_hourly_requests WHERE key_id = $1', id)).toBe(0);
    expect(await left('SELECT 1 FROM mcp_sessions WHERE key_id = $1', id)).toBe(0);
    expect(await left('SELECT 1 FROM idempotency_keys WHERE user_id = $1', userId)).toBe(0);
    expect(
      (await fetch(`${app.url}/api/credits`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(401);
  }, 60_000);
});
