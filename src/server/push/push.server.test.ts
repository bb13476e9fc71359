import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, send } from '#server/jobs/queues.server';
import { createLogger } from '#server/logger.server';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { type FakePushService, startFakePushService, TEST_VAPID_ENV } from '#tests/support/fake-push-service';
import { signedUpIn } from '#tests/support/users';
import { seedVideoRequests } from '#tests/support/video-requests';
import { deliverPush } from './video-push.job.server';

/**
 * Web Push end to end (ADR 0038): subscriptions through the HTTP API, and the notification of a settled submit
 * through the real `video-notify` and `video-push` jobs to a fake push service that checks the VAPID token and
 * decrypts the message with the subscription's private key.
 */

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;
let pushService: FakePushService;

beforeAll(async () => {
  pushService = await startFakePushService();
  ({ app, pool, storageDir } = await startDiskApp('cena-push-', { LOCAL_RENDER_DELAY_MS: '600000' }));
});

afterAll(async () => {
  await stopDiskApp({ app, pool, storageDir });
  await pushService?.stop();
});

const user = () => signedUpIn(app.url, pool);
type User = Awaited<ReturnType<typeof user>>;

async function subscribed(owner: User) {
  const subscription = pushService.subscribe(TEST_VAPID_ENV.WEB_PUSH_VAPID_PUBLIC_KEY);
  const answer = await owner.client.json('/api/me/push-subscriptions', { json: subscription });
  expect(answer).toEqual({ status: 200, body: { subscribed: true } });
  return subscription;
}

/** A submit of `count` variations, unfinished. */
async function submit(owner: User, count: number): Promise<string[]> {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, () => ({ status: 'processing', createdAt: now }));
  const ids = await seedVideoRequests(pool, owner.userId, rows);
  if (count > 1) {
    await pool.query('UPDATE video_requests SET variation_ids = $1::uuid[] WHERE id = ANY($1::uuid[])', [
      ids,
    ]);
  }
  return ids;
}

/** Settles one request as the pipeline does: its final status, then its `video-notify` job. */
async function settle(id: string, status: 'completed' | 'failed') {
  await pool.query('UPDATE video_requests SET status = $2 WHERE id = $1', [id, status]);
  await send(app.cena.jobs.boss, QUEUES.videoNotify, { requestId: id });
}

/** Until no notification or push job of these requests is waiting or running. */
async function jobsDone(ids: string[]) {
  await expect
    .poll(async () => {
      const found = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job
         WHERE name IN ('video-notify', 'video-push') AND data->>'requestId' = ANY($1)
           AND state NOT IN ('completed', 'failed', 'cancelled')`,
        [ids],
      );
      return found.rows[0]?.n;
    })
    .toBe(0);
}

const receivedBy = (endpoint: string) => pushService.received.filter((push) => push.endpoint === endpoint);

describe('push subscriptions API', () => {
  it('answers the VAPID public key to a signed-in user only', async () => {
    const ana = await user();
    expect(await ana.client.json('/api/me/push-key')).toEqual({
      status: 200,
      body: { publicKey: TEST_VAPID_ENV.WEB_PUSH_VAPID_PUBLIC_KEY },
    });
    expect((await fetch(`${app.url}/api/me/push-key`)).status).toBe(401);
  });

  it('subscribes idempotently, refuses malformed subscriptions in Portuguese, and unsubscribes only its own', async () => {
    const [bia, caio] = [await user(), await user()];
    const subscription = await subscribed(bia);
    await subscribed(bia);
    const again = await bia.client.json('/api/me/push-subscriptions', { json: subscription });
    expect(again.status).toBe(200);
    const rows = () =>
      pool.query('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [subscription.endpoint]);
    expect((await rows()).rows).toEqual([{ user_id: bia.userId }]);

    const refusals = [
      { ...subscription, keys: { ...subscription.keys, p256dh: 'short' } },
      { ...subscription, keys: { ...subscription.keys, auth: 'x'.repeat(40) } },
      { ...subscription, endpoint: 'ftp://push.example/x' },
      { ...subscription, extra: true },
      { endpoint: subscription.endpoint },
    ];
    for (const body of refusals) {
      const answer = await bia.client.json<{ error: { code: string; message: string } }>(
        '/api/me/push-subscriptions',
        { json: body },
      );
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('invalid_request');
      expect(answer.body.error.message, JSON.stringify(body)).toMatch(/deve|inválid|não permitido/);
    }

    // Someone else cannot unsubscribe Bia's device by naming its endpoint.
    const unsubscribe = (who: User) =>
      who.client.json('/api/me/push-subscriptions', {
        method: 'DELETE',
        json: { endpoint: subscription.endpoint },
      });
    expect(await unsubscribe(caio)).toEqual({ status: 200, body: { subscribed: false } });
    expect((await rows()).rows).toHaveLength(1);
    expect(await unsubscribe(bia)).toEqual({ status: 200, body: { subscribed: false } });
    expect((await rows()).rows).toHaveLength(0);
    expect((await unsubscribe(bia)).status).toBe(200);
  });

  it('moves a device to the account that subscribed on it last', async () => {
    const [davi, eva] = [await user(), await user()];
    const subscription = await subscribed(davi);
    expect((await eva.client.json('/api/me/push-subscriptions', { json: subscription })).status).toBe(200);
    const owner = await pool.query('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [
      subscription.endpoint,
    ]);
    expect(owner.rows).toEqual([{ user_id: eva.userId }]);
  });
});

describe('one notification per submit', () => {
  it('sends one "ready" notification when the last of three variations completes, to each device once', async () => {
    const fabi = await user();
    const [phone, laptop] = [await subscribed(fabi), await subscribed(fabi)];
    const ids = await submit(fabi, 3);
    await settle(ids[0] as string, 'completed');
    await settle(ids[1] as string, 'failed');
    await jobsDone(ids);
    expect(receivedBy(phone.endpoint)).toHaveLength(0);

    await Promise.all([settle(ids[2] as string, 'completed'), settle(ids[2] as string, 'completed')]);
    await expect.poll(() => receivedBy(phone.endpoint).length + receivedBy(laptop.endpoint).length).toBe(2);
    await jobsDone(ids);
    expect(receivedBy(phone.endpoint)).toHaveLength(1);
    expect(receivedBy(laptop.endpoint)).toHaveLength(1);
    const [push] = receivedBy(phone.endpoint);
    expect(push?.message).toEqual({
      title: 'Seu vídeo está pronto',
      body: '2 de 3 variações prontas: “Um gato dormindo no sofá da sala”. Os créditos das que falharam voltaram.',
      url: `${app.url}/dashboard/request/${ids[0]}`,
      tag: `cena-${ids[0]}`,
    });
    expect(push?.ttl).toBe(86_400);
    expect(push?.topic).toBe(ids[0]?.replaceAll('-', ''));
    expect(pushService.refused).toEqual([]);
  });

  it('sends one "failed — credits refunded" notification for a failed submit, whatever the e-mail setting', async () => {
    const gil = await user();
    await gil.client.json('/api/me/settings', { method: 'PATCH', json: { notifyOnVideoReady: false } });
    const device = await subscribed(gil);
    const ids = await submit(gil, 3);
    for (const id of ids) await settle(id, 'failed');
    await expect.poll(() => receivedBy(device.endpoint).length).toBe(1);
    await jobsDone(ids);
    expect(receivedBy(device.endpoint)).toHaveLength(1);
    expect(receivedBy(device.endpoint)[0]?.message).toMatchObject({
      title: 'Falhou — créditos devolvidos',
      body: 'Nenhuma das 3 variações de “Um gato dormindo no sofá da sala” pôde ser gerada; os créditos voltaram ao seu saldo.',
    });
  });

  it('sends nothing once the device unsubscribed', async () => {
    const hugo = await user();
    const device = await subscribed(hugo);
    await hugo.client.json('/api/me/push-subscriptions', {
      method: 'DELETE',
      json: { endpoint: device.endpoint },
    });
    const [id] = (await submit(hugo, 1)) as [string];
    await settle(id, 'completed');
    await jobsDone([id]);
    expect(receivedBy(device.endpoint)).toHaveLength(0);
  });

  it('deletes a subscription the push service says is gone (410), and sends to it no more', async () => {
    const iara = await user();
    const device = await subscribed(iara);
    pushService.answerWith(device.endpoint, 410);
    const [first] = (await submit(iara, 1)) as [string];
    await settle(first, 'completed');
    await expect
      .poll(
        async () =>
          (await pool.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [iara.userId])).rowCount,
      )
      .toBe(0);
    await jobsDone([first]);
    const refusalsBefore = pushService.refused.length;
    const [second] = (await submit(iara, 1)) as [string];
    await settle(second, 'completed');
    await jobsDone([second]);
    expect(pushService.refused).toHaveLength(refusalsBefore);
  });

  it('a push service error fails the job for a retry, which then delivers', async () => {
    const juca = await user();
    const device = await subscribed(juca);
    const [id] = (await submit(juca, 1)) as [string];
    await pool.query(`UPDATE video_requests SET status = 'completed' WHERE id = $1`, [id]);
    const { rows } = await pool.query<{ id: string }>(
      'SELECT id FROM push_subscriptions WHERE endpoint = $1',
      [device.endpoint],
    );
    const job = { requestId: id, subscriptionId: rows[0]?.id as string };
    const deps = {
      pool,
      appUrl: app.url,
      logger: createLogger('silent'),
      vapid: {
        publicKey: TEST_VAPID_ENV.WEB_PUSH_VAPID_PUBLIC_KEY,
        privateKey: TEST_VAPID_ENV.WEB_PUSH_VAPID_PRIVATE_KEY,
        subject: 'mailto:suporte@cena.test',
      },
    };
    pushService.answerWith(device.endpoint, 503, 1);
    await expect(deliverPush(deps, job)).rejects.toThrow('push service answered 503');
    expect(await deliverPush(deps, job)).toBe('sent');
    expect(receivedBy(device.endpoint)).toHaveLength(1);
  });
});
