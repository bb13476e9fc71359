import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { DAY_MS } from '#server/credits/ledger-expiry.server';
import { balance } from '#server/credits/ledger-reads.server';
import { grantTrial, normalizeEmail, trialHasher } from '#server/trial/trial-grant.server';
import { TRIAL_CREDITS, TRIAL_VALIDITY_DAYS } from '#shared/catalogue';
import type { CreditsResponse } from '#shared/credits';
import type { InvitesResponse } from '#shared/invites';
import { ADULT_BIRTH_DATE, lastMailId, newEmail, PASSWORD, waitForMail } from '#tests/support/accounts';
import { startTestApp, TEST_AUTH_SECRET, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import { SessionClient } from '#tests/support/session-client';
import { insertUser } from '#tests/support/users';

/**
 * A new account through the real server in local mode (dev mailbox, no keys; ADR 0040): the free first video on
 * confirmation, once per e-mail, address and device, and the invite link that brings it.
 */

let app: TestApp;
let pool: pg.Pool;
const config = { enabled: true, perAddressPerDay: 2, perDevicePerDay: 1, watermark: false };

beforeAll(async () => {
  app = await startTestApp({
    TRIAL_ENABLED: 'true',
    TRIAL_PER_ADDRESS_PER_DAY: '2',
    TRIAL_PER_DEVICE_PER_DAY: '1',
  });
  pool = testPool({ connectionString: app.databaseUrl, max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await app?.stop();
});

/**
 * A personal mailbox: `newEmail()`'s example.com is one private domain, which gets one trial a month (ADR 0047),
 * so people told apart by address or device here each have their own inbox at a public provider.
 */
const personalEmail = () => `bia.${randomUUID().slice(0, 8)}@gmail.com`;

/** Signs up with `client` and opens the confirmation link with it; returns the link (to replay it). */
async function signUpAndConfirm(client: SessionClient, email = personalEmail()): Promise<string> {
  const after = await lastMailId(app.url);
  const signUp = await client.fetch('/api/auth/sign-up/email', {
    json: {
      name: 'Bia Nunes',
      email,
      password: PASSWORD,
      birthDate: ADULT_BIRTH_DATE,
      callbackURL: '/dashboard',
    },
  });
  expect(signUp.status).toBe(200);
  await signUp.body?.cancel();
  const link = (await waitForMail(app.url, email.toLowerCase(), /e-mail/i, { after })).links[0] ?? '';
  const confirmed = await client.fetch(link);
  await confirmed.body?.cancel();
  expect(confirmed.status).toBe(302);
  return link;
}

const credits = async (client: SessionClient) => (await client.json<CreditsResponse>('/api/credits')).body;

describe('the free first video', () => {
  it('a confirmed new account has the trial once, in local mode; a replayed confirmation grants nothing more', async () => {
    const client = new SessionClient(app.url);
    const link = await signUpAndConfirm(client);
    const replay = await client.fetch(link);
    await replay.body?.cancel();
    const mine = await credits(client);
    expect(mine.balance).toBe(TRIAL_CREDITS);
    expect(mine.grants).toHaveLength(1);
    const [trial] = mine.grants;
    expect(trial?.source).toBe('trial');
    const validFor = Date.parse(trial?.expiresAt ?? '') - Date.parse(trial?.createdAt ?? '');
    expect(validFor).toBe(TRIAL_VALIDITY_DAYS * DAY_MS);
    // The browser got its device id with the confirmation.
    expect(client.cookieHeader).toMatch(/cena_device=[\w-]{16,}/);
    expect(await audit(pool)).toEqual([]);
  });

  it('a second account from the same address inside the limit has it, one over the limit does not', async () => {
    const first = new SessionClient(app.url);
    await signUpAndConfirm(first);
    const second = first.anotherDevice();
    await signUpAndConfirm(second);
    const third = first.anotherDevice();
    await signUpAndConfirm(third);
    expect((await credits(first)).balance).toBe(TRIAL_CREDITS);
    expect((await credits(second)).balance).toBe(TRIAL_CREDITS);
    expect(await credits(third)).toMatchObject({ balance: 0, grants: [] });
    // Another address is not held back by this one.
    const elsewhere = new SessionClient(app.url);
    await signUpAndConfirm(elsewhere);
    expect((await credits(elsewhere)).balance).toBe(TRIAL_CREDITS);
  });

  it('one browser gets one trial a day, whatever address it comes from', async () => {
    const home = new SessionClient(app.url);
    await signUpAndConfirm(home);
    const device = /cena_device=([\w-]+)/.exec(home.cookieHeader)?.[1] ?? '';
    const roaming = new SessionClient(app.url);
    const after = await lastMailId(app.url);
    const email = personalEmail();
    await roaming.fetch('/api/auth/sign-up/email', {
      json: {
        name: 'Bia Nunes',
        email,
        password: PASSWORD,
        birthDate: ADULT_BIRTH_DATE,
        callbackURL: '/dashboard',
      },
      headers: { cookie: `cena_device=${device}` },
    });
    const link = (await waitForMail(app.url, email, /e-mail/i, { after })).links[0] ?? '';
    const confirmed = await roaming.fetch(link, { headers: { cookie: `cena_device=${device}` } });
    await confirmed.body?.cancel();
    expect((await credits(roaming)).balance).toBe(0);
  });

  it('is once per normalized e-mail, also for a re-created account; it expires like any grant', async () => {
    const hash = trialHasher(TEST_AUTH_SECRET);
    const now = new Date('2026-11-20T12:00:00Z');
    const first = await insertUser(pool);
    const request = { email: 'Ana.Souza+cena@gmail.com', address: '10.9.9.9', deviceId: null };
    expect(await grantTrial(pool, config, hash, { ...request, userId: first }, now)).toBe('granted');
    expect(await grantTrial(pool, config, hash, { ...request, userId: first }, now)).toBe('granted');
    const recreated = await insertUser(pool);
    const sameInbox = {
      ...request,
      email: 'anasouza@googlemail.com',
      address: '10.8.8.8',
      userId: recreated,
    };
    expect(await grantTrial(pool, config, hash, sameInbox, now)).toBe('email_used');
    expect(await balance(pool, recreated, now)).toBe(0);
    expect(await balance(pool, first, now)).toBe(TRIAL_CREDITS);
    const lastMoment = new Date(now.getTime() + TRIAL_VALIDITY_DAYS * DAY_MS - 1);
    expect(await balance(pool, first, lastMoment)).toBe(TRIAL_CREDITS);
    expect(await balance(pool, first, new Date(now.getTime() + TRIAL_VALIDITY_DAYS * DAY_MS))).toBe(0);
    const off = { ...config, enabled: false };
    expect(await grantTrial(pool, off, hash, { ...request, email: newEmail(), userId: first }, now)).toBe(
      'disabled',
    );
    expect(await audit(pool)).toEqual([]);
  });

  it('normalizes e-mails: case, tags and Gmail dots', () => {
    expect(normalizeEmail(' Ana.Souza+x@GMAIL.com ')).toBe('anasouza@gmail.com');
    expect(normalizeEmail('ana.souza+x@empresa.com.br')).toBe('ana.souza@empresa.com.br');
  });
});

describe('invite links', () => {
  it("a sign-up through /convite/{code} is listed on the inviter's profile as pending", async () => {
    const inviter = new SessionClient(app.url);
    await signUpAndConfirm(inviter);
    const mine = await inviter.json<InvitesResponse>('/api/invites');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ url: `${app.url}/convite/${mine.body.code}`, invites: [] });
    // Looking at the link remembered the inviter's device (set by the confirmation) among their invite marks.
    const marks = await pool.query<{ kind: string }>(
      `SELECT m.kind FROM invite_marks m JOIN invite_codes c ON c.user_id = m.user_id WHERE c.code = $1`,
      [mine.body.code],
    );
    expect(marks.rows.map((row) => row.kind)).toContain('device');

    const friend = new SessionClient(app.url);
    const opened = await friend.fetch(`/convite/${mine.body.code}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`/auth/login?tab=signup&convite=${mine.body.code}`);
    // The link gives the browser its device id, so the sign-up it makes carries it (ADR 0046).
    expect(friend.cookieHeader).toMatch(/cena_device=[\w-]{16,}/);
    await signUpAndConfirm(friend);
    const after = await inviter.json<InvitesResponse>('/api/invites');
    expect(after.body.invites).toEqual([
      {
        name: 'Bia',
        state: 'pending',
        credits: 0,
        joinedAt: expect.any(String),
        rewardAt: null,
        reason: null,
      },
    ]);

    const unknown = await new SessionClient(app.url).fetch('/convite/zzzzzzzzzz');
    expect(unknown.headers.get('location')).toBe('/auth/login?tab=signup');
    expect(unknown.headers.getSetCookie()).toEqual([]);
  });
});
