import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { grant } from '#server/credits/ledger-grants.server';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import { eventReader } from '#tests/support/event-stream';
import type { SessionClient } from '#tests/support/session-client';
import { MAX_STREAMS_PER_USER } from './realtime-hub.server';

/**
 * GET /api/events end to end: a grant written through the ledger by another pool (standing in for another process)
 * reaches the user's stream through NOTIFY, also after the LISTEN connection was cut, and stopping the server
 * ends open streams instead of waiting for them.
 */

let app: TestApp;
let otherProcess: pg.Pool;

beforeAll(async () => {
  // Short, so the shutdown test does not wait out idle sockets the test's HTTP client keeps open; still twice
  // the bound that test checks streams end within.
  app = await startTestApp({ SHUTDOWN_TIMEOUT_MS: '2000' });
  otherProcess = testPool({ connectionString: app.databaseUrl, max: 2 });
});

afterAll(async () => {
  await otherProcess?.end();
  await app?.stop();
});

async function openEvents(client: SessionClient) {
  const response = await client.fetch('/api/events', { headers: { 'accept-encoding': 'gzip, br' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  expect(response.headers.get('content-encoding')).toBeNull();
  expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
  const events = eventReader(response);
  expect(await events.next()).toEqual({ event: 'ready', data: '{}' });
  return events;
}

async function signedInUser() {
  const { client } = await signUpAndVerify(app.url);
  const me = await client.json<{ user: { id: string } }>('/api/me');
  return { client, userId: me.body.user.id };
}

const give = (userId: string, amount: number) =>
  grant(otherProcess, {
    userId,
    amount,
    source: 'adjustment',
    sourceRef: `test:${randomUUID()}`,
    expiresAt: null,
  });

it('pushes the fresh balance when another process grants credits', async () => {
  const { client, userId } = await signedInUser();
  const bystander = await signedInUser();
  const events = await openEvents(client);
  const bystanderEvents = await openEvents(bystander.client);

  await give(userId, 40);
  expect(await events.next()).toEqual({ event: 'credits', data: JSON.stringify({ balance: 40 }) });
  await give(userId, 2);
  expect(await events.next()).toEqual({ event: 'credits', data: JSON.stringify({ balance: 42 }) });
  await expect(bystanderEvents.next(300)).rejects.toThrow('no event');

  await events.cancel();
  await bystanderEvents.cancel();
});

it('re-opens a dropped LISTEN connection and refreshes the open streams', async () => {
  const { client, userId } = await signedInUser();
  const events = await openEvents(client);
  const killed = await otherProcess.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE application_name = 'cena-realtime' AND datname = current_database()`,
  );
  expect(killed.rowCount).toBe(1);
  // Once back, the hub tells every stream its data may have changed: the balance, the subscription, and the
  // video requests (an event without an id: the web reads every list again).
  expect(await events.next()).toEqual({ event: 'credits', data: JSON.stringify({ balance: 0 }) });
  expect(await events.next()).toEqual({
    event: 'subscription',
    data: JSON.stringify({ subscription: null }),
  });
  expect(await events.next()).toEqual({ event: 'video_request', data: '{}' });
  await give(userId, 5);
  expect(await events.next()).toEqual({ event: 'credits', data: JSON.stringify({ balance: 5 }) });
  await events.cancel();
});

it('refuses streams over the per-user limit, and a closed stream frees its place', async () => {
  const { client } = await signedInUser();
  const open = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => openEvents(client)));
  const refused = await client.json('/api/events');
  expect(refused).toMatchObject({ status: 429, body: { error: { code: 'too_many_streams' } } });

  await Promise.all(open.map((events) => events.cancel()));
  const deadline = Date.now() + 5_000;
  let status = 429;
  while (status === 429 && Date.now() < deadline) {
    const response = await client.fetch('/api/events');
    status = response.status;
    await response.body?.cancel();
    if (status === 429) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(status).toBe(200);
});

it('ends open streams at shutdown instead of waiting for them', async () => {
  const { client } = await signedInUser();
  const events = await openEvents(client);
  const stopping = app.cena.stop();
  const started = Date.now();
  await events.finished;
  // Without the hub closing it, the stream would last until the shutdown timeout forcibly cut it (2 s here).
  expect(Date.now() - started).toBeLessThan(1_000);
  await stopping;
});
