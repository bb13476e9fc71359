import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { signedUpWithCredits } from '#tests/support/users';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/support/webhook-receiver';
import { customerEventEmitter } from './customer-webhooks.server';

/**
 * The one case in real seconds (ADR 0064): the schedule's first retry is 5 s after the first attempt, and the
 * queue is pg-boss on Cena's database, so a delivery whose first attempt failed survives the process that made it
 * — the next process on the same database makes the second attempt.
 */

let database: TestDatabase | undefined;
let pool: pg.Pool | undefined;
let receiver: WebhookReceiver | undefined;
const apps: TestApp[] = [];

afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => undefined);
  await pool?.end();
  await receiver?.stop();
  await database?.drop();
});

type Attempt = { ok: boolean; response_code: number | null; error: string | null };

it('a receiver down at the first attempt gets the event after Cena restarted, 5 s later, signed', async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 2 });
  const db = pool;
  receiver = await startWebhookReceiver();
  await receiver.down();
  const first = await startTestApp({}, { databaseUrl: database.url });
  apps.push(first);
  const { client, userId } = await signedUpWithCredits(first.url, db);
  const url = `${receiver.origin}/restart`;
  const created = await client.json<{ endpoint: { id: string; secret: string } }>('/api/me/webhooks', {
    json: { url, events: ['story.completed'] },
  });
  expect(created.status).toBe(201);
  const emit = customerEventEmitter({ pool: db, boss: first.cena.jobs.boss });
  expect(
    await emit(userId, 'story.completed', { story: { id: 'historia-1' } }, { subjectId: randomUUID() }),
  ).toBe(1);

  const attempts = async () =>
    (
      await db.query<Attempt>(
        `SELECT a.ok, a.response_code, a.error FROM customer_webhook_attempts a
         JOIN customer_webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1 ORDER BY a.at`,
        [created.body.endpoint.id],
      )
    ).rows;
  await expect
    .poll(attempts, { timeout: 15_000 })
    .toEqual([{ ok: false, response_code: null, error: 'network' }]);
  await first.stop();
  apps.pop();

  await receiver.up();
  const second = await startTestApp({}, { databaseUrl: database.url });
  apps.push(second);
  await expect.poll(() => receiver?.received.length, { timeout: 20_000 }).toBe(1);
  const [hit] = receiver.received;
  if (!hit) throw new Error('not received');
  expect(
    new Webhook(created.body.endpoint.secret).verify(hit.body, hit.headers as Record<string, string>),
  ).toEqual(expect.objectContaining({ type: 'story.completed', data: { story: { id: 'historia-1' } } }));
  await expect.poll(attempts, { timeout: 5_000 }).toEqual([
    { ok: false, response_code: null, error: 'network' },
    { ok: true, response_code: 204, error: null },
  ]);
});
