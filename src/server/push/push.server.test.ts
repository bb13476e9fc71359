import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, send } from '#server/jobs/queues.server';
import { createLogger } from '#server/logger.server';
import { LIMITS } from '#shared/catalogue';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { type FakePushService, startFakePushService, TEST_VAPID_ENV } from '#tests/support/fake-push-service';
import { signedUpIn } from '#tests/support/users';
import { seedVideoRequests } from '#tests/support/video-requests';
import { pushEndpointPolicy } from './push-endpoint.server';
import { deliverPush, type PushDeps } from './video-push.job.server';

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
  // The fake push service is plain http on 127.0.0.1: reachable only as an explicit stand-in (ADR 0048).
  ({ app, pool, storageDir } = await startDiskApp('cena-push-', {
    LOCAL_RENDER_DELAY_MS: '600000',
    WEB_PUSH_EXTRA_ORIGINS: pushService.origin,
  }));
});

afterAll(async () => {
  await stopDiskApp({ app, pool, storageDir });
  await pushService?.stop();
});

const user = () => signedUpIn(app.url, pool);
type ErrorBody = { error: { code: string; message: string } };
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

  it("refuses another account's endpoint (409), which stays theirs until they remove it", async () => {
    const [davi, eva] = [await user(), await user()];
    const subscription = await subscribed(davi);
    const owner = async () =>
      (
        await pool.query('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [
          subscription.endpoint,
        ])
      ).rows;
    const taken = await eva.client.json<ErrorBody>('/api/me/push-subscriptions', { json: subscription });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: 'endpoint_taken',
      message: expect.stringMatching(/outra conta/),
    });
    expect(await owner()).toEqual([{ user_id: davi.userId }]);
    // Eva's DELETE of it does nothing; once Davi removes it (signing out on that browser), Eva may take it.
    await eva.client.json('/api/me/push-subscriptions', {
      method: 'DELETE',
      json: { endpoint: subscription.endpoint },
    });
    expect(await owner()).toEqual([{ user_id: davi.userId }]);
    await davi.client.json('/api/me/push-subscriptions', {
      method: 'DELETE',
      json: { endpoint: subscription.endpoint },
    });
    expect((await eva.client.json('/api/me/push-subscriptions', { json: subscription })).status).toBe(200);
    expect(await owner()).toEqual([{ user_id: eva.userId }]);
  });

  it("refuses an endpoint that is not a browser's push service, however the address is spelt", async () => {
    const fabio = await user();
    const { keys } = pushService.subscribe(TEST_VAPID_ENV.WEB_PUSH_VAPID_PUBLIC_KEY);
    const otherPort = `http://127.0.0.1:${Number(new URL(pushService.origin).port) + 1}`;
    const refusals: [string, string][] = [
      [`${otherPort}/interno/x`, 'insecure_endpoint'],
      ['http://fcm.googleapis.com/fcm/send/x', 'insecure_endpoint'],
      ['https://localhost/interno/x', 'unknown_push_service'],
      ['https://[::ffff:127.0.0.1]/interno/x', 'unknown_push_service'],
      ['https://2130706433/interno/x', 'unknown_push_service'],
      ['https://0x7f.1/interno/x', 'unknown_push_service'],
      ['https://10.0.0.5/interno/x', 'unknown_push_service'],
      ['https://192.168.0.1/interno/x', 'unknown_push_service'],
      ['https://169.254.169.254/latest/meta-data', 'unknown_push_service'],
      ['https://[fd00::1]/x', 'unknown_push_service'],
      ['https://push.example.com/send/x', 'unknown_push_service'],
      ['https://fcm.googleapis.com.evil.example/fcm/send/x', 'unknown_push_service'],
      ['https://fcm.googleapis.com:8443/fcm/send/x', 'unknown_push_service'],
      ['https://evilnotify.windows.com/w/?token=x', 'unknown_push_service'],
    ];
    for (const [endpoint, code] of refusals) {
      const answer = await fabio.client.json<ErrorBody>('/api/me/push-subscriptions', {
        json: { endpoint, expirationTime: null, keys },
      });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.error.code, endpoint).toBe(code);
      expect(answer.body.error.message, endpoint).toMatch(/endereço de notificações/);
    }
    const stored = await pool.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [fabio.userId]);
    expect(stored.rowCount).toBe(0);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGx3Yb',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAC',
    ]) {
      const answer = await fabio.client.json('/api/me/push-subscriptions', {
        json: { endpoint, expirationTime: null, keys },
      });
      expect(answer.status, endpoint).toBe(200);
    }
  });

  it(`keeps an account's newest ${LIMITS.pushDevicesPerUser} devices: one more drops the oldest`, async () => {
    const gabi = await user();
    const devices = [];
    for (let n = 0; n <= LIMITS.pushDevicesPerUser; n += 1) devices.push(await subscribed(gabi));
    const { rows } = await pool.query<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions WHERE user_id = $1',
      [gabi.userId],
    );
    expect(rows.map((row) => row.endpoint).sort()).toEqual(
      devices
        .slice(1)
        .map((d) => d.endpoint)
        .sort(),
    );
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
    const { job, deps } = await directDelivery(juca, device.endpoint);
    pushService.answerWith(device.endpoint, 503, 1);
    await expect(deliverPush(deps, job)).rejects.toThrow('push service answered 503');
    expect(await deliverPush(deps, job)).toBe('sent');
    expect(receivedBy(device.endpoint)).toHaveLength(1);
  });

  it('a message the push service refuses (4xx) is not retried: it would be refused again', async () => {
    const lia = await user();
    const device = await subscribed(lia);
    const { job, deps } = await directDelivery(lia, device.endpoint);
    pushService.answerWith(device.endpoint, 400, 1);
    expect(await deliverPush(deps, job)).toBe('rejected');
  });
});

describe('deliveries pass the outbound guard (ADR 0048)', () => {
  it('never follows a redirect of the push service: one request, the job ends, the subscription goes', async () => {
    const [mia, nina] = [await user(), await user()];
    const device = await subscribed(mia);
    const elsewhere = await subscribed(nina);
    const { job, deps } = await directDelivery(mia, device.endpoint);
    pushService.answerWith(device.endpoint, 303, 1, elsewhere.endpoint);
    const refusalsBefore = pushService.refused.length;
    expect(await deliverPush(deps, job)).toBe('refused');
    expect(pushService.refused.slice(refusalsBefore)).toEqual([{ status: 303, reason: 'told to' }]);
    expect(receivedBy(elsewhere.endpoint)).toHaveLength(0);
    expect(await deliverPush(deps, job)).toBe('unsubscribed');
  });

  it('refuses a push service whose name resolves to a private address, without connecting', async () => {
    const otto = await user();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/resolves-inward';
    const { keys } = pushService.subscribe(TEST_VAPID_ENV.WEB_PUSH_VAPID_PUBLIC_KEY);
    await pool.query(
      'INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)',
      [otto.userId, endpoint, keys.p256dh, keys.auth],
    );
    const asked: string[] = [];
    const resolve = async (hostname: string) => {
      asked.push(hostname);
      return [{ address: '10.0.0.7', family: 4 }];
    };
    const { job, deps } = await directDelivery(otto, endpoint);
    expect(await deliverPush({ ...deps, outbound: pushEndpointPolicy([], resolve) }, job)).toBe('refused');
    expect(asked).toEqual(['fcm.googleapis.com']);
    expect(await deliverPush(deps, job)).toBe('unsubscribed');
  });

  it('refuses, at delivery, an endpoint stored before the rules (no longer a push service)', async () => {
    const pia = await user();
    const device = await subscribed(pia);
    const { job, deps } = await directDelivery(pia, device.endpoint);
    const refusalsBefore = pushService.refused.length;
    expect(await deliverPush({ ...deps, outbound: pushEndpointPolicy([]) }, job)).toBe('refused');
    expect(pushService.refused).toHaveLength(refusalsBefore);
    expect(receivedBy(device.endpoint)).toHaveLength(0);
  });
});

/** A settled request of `owner` and the `video-push` job of it to `endpoint`, to run deliverPush by hand. */
async function directDelivery(owner: User, endpoint: string) {
  const [id] = (await submit(owner, 1)) as [string];
  await pool.query(`UPDATE video_requests SET status = 'completed' WHERE id = $1`, [id]);
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM push_subscriptions WHERE endpoint = $1', [
    endpoint,
  ]);
  const deps: PushDeps = {
    pool,
    appUrl: app.url,
    logger: createLogger('silent'),
    vapid: {
      publicKey: TEST_VAPID_ENV.WEB_PUSH_VAPID_PUBLIC_KEY,
      privateKey: TEST_VAPID_ENV.WEB_PUSH_VAPID_PRIVATE_KEY,
      subject: 'mailto:suporte@cena.test',
    },
    outbound: pushEndpointPolicy([pushService.origin]),
  };
  return { job: { requestId: id, subscriptionId: rows[0]?.id as string }, deps };
}
