import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '#server/kernel/errors.server';
import type { Guards } from '#server/kernel/operations.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { geminiWebhooksRoutes } from './gemini-webhooks.routes.server';

/**
 * The receiver on its own: every refusal is a 4xx with its code, is logged at warn and leaves
 * `gemini_webhook_events` as it was; a valid delivery is recorded once. (Its answers against its declaration: the
 * app's response check, in gemini-webhooks.server.test.ts and api-responses.server.test.ts.)
 */

const KEY = Buffer.from('the project webhook key of this test');
const OTHER_KEY = Buffer.from('a key Google never gave us');

let database: TestDatabase;
let pool: pg.Pool;
const logs: { level: number; msg: string; code?: string; webhookId?: string }[] = [];

function app(webhook = true): Hono<AppEnv> {
  const pass: Guards['session'] = async (_c, next) => {
    await next();
  };
  const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
  const api = new Hono<AppEnv>().use(requestId()).use(async (c, next) => {
    c.set('logger', logger);
    await next();
  });
  api.route(
    '/api/gemini',
    geminiWebhooksRoutes({
      pool,
      guards: { session: pass, admin: pass },
      webhook: webhook ? { secrets: [KEY], pollMs: 60_000 } : undefined,
    }),
  );
  return api;
}

let delivered = 0;

/** A delivery as Google signs it (Standard Webhooks), with what a test changes. */
function delivery(
  change: { key?: Buffer; ageSeconds?: number; body?: string; sentBody?: string; signature?: string } = {},
) {
  delivered += 1;
  const id = `msg_test_${delivered}`;
  const timestamp = String(Math.floor(Date.now() / 1000) - (change.ageSeconds ?? 0));
  const body =
    change.body ??
    JSON.stringify({ type: 'interaction.completed', version: 'v1', data: { id: `v1_${delivered}` } });
  const hmac = createHmac('sha256', change.key ?? KEY).update(`${id}.${timestamp}.${body}`);
  return {
    id,
    init: {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': timestamp,
        'webhook-signature': change.signature ?? `v1,${hmac.digest('base64')}`,
      },
      body: change.sentBody ?? body,
    },
  };
}

async function post(init: RequestInit, receiver = app()) {
  const response = await receiver.request('/api/gemini/webhook', init);
  return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
}

async function recorded(): Promise<string[]> {
  return (await pool.query<{ id: string }>('SELECT id FROM gemini_webhook_events ORDER BY id')).rows.map(
    (row) => row.id,
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('POST /api/gemini/webhook', () => {
  it('records a valid delivery once and answers 200; the same id again is 409 replayed_event, logged', async () => {
    const valid = delivery();
    expect(await post(valid.init)).toEqual({ status: 200, body: { received: true } });
    expect(await post(valid.init)).toMatchObject({
      status: 409,
      body: { error: { code: 'replayed_event' } },
    });
    expect(await recorded()).toEqual([valid.id]);
    expect(logs.filter((line) => line.webhookId === valid.id).map((line) => [line.level, line.msg])).toEqual([
      [30, 'Gemini webhook received'],
      [40, 'Gemini webhook replayed; nothing changed'],
    ]);
  });

  it.each([
    ['another key', { key: OTHER_KEY }, 'invalid_signature'],
    [
      'a changed body',
      { sentBody: '{"type":"interaction.completed","data":{"id":"v1_forged"}}' },
      'invalid_signature',
    ],
    ['no signature', { signature: '' }, 'invalid_signature'],
    ['a timestamp 6 minutes old', { ageSeconds: 360 }, 'stale_timestamp'],
  ])(
    'refuses a delivery with %s (400 %s): logged at warn, nothing recorded',
    async (_label, change, code) => {
      const before = await recorded();
      const refused = delivery(change);
      expect(await post(refused.init)).toMatchObject({ status: 400, body: { error: { code } } });
      expect(await recorded()).toEqual(before);
      expect(logs.find((line) => line.webhookId === refused.id)).toMatchObject({ level: 40, code });
    },
  );

  it('refuses a signed body that is no event (400 invalid_event) and a body over 64 KB (413)', async () => {
    const before = await recorded();
    expect(await post(delivery({ body: 'not json' }).init)).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_event' } },
    });
    const huge = delivery({ body: JSON.stringify({ type: 'x', padding: 'x'.repeat(70 * 1024) }) });
    expect(await post(huge.init)).toMatchObject({
      status: 413,
      body: { error: { code: 'payload_too_large' } },
    });
    expect(await recorded()).toEqual(before);
  });

  it('answers 404 when webhooks are not configured', async () => {
    expect(await post(delivery().init, app(false))).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
  });
});
