import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionData } from '#server/kernel/session.server';
import { PASSWORD, signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { SessionClient } from '#tests/support/session-client';
import { SESSION_CACHE_MS, SessionCache, type SessionRead } from './session-cache.server';

const COOKIE = 'cena.session_token';

function sessionOf(userId: string, expiresAt: Date): SessionData {
  const now = new Date();
  return {
    session: { id: `s-${userId}`, token: 't', userId, expiresAt, createdAt: now, updatedAt: now },
    user: {
      id: userId,
      name: 'Ana',
      email: 'ana@example.com',
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    },
  } as SessionData;
}

/** A cache over a stand-in for Better Auth that counts its reads, on a clock the test moves. */
function cacheWithCounter(answer: SessionData | null) {
  const clock = { now: 1_000_000 };
  const counter = { reads: 0 };
  let release: () => void = () => {};
  const gate = { hold: false };
  const cache = new SessionCache(
    async (): Promise<SessionRead> => {
      counter.reads++;
      if (gate.hold) await new Promise<void>((resolve) => (release = resolve));
      return { headers: new Headers(), response: answer };
    },
    COOKIE,
    () => clock.now,
  );
  const headers = (value = 'abc.sig') => new Headers({ cookie: `other=1; ${COOKIE}=${value}` });
  return { cache, clock, counter, headers, gate, release: () => release() };
}

describe('the session cache', () => {
  const far = new Date(Date.now() + 86_400_000);

  it('asks Better Auth once per cookie within the window, and again once it has passed', async () => {
    const { cache, clock, counter, headers } = cacheWithCounter(sessionOf('u1', far));
    expect((await cache.read(headers())).response?.user.id).toBe('u1');
    expect((await cache.read(headers())).response?.user.id).toBe('u1');
    expect(counter.reads).toBe(1);
    await cache.read(headers('another.sig'));
    expect(counter.reads).toBe(2);
    clock.now += SESSION_CACHE_MS;
    await cache.read(headers());
    expect(counter.reads).toBe(3);
  });

  it('refuses a request without the session cookie without asking Better Auth', async () => {
    const { cache, counter } = cacheWithCounter(sessionOf('u1', far));
    expect((await cache.read(new Headers({ cookie: 'other=1' }))).response).toBeNull();
    expect((await cache.read(new Headers())).response).toBeNull();
    expect(counter.reads).toBe(0);
  });

  it('keeps no refusal and no entry past the session expiry', async () => {
    const refused = cacheWithCounter(null);
    await refused.cache.read(refused.headers());
    await refused.cache.read(refused.headers());
    expect(refused.counter.reads).toBe(2);

    const soon = cacheWithCounter(sessionOf('u1', new Date(1_000_000 + 1_000)));
    await soon.cache.read(soon.headers());
    soon.clock.now += 1_000;
    await soon.cache.read(soon.headers());
    expect(soon.counter.reads).toBe(2);
  });

  it('forgets a user at once, and does not keep a read that started before the forget', async () => {
    const { cache, counter, headers, gate, release } = cacheWithCounter(sessionOf('u1', far));
    await cache.read(headers());
    cache.forgetUser('u1');
    gate.hold = true;
    const racing = cache.read(headers());
    await new Promise((resolve) => setImmediate(resolve));
    cache.forgetUser('u1');
    release();
    await racing;
    gate.hold = false;
    await cache.read(headers());
    expect(counter.reads).toBe(3);
  });
});

describe('revocation across web processes', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp({}, { databaseUrl: first.databaseUrl });
  });

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  const signIn = async (client: SessionClient, email: string) =>
    (await client.json('/api/auth/sign-in/email', { json: { email, password: PASSWORD } })).status;

  /** The status of GET /api/me with `client`'s cookies on `app`, polled until 401 or the deadline. */
  async function refusedWithin(app: TestApp, client: SessionClient, ms: number): Promise<number> {
    const started = Date.now();
    for (;;) {
      const me = await fetch(`${app.url}/api/me`, { headers: { cookie: client.cookieHeader } });
      await me.body?.cancel();
      if (me.status === 401) return Date.now() - started;
      expect(me.status).toBe(200);
      if (Date.now() - started > ms) throw new Error(`still signed in after ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  // Without the session event the other process would keep its copy, stored just before, for most of the window.
  const AT_ONCE_MS = SESSION_CACHE_MS / 2;

  it('"sign out of all devices" on one process ends every session there at once, and on another before the window', async () => {
    const { client, email } = await signUpAndVerify(first.url);
    const phone = client.anotherDevice();
    expect(await signIn(phone, email)).toBe(200);
    for (const app of [first, second]) {
      const me = await fetch(`${app.url}/api/me`, { headers: { cookie: phone.cookieHeader } });
      expect(me.status).toBe(200);
    }
    const stolen = phone.cookieHeader;

    expect((await client.json('/api/auth/revoke-sessions', { json: {} })).status).toBe(200);
    const here = await fetch(`${first.url}/api/me`, { headers: { cookie: stolen } });
    expect(here.status).toBe(401);
    expect((await client.json('/api/me')).status).toBe(401);
    await refusedWithin(second, phone, AT_ONCE_MS);
  }, 30_000);

  it('a session revoked from another device is refused on every process before the window', async () => {
    const { client, email } = await signUpAndVerify(first.url);
    const laptop = client.anotherDevice();
    expect(await signIn(laptop, email)).toBe(200);
    const sessions = await client.json<{ token: string }[]>('/api/auth/list-sessions');
    const mine = await client.json<{ session: { token: string } }>('/api/auth/get-session');
    const other = sessions.body.find(({ token }) => token !== mine.body.session.token);
    expect(other).toBeDefined();
    expect((await laptop.json('/api/me')).status).toBe(200);
    const onSecond = await fetch(`${second.url}/api/me`, { headers: { cookie: laptop.cookieHeader } });
    expect(onSecond.status).toBe(200);

    const revoked = await client.json('/api/auth/revoke-session', { json: { token: other?.token } });
    expect(revoked.status).toBe(200);
    expect((await laptop.json('/api/me')).status).toBe(401);
    await refusedWithin(second, laptop, AT_ONCE_MS);
    expect((await client.json('/api/me')).status).toBe(200);
  }, 30_000);

  it('reading the session writes no rate-limit row; signing in still counts', async () => {
    const { client } = await signUpAndVerify(first.url);
    const rows = async () =>
      Number((await first.cena.pool.query('SELECT count(*) FROM rate_limit')).rows[0].count);
    const before = await rows();
    for (let i = 0; i < 3; i++) expect((await client.fetch('/api/auth/get-session')).status).toBe(200);
    expect(await rows()).toBe(before);
    const stranger = new SessionClient(first.url);
    await stranger.fetch('/api/auth/sign-in/email', {
      json: { email: 'nobody@example.com', password: 'wrong one' },
    });
    expect(await rows()).toBe(before + 1);
  });
});
