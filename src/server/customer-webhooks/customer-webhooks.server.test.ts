import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '#server/credits/ledger-grants.server';
import { balance } from '#server/credits/ledger-reads.server';
import type { AppEnv } from '#server/kernel/errors.server';
import { requireSession, type SessionData } from '#server/kernel/session.server';
import { LOCAL_FAILURE_MARKER } from '#server/video-providers/local-preview-provider.server';
import { exportedWebhookDeliverySchema, exportedWebhookEndpointSchema } from '#shared/account-rights';
import { CREDITS_LOW_THRESHOLD, type WebhookEndpoint } from '#shared/customer-webhooks';
import { type VideoRequestView, videoRequestResponseSchema } from '#shared/video-request';
import { signUpAndVerify } from '#tests/support/accounts';
import { startDiskApp, stopDiskApp, TEST_AUTH_SECRET, type TestApp } from '#tests/support/app';
import { postForm } from '#tests/support/multipart-forms';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/support/webhook-receiver';
import { customerWebhooksRoutes } from './customer-webhooks.routes.server';
import { secretSealingKey } from './webhook-secret.server';

/**
 * Webhooks to the customer's systems end to end (ADR 0064): endpoints through the HTTP API, events from the real
 * pipeline (the local renderer) and the real `customer-webhook` jobs, delivered to a receiver on 127.0.0.1 that
 * checks each signature with the `standardwebhooks` package, as a customer would.
 */

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // A render is read as done as soon as its file is there.
  ({ app, pool, storageDir } = await startDiskApp('cena-webhooks-', {
    LOCAL_RENDER_DELAY_MS: '0',
    VIDEO_POLL_MS: '100',
  }));
});

afterAll(async () => {
  await stopDiskApp({ app, pool, storageDir });
  await receiver?.stop();
});

type Created = { endpoint: Omit<WebhookEndpoint, 'deliveries'> & { secret: string } };
type ErrorBody = { error: { code: string; message: string } };

const user = (credits = 0) => signedUpWithCredits(app.url, pool, credits);

async function register(client: SessionClient, events: string[]) {
  const path = `/${randomUUID()}`;
  const answer = await client.json<Created>('/api/me/webhooks', {
    json: { url: receiver.origin + path, events },
  });
  expect(answer.status).toBe(201);
  return { ...answer.body.endpoint, path };
}

async function createVideo(
  client: SessionClient,
  quality: string,
  prompt: string,
): Promise<VideoRequestView> {
  const answer = await postForm(app.url, client, '/api/videos', [
    ['prompt', prompt],
    ['quality', quality],
    ['aspectRatio', '16:9'],
    ['clientKey', randomUUID()],
  ]);
  expect(answer.status).toBe(201);
  return answer.body.request;
}

/** The deliveries that reached `path`, each checked with the endpoint's secret, as the customer's code does. */
async function arrived(path: string, secret: string, count: number) {
  await expect
    .poll(() => receiver.received.filter((hit) => hit.path === path).length, { timeout: 60_000 })
    .toBe(count);
  return receiver.received
    .filter((hit) => hit.path === path)
    .map((hit) => ({
      payload: new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as {
        type: string;
        timestamp: string;
        data: Record<string, unknown>;
      },
      id: hit.headers['webhook-id'],
    }));
}

const PROMPT = 'Um cachorro correndo na praia ao pôr do sol';

describe('events reach a local receiver, signed per Standard Webhooks', () => {
  it('video.completed carries the request as GET /api/videos/{id} shows it, and the log says 204', async () => {
    const { client } = await user(10);
    const endpoint = await register(client, ['video.completed']);
    expect(endpoint).toMatchObject({ events: ['video.completed'], enabled: true, failureStreak: 0 });
    const created = await createVideo(client, 'fast', PROMPT);
    const [delivery] = await arrived(endpoint.path, endpoint.secret, 1);
    expect(delivery?.id).toMatch(/^msg_[A-Za-z0-9_-]+$/);
    expect(delivery?.payload.type).toBe('video.completed');
    expect(new Date(delivery?.payload.timestamp ?? '').toISOString()).toBe(delivery?.payload.timestamp);
    const data = videoRequestResponseSchema.parse(delivery?.payload.data);
    const shown = (await client.json<{ request: VideoRequestView }>(`/api/videos/${created.id}`)).body
      .request;
    expect(Object.keys(data.request).sort()).toEqual(Object.keys(shown).sort());
    expect(data.request).toMatchObject({ id: created.id, status: 'completed', creditsUsed: 10 });
    expect(data.request.videoUrl).toEqual(expect.any(String));
    expect(Object.keys(delivery?.payload.data ?? {})).toEqual(['request']);

    await expect
      .poll(
        async () => (await client.json<{ endpoints: WebhookEndpoint[] }>('/api/me/webhooks')).body.endpoints,
      )
      .toEqual([
        expect.objectContaining({
          id: endpoint.id,
          deliveries: [
            expect.objectContaining({
              eventId: delivery?.id,
              type: 'video.completed',
              status: 'delivered',
              lastResponseCode: 204,
              attempts: [expect.objectContaining({ responseCode: 204, ok: true, error: null })],
            }),
          ],
        }),
      ]);
    const listed = await client.json<{ endpoints: WebhookEndpoint[] }>('/api/me/webhooks');
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret.slice('whsec_'.length));
  });

  it('video.failed carries the refund, and the credits are back', async () => {
    const { client, userId } = await user(10);
    const endpoint = await register(client, ['video.failed']);
    const created = await createVideo(client, 'draft', `${PROMPT} ${LOCAL_FAILURE_MARKER}`);
    const [delivery] = await arrived(endpoint.path, endpoint.secret, 1);
    expect(delivery?.payload.type).toBe('video.failed');
    expect(delivery?.payload.data).toMatchObject({
      request: { id: created.id, status: 'failed', creditsUsed: 4 },
      refund: { credits: 4 },
    });
    expect(await balance(pool, userId)).toBe(10);
  });

  it('credits.low fires once per crossing of the line, not once per spend below it', async () => {
    const { client, userId } = await user(CREDITS_LOW_THRESHOLD + 8);
    const endpoint = await register(client, ['credits.low']);
    // 33 → 29 → 25 (not below) → 21 (crossed) → 17 (still below: nothing).
    for (let spend = 0; spend < 4; spend += 1) await createVideo(client, 'draft', PROMPT);
    await grant(pool, {
      userId,
      amount: 10,
      source: 'adjustment',
      sourceRef: `test:${randomUUID()}`,
      expiresAt: null,
    });
    // 27 → 23: crossed again.
    await createVideo(client, 'draft', PROMPT);
    // Deliveries run concurrently and may arrive in either order; the events' own time orders them.
    const deliveries = (await arrived(endpoint.path, endpoint.secret, 2)).sort((a, b) =>
      a.payload.timestamp.localeCompare(b.payload.timestamp),
    );
    expect(deliveries.map(({ payload }) => payload.data)).toEqual([
      { balance: 21, threshold: CREDITS_LOW_THRESHOLD },
      { balance: 23, threshold: CREDITS_LOW_THRESHOLD },
    ]);
    const events = await pool.query(`SELECT 1 FROM customer_webhook_events WHERE user_id = $1`, [userId]);
    expect(events.rowCount).toBe(2);
  });

  it('credits.low fires for a story drafted below the line too (its takes held together)', async () => {
    const { client, userId } = await user(CREDITS_LOW_THRESHOLD + 5);
    const endpoint = await register(client, ['credits.low']);
    const planned = await client.json<{ story: { id: string } }>('/api/stories', {
      json: { idea: 'Ana abre a padaria. Os clientes chegam.', aspectRatio: '9:16', targetSeconds: 15 },
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(201);
    const drafted = await client.json(`/api/stories/${planned.body.story.id}/drafts`, {
      json: { clientKey: randomUUID() },
    });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
    const [delivery] = await arrived(endpoint.path, endpoint.secret, 1);
    expect(delivery?.payload.data).toEqual({
      balance: await balance(pool, userId),
      threshold: CREDITS_LOW_THRESHOLD,
    });
  });
});

describe('endpoints through the API', () => {
  it('another user’s endpoint and deliveries answer 404 and stay; the owner deletes it with its log', async () => {
    const owner = await user();
    const other = await user();
    const endpoint = await register(owner.client, ['credits.low']);
    const delivery = randomUUID();
    expect((await other.client.json<{ endpoints: unknown[] }>('/api/me/webhooks')).body.endpoints).toEqual(
      [],
    );
    for (const [method, path] of [
      ['DELETE', `/api/me/webhooks/${endpoint.id}`],
      ['POST', `/api/me/webhooks/${endpoint.id}/deliveries/${delivery}/resend`],
      ['DELETE', '/api/me/webhooks/not-a-uuid'],
    ] as const) {
      const answer = await other.client.json<ErrorBody>(path, { method });
      expect(answer.status, path).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    }
    expect(
      (await owner.client.json<{ endpoints: unknown[] }>('/api/me/webhooks')).body.endpoints,
    ).toHaveLength(1);
    expect(await owner.client.json(`/api/me/webhooks/${endpoint.id}`, { method: 'DELETE' })).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect((await owner.client.json<{ endpoints: unknown[] }>('/api/me/webhooks')).body.endpoints).toEqual(
      [],
    );
  });

  it('malformed input answers 400 with a code, and an account keeps at most 10 endpoints (409)', async () => {
    const { client } = await user();
    const url = `${receiver.origin}/limit`;
    for (const body of [
      {},
      { url },
      { url, events: [] },
      { url, events: ['video.deleted'] },
      { url, events: ['credits.low', 'credits.low'] },
      { url: 42, events: ['credits.low'] },
      { url: 'x'.repeat(3000), events: ['credits.low'] },
      { url, events: ['credits.low'], secret: 'whsec_mine' },
    ]) {
      const answer = await client.json<ErrorBody>('/api/me/webhooks', { json: body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.error.code).toBe('invalid_request');
    }
    const notJson = await client.json<ErrorBody>('/api/me/webhooks', {
      method: 'POST',
      body: '{"url":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    for (const [target, code] of [
      ['seu-sistema.com.br/webhooks', 'invalid_url'],
      ['https://10.0.0.8/hook', 'url_not_allowed'],
      ['https://169.254.169.254/latest/meta-data/', 'url_not_allowed'],
      ['ftp://example.com/hook', 'insecure_url'],
    ]) {
      const answer = await client.json<ErrorBody>('/api/me/webhooks', {
        json: { url: target, events: ['credits.low'] },
      });
      expect(answer.status, target).toBe(400);
      expect(answer.body.error.code).toBe(code);
      expect(answer.body.error.message).toMatch(/endereço/);
    }
    for (let n = 0; n < 10; n += 1) await register(client, ['credits.low']);
    const eleventh = await client.json<ErrorBody>('/api/me/webhooks', {
      json: { url, events: ['credits.low'] },
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.code).toBe('too_many_webhooks');
  });
});

describe('registration under NODE_ENV=production', () => {
  /** The routes as production mounts them (config.isProduction), a signed-in user, a resolver for DNS. */
  async function productionApi() {
    const { userId } = await user();
    const signedIn = { session: {}, user: { id: userId } } as SessionData;
    const guard = requireSession({
      read: async () => ({ headers: new Headers(), response: signedIn }),
      forgetUser: () => undefined,
    });
    const resolve = async (hostname: string) => {
      const addresses: Record<string, string> = {
        'hooks.example.com': '93.184.216.34',
        'local.example.com': '127.0.0.1',
      };
      const address = addresses[hostname];
      if (!address) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      return [{ address, family: 4 }];
    };
    const routes = customerWebhooksRoutes({
      pool,
      boss: app.cena.jobs.boss,
      guards: { session: guard, admin: guard },
      sealingKey: secretSealingKey(TEST_AUTH_SECRET),
      target: { isProduction: true, resolve },
    });
    const api = new Hono<AppEnv>().route('/api/me', routes);
    return async (url: string) => {
      const answer = await api.request('/api/me/webhooks', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url, events: ['video.completed'] }),
      });
      return { status: answer.status, body: (await answer.json()) as ErrorBody & Created };
    };
  }

  it('refuses a receiver on 127.0.0.1 (and a name resolving to it), and takes a public https one', async () => {
    const register = await productionApi();
    for (const [url, code] of [
      [`${receiver.origin}/hook`, 'insecure_url'],
      ['https://127.0.0.1/hook', 'url_not_allowed'],
      ['https://localhost/hook', 'url_not_allowed'],
      ['https://local.example.com/hook', 'url_not_allowed'],
      ['https://nowhere.example.com/hook', 'unknown_host'],
    ] as const) {
      const answer = await register(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.error.code, url).toBe(code);
    }
    const accepted = await register('https://hooks.example.com/cena');
    expect(accepted.status).toBe(201);
    expect(accepted.body.endpoint.secret).toMatch(/^whsec_/);
  });
});

describe('LGPD', () => {
  it('exports the endpoints and the delivery log, never the secret, and erases them with the account', async () => {
    const { client, password } = await signUpAndVerify(app.url);
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    await grant(pool, {
      userId,
      amount: 26,
      source: 'adjustment',
      sourceRef: `test:${randomUUID()}`,
      expiresAt: null,
    });
    const endpoint = await register(client, ['credits.low']);
    await createVideo(client, 'draft', PROMPT);
    await arrived(endpoint.path, endpoint.secret, 1);
    await expect
      .poll(async () => (await pool.query('SELECT 1 FROM customer_webhook_attempts')).rowCount)
      .toBeGreaterThan(0);

    const text = await (await client.fetch('/api/me/export')).text();
    expect(text).not.toContain(endpoint.secret.slice('whsec_'.length));
    const exported = JSON.parse(text);
    expect(exported.webhookEndpoints.map((row: unknown) => exportedWebhookEndpointSchema.parse(row))).toEqual(
      [
        expect.objectContaining({
          id: endpoint.id,
          url: receiver.origin + endpoint.path,
          events: ['credits.low'],
        }),
      ],
    );
    expect(
      exported.webhookDeliveries.map((row: unknown) => exportedWebhookDeliverySchema.parse(row)),
    ).toEqual([
      expect.objectContaining({
        endpointId: endpoint.id,
        type: 'credits.low',
        status: 'delivered',
        attempts: [expect.objectContaining({ responseCode: 204, ok: true })],
      }),
    ]);

    expect((await client.json('/api/me', { method: 'DELETE', json: { password } })).status).toBe(200);
    const left = await pool.query(
      `SELECT (SELECT count(*) FROM customer_webhook_endpoints WHERE user_id = $1)::int AS endpoints,
              (SELECT count(*) FROM customer_webhook_deliveries WHERE endpoint_id = $2)::int AS deliveries`,
      [userId, endpoint.id],
    );
    expect(left.rows[0]).toEqual({ endpoints: 0, deliveries: 0 });
    await expect
      .poll(
        async () =>
          (await pool.query('SELECT 1 FROM customer_webhook_events WHERE user_id = $1', [userId])).rowCount,
        {
          timeout: 30_000,
        },
      )
      .toBe(0);
  });
});
