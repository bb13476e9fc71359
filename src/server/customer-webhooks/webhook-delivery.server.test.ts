import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Jobs, startJobs } from '#server/jobs/jobs.server';
import { createLogger } from '#server/logger.server';
import type { MailMessage } from '#server/mail/mail.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/support/webhook-receiver';
import type { DeliveryDeps } from './customer-webhooks.server';
import { customerEventEmitter } from './customer-webhooks.server';
import { RETRY_OFFSETS_MS } from './retry-schedule.server';
import { attemptDelivery } from './webhook-delivery.job.server';
import { createEndpoint } from './webhook-endpoints.server';
import { secretSealingKey } from './webhook-secret.server';

/**
 * The delivery job on a compressed clock (ADR 0064): each call is one attempt made at the time the test's clock
 * says, so a day of Standard Webhooks' schedule runs in a few calls against a real receiver on 127.0.0.1. The queue
 * has no worker here: the test is the worker, and pg-boss only stores the jobs each attempt schedules.
 */

let database: TestDatabase;
let pool: pg.Pool;
let jobs: Jobs;
let receiver: WebhookReceiver;
const KEY = secretSealingKey('cena-test-secret-0123456789abcdef0123456789');
const mails: MailMessage[] = [];
// From now, not a fixed date: the delivery's schedule starts at the database's now() when the event is emitted,
// and every case's clock starts an hour or more after the last, so each first attempt is never before its event.
let clock = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 4 });
  jobs = await startJobs(database.url, createLogger('silent'), { poolSize: 2 });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver?.stop();
  await jobs?.stop(0);
  await pool?.end();
  await database?.drop();
});

beforeEach(async () => {
  mails.length = 0;
  receiver.answer(204);
  await receiver.up();
});

function deps(target: DeliveryDeps['target'] = { isProduction: false }): DeliveryDeps {
  return {
    pool,
    boss: jobs.boss,
    logger: createLogger('silent'),
    mailer: {
      devMailbox: false,
      send: async (message) => {
        mails.push(message);
      },
    },
    appUrl: 'https://cena.test',
    sealingKey: KEY,
    target,
    viewVideo: async () => undefined,
    now: () => clock,
    random: () => 0.5,
    timeoutMs: 2_000,
  };
}

/** A user with one endpoint on the receiver and one `story.completed` event for it; the delivery's id. */
async function oneDelivery(url = `${receiver.origin}/${randomUUID()}`) {
  const userId = await insertUser(pool);
  const endpoint = await createEndpoint(pool, KEY, userId, { url, events: ['story.completed'] });
  if (endpoint === 'too_many') throw new Error('limit');
  const emit = customerEventEmitter({ pool, boss: jobs.boss });
  expect(
    await emit(userId, 'story.completed', { story: { id: 'story-1' } }, { subjectId: randomUUID() }),
  ).toBe(1);
  const found = await pool.query<{ id: string }>(
    'SELECT id FROM customer_webhook_deliveries WHERE endpoint_id = $1',
    [endpoint.id],
  );
  return { userId, endpoint, deliveryId: found.rows[0]?.id ?? '', path: new URL(url).pathname };
}

const at = (offsetMs: number, start: Date) => new Date(start.getTime() + offsetMs);

async function attemptsOf(deliveryId: string) {
  const found = await pool.query<{
    response_code: number | null;
    ok: boolean;
    error: string | null;
    at: Date;
  }>(
    'SELECT response_code, ok, error, at FROM customer_webhook_attempts WHERE delivery_id = $1 ORDER BY at',
    [deliveryId],
  );
  return found.rows;
}

async function endpointState(id: string) {
  const found = await pool.query<{ enabled: boolean; failure_streak: number }>(
    'SELECT enabled, failure_streak FROM customer_webhook_endpoints WHERE id = $1',
    [id],
  );
  return found.rows[0];
}

describe('a delivery on a compressed clock', () => {
  it('reaches a receiver that was down for a minute, on the attempt after it came back, signed', async () => {
    const start = new Date(clock.getTime() + 60 * 60_000);
    clock = start;
    const { endpoint, deliveryId, path } = await oneDelivery();
    await receiver.down();
    expect(await attemptDelivery(deps(), deliveryId)).toBe('retrying');
    clock = at(2_000, start);
    expect(await attemptDelivery(deps(), deliveryId)).toBe('not_due');
    clock = at(5_000, start);
    expect(await attemptDelivery(deps(), deliveryId)).toBe('retrying');
    // Back a minute after the first attempt; the next attempt is the schedule's 5 minutes later.
    await receiver.up();
    clock = at(60_000, start);
    expect(await attemptDelivery(deps(), deliveryId)).toBe('not_due');
    clock = at(RETRY_OFFSETS_MS[2] ?? 0, start);
    expect(await attemptDelivery(deps(), deliveryId)).toBe('delivered');
    expect(await attemptDelivery(deps(), deliveryId)).toBe('settled');

    const hits = receiver.received.filter((hit) => hit.path === path);
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    if (!hit) throw new Error('not received');
    expect(hit.headers['webhook-timestamp']).toBe(String(Math.floor(clock.getTime() / 1000)));
    // The receiver checks against its own clock: the signed timestamp is the compressed clock's.
    const verifier = new Webhook(endpoint.secret);
    const realNow = Date.now;
    Date.now = () => clock.getTime();
    try {
      expect(verifier.verify(hit.body, hit.headers as Record<string, string>)).toMatchObject({
        type: 'story.completed',
        data: { story: { id: 'story-1' } },
      });
    } finally {
      Date.now = realNow;
    }
    expect(
      (await attemptsOf(deliveryId)).map(({ response_code, ok, error }) => [response_code, ok, error]),
    ).toEqual([
      [null, false, 'network'],
      [null, false, 'network'],
      [204, true, null],
    ]);
    expect(await endpointState(endpoint.id)).toEqual({ enabled: true, failure_streak: 0 });
    const scheduled = await pool.query(
      `SELECT start_after FROM pgboss.job WHERE name = 'customer-webhook' AND data->>'deliveryId' = $1
       ORDER BY created_on`,
      [deliveryId],
    );
    // The first job (sent with the event) and one per failed attempt, each for the schedule's next time.
    expect(
      scheduled.rows.map((row) => (row.start_after as Date).getTime() - start.getTime()).slice(1),
    ).toEqual([RETRY_OFFSETS_MS[1], RETRY_OFFSETS_MS[2]]);
  });

  it('an endpoint failing for 24 hours is disabled and its owner told once; Reenviar turns it back on', async () => {
    const start = new Date(clock.getTime() + 48 * 60 * 60_000);
    clock = start;
    const { userId, endpoint, deliveryId, path } = await oneDelivery();
    receiver.answer(500);
    for (const [made, offset] of RETRY_OFFSETS_MS.entries()) {
      clock = at(offset, start);
      const last = made === RETRY_OFFSETS_MS.length - 1;
      expect(await attemptDelivery(deps(), deliveryId)).toBe(last ? 'failed' : 'retrying');
    }
    expect(receiver.received.filter((hit) => hit.path === path)).toHaveLength(RETRY_OFFSETS_MS.length);
    expect(await endpointState(endpoint.id)).toEqual({
      enabled: false,
      failure_streak: RETRY_OFFSETS_MS.length,
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Um endpoint de webhooks seu foi desativado — Cena' });
    expect(mails[0]?.text).toContain(endpoint.url);

    // Disabled: a new event does not even queue a delivery, so no second e-mail can come of it.
    const emit = customerEventEmitter({ pool, boss: jobs.boss });
    expect(await emit(userId, 'story.completed', {}, { subjectId: randomUUID() })).toBe(0);
    expect(mails).toHaveLength(1);

    const { resendDelivery } = await import('./webhook-endpoints.server');
    receiver.answer(200);
    clock = at(25 * 60 * 60_000, start);
    const resent = await resendDelivery(
      pool,
      jobs.boss,
      { userId, endpointId: endpoint.id, deliveryId },
      clock,
    );
    expect(resent).toMatchObject({ status: 'pending' });
    expect(await endpointState(endpoint.id)).toEqual({ enabled: true, failure_streak: 0 });
    expect(await attemptDelivery(deps(), deliveryId)).toBe('delivered');
    const [first, , , , , , , , last] = receiver.received.filter((hit) => hit.path === path);
    expect(last?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
  });

  it('410 Gone disables the endpoint at once, with one e-mail', async () => {
    const { endpoint, deliveryId } = await oneDelivery();
    receiver.answer(410);
    expect(await attemptDelivery(deps(), deliveryId)).toBe('endpoint_gone');
    expect(await endpointState(endpoint.id)).toMatchObject({ enabled: false });
    expect(mails.map((mail) => mail.text)).toEqual([expect.stringContaining('410 Gone')]);
  });

  it('in production a stored target on 127.0.0.1 is refused at delivery time: nothing is sent', async () => {
    const { deliveryId, path } = await oneDelivery();
    expect(await attemptDelivery(deps({ isProduction: true }), deliveryId)).toBe('retrying');
    expect(receiver.received.filter((hit) => hit.path === path)).toEqual([]);
    expect((await attemptsOf(deliveryId)).map(({ ok, error }) => [ok, error])).toEqual([[false, 'refused']]);
  });
});
