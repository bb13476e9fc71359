import { afterAll, beforeAll, expect, it } from 'vitest';
import { newEmail } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { SessionClient } from '#tests/support/session-client';
import { AUTH_RATE_LIMITS } from './auth.server';

/**
 * Auth rate limits live in the database, so they hold across web processes: two apps share one database here
 * (and a third that trusts no proxy, to show a client cannot pick its own address).
 */

let first: TestApp;
let second: TestApp;
let direct: TestApp;

beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({}, { databaseUrl: first.databaseUrl });
  direct = await startTestApp({ TRUSTED_PROXIES: '' }, { databaseUrl: first.databaseUrl });
});

afterAll(async () => {
  await direct?.stop();
  await second?.stop();
  await first?.stop();
});

const MAX = AUTH_RATE_LIMITS['/sign-in/*'].max;

const signIn = (client: SessionClient) =>
  client.fetch('/api/auth/sign-in/email', { json: { email: newEmail(), password: 'wrong password' } });

it('counts sign-in attempts from one address across processes sharing the database', async () => {
  const onFirst = new SessionClient(first.url);
  const onSecond = new SessionClient(second.url, onFirst.address);
  for (let attempt = 0; attempt < MAX; attempt++) {
    const response = await signIn(attempt % 2 === 0 ? onFirst : onSecond);
    expect(response.status, `attempt ${attempt + 1}`).toBe(401);
  }
  for (const client of [onFirst, onSecond]) {
    const limited = await signIn(client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0);
  }
  expect((await signIn(new SessionClient(second.url))).status).toBe(401);
});

it('keys by the socket address when no proxy is trusted, whatever X-Forwarded-For claims', async () => {
  for (let attempt = 0; attempt < MAX; attempt++) {
    expect((await signIn(new SessionClient(direct.url))).status, `attempt ${attempt + 1}`).toBe(401);
  }
  expect((await signIn(new SessionClient(direct.url))).status).toBe(429);
});
