import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '#server/credits/ledger-grants.server';
import {
  ADULT_BIRTH_DATE,
  lastMailId,
  mailsTo,
  newEmail,
  PASSWORD,
  signUp,
  signUpAndVerify,
  waitForMail,
} from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import { SessionClient } from '#tests/support/session-client';

/**
 * Accounts end to end through the real server (one app for the file): Better Auth flows as the web uses them
 * (docs/accounts-contract.md) and Cena's /api/me, /api/credits and /api/admin/check.
 */

let app: TestApp;
let pool: pg.Pool;

beforeAll(async () => {
  app = await startTestApp();
  pool = testPool({ connectionString: app.databaseUrl, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await app?.stop();
});

const signIn = (client: SessionClient, email: string, password: string) =>
  client.json<{ code?: string; twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
    json: { email, password },
  });

/** The authenticator's code now, or `steps` 30 s periods later (the server accepts one period either side). */
async function totp(totpURI: string, steps = 0): Promise<string> {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const counter = Math.floor(Date.now() / 30_000) + steps;
  return createOTP(new TextDecoder().decode(base32.decode(secret))).hotp(counter);
}

describe('sign-up and e-mail verification', () => {
  it('sends a verification e-mail whose link signs in, then /api/me answers', async () => {
    const client = new SessionClient(app.url);
    const email = newEmail('Nova');
    const response = await signUp(client, {
      name: '  Joana Lima ',
      email,
      password: PASSWORD,
      language: 'en',
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await client.json('/api/me')).status).toBe(401);

    const mail = await waitForMail(app.url, email.toLowerCase(), /Confirm your e-mail/);
    expect(mail.text).toContain('Hello, Joana Lima!');
    const [link] = mail.links;
    expect(link).toMatch(
      new RegExp(`^${app.url}/api/auth/verify-email\\?token=.+&callbackURL=%2Fdashboard$`),
    );

    const tampered = await client.fetch((link ?? '').replace('token=', 'token=x'));
    expect(tampered.headers.get('location')).toBe('/dashboard?error=INVALID_TOKEN');
    expect((await client.json('/api/me')).status).toBe(401);

    const verified = await client.fetch(link ?? '');
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/dashboard');
    expect(verified.headers.getSetCookie().join('\n')).toMatch(
      /^cena\.session_token=[^;]+;.*HttpOnly; SameSite=Lax/im,
    );

    const me = await client.json<Record<string, unknown>>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      user: {
        id: expect.any(String),
        name: 'Joana Lima',
        email: email.toLowerCase(),
        emailVerified: true,
        twoFactorEnabled: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        // Signed up with a birth date, so no paid action will ask for it (ADR 0066).
        birthDateKnown: true,
      },
      profile: { language: 'en', timezone: 'America/Sao_Paulo' },
      isAdmin: false,
    });

    const stored = await pool.query<{ password: string }>(
      `SELECT a.password FROM account a JOIN "user" u ON u.id = a.user_id WHERE u.email = $1`,
      [email.toLowerCase()],
    );
    expect(stored.rows[0]?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers a sign-up for a taken e-mail exactly like a new one, and tells the owner instead', async () => {
    const { email } = await signUpAndVerify(app.url);
    const fresh = newEmail();
    const shape = async (target: string) => {
      const response = await signUp(new SessionClient(app.url), {
        name: 'Bia',
        email: target,
        password: PASSWORD,
        language: 'en',
      });
      const body = (await response.json()) as { token: unknown; user: Record<string, unknown> };
      const headers = [...response.headers.keys()].filter((name) => !['date', 'x-request-id'].includes(name));
      return {
        status: response.status,
        headers,
        token: body.token,
        keys: Object.keys(body.user),
        email: body.user.email === target,
        user: { ...body.user, id: typeof body.user.id, email: 'x', createdAt: 'x', updatedAt: 'x' },
      };
    };
    const before = await lastMailId(app.url);
    const taken = await shape(email);
    const untaken = await shape(fresh);
    expect(taken).toEqual(untaken);
    expect(taken).toMatchObject({ email: true, user: { emailVerified: false, language: 'en' } });

    const notice = await waitForMail(app.url, email, /tentou criar uma conta/, { after: before });
    expect(notice.links).toEqual([`${app.url}/auth/login`]);
    const sinceThen = (await mailsTo(app.url, email)).filter((message) => message.id > before);
    expect(sinceThen.map((message) => message.subject)).not.toContainEqual(expect.stringMatching(/Confirme/));
  });

  it('refuses sign-in before verification and sends a new link; wrong and unknown look the same', async () => {
    const client = new SessionClient(app.url);
    const email = newEmail();
    await signUp(client, { name: 'Caio', email, password: PASSWORD });
    const first = await waitForMail(app.url, email, /Confirme seu e-mail/);

    const unverified = await signIn(client, email, PASSWORD);
    expect(unverified.status).toBe(403);
    expect(unverified.body.code).toBe('EMAIL_NOT_VERIFIED');
    await waitForMail(app.url, email, /Confirme seu e-mail/, { after: first.id });

    const wrong = await signIn(client, email, 'not the password');
    const unknown = await signIn(client, newEmail('ghost'), 'not the password');
    expect(wrong).toEqual({
      status: 401,
      body: expect.objectContaining({ code: 'INVALID_EMAIL_OR_PASSWORD' }),
    });
    expect(unknown).toEqual(wrong);
  });
});

describe('passwords and sessions', () => {
  it('resets a forgotten password through the e-mailed link, signs out every other session and signs in', async () => {
    const { client, email } = await signUpAndVerify(app.url);
    const visitor = new SessionClient(app.url);

    const ask = (target: string) =>
      visitor.json('/api/auth/request-password-reset', {
        json: { email: target, redirectTo: '/auth/reset-password' },
      });
    const before = await lastMailId(app.url);
    const known = await ask(email);
    const unknownEmail = newEmail('nobody');
    expect(await ask(unknownEmail)).toEqual(known);
    expect(known.status).toBe(200);

    const mail = await waitForMail(app.url, email, /Redefina sua senha/, { after: before });
    expect(await mailsTo(app.url, unknownEmail)).toEqual([]);
    const landing = await visitor.fetch(mail.links[0] ?? '');
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get('location') ?? '', app.url);
    expect(location.pathname).toBe('/auth/reset-password');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();

    const short = await visitor.json('/api/auth/reset-password', { json: { newPassword: 'curta', token } });
    expect(short.status).toBe(400);
    const reset = await visitor.json('/api/auth/reset-password', {
      json: { newPassword: 'a brand new secret', token },
    });
    expect(reset.status).toBe(200);
    const me = await visitor.json<{ user: { email: string } }>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    const again = await visitor.json('/api/auth/reset-password', {
      json: { newPassword: 'yet another one', token },
    });
    expect(again.status).toBe(400);

    expect((await client.json('/api/me')).status).toBe(401);
    expect((await signIn(visitor, email, PASSWORD)).status).toBe(401);
    expect((await signIn(visitor, email, 'a brand new secret')).status).toBe(200);
  });

  it('changing the password signs out the other sessions and keeps this one', async () => {
    const { client, email } = await signUpAndVerify(app.url);
    const laptop = client.anotherDevice();
    expect((await signIn(laptop, email, PASSWORD)).status).toBe(200);

    const changed = await client.json('/api/auth/change-password', {
      json: { currentPassword: PASSWORD, newPassword: 'another good one', revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);
    expect((await client.json('/api/me')).status).toBe(200);
    expect((await laptop.json('/api/me')).status).toBe(401);
  });

  it('revokeSessions signs out every device', async () => {
    const { client, email } = await signUpAndVerify(app.url);
    const phone = client.anotherDevice();
    expect((await signIn(phone, email, PASSWORD)).status).toBe(200);
    expect((await phone.json('/api/me')).status).toBe(200);

    expect((await client.json('/api/auth/revoke-sessions', { json: {} })).status).toBe(200);
    expect((await phone.json('/api/me')).status).toBe(401);
    expect((await client.json('/api/me')).status).toBe(401);
  });

  it('offers no Google sign-in without its keys', async () => {
    const google = await new SessionClient(app.url).json('/api/auth/sign-in/social', {
      json: { provider: 'google', callbackURL: '/dashboard' },
    });
    expect(google.status).toBe(404);
  });

  it('refuses a cookie-carrying request from a foreign origin', async () => {
    const { client } = await signUpAndVerify(app.url);
    const forged = await client.json('/api/auth/revoke-sessions', {
      json: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect((await client.json('/api/me')).status).toBe(200);
  });
});

describe('two-factor authentication', () => {
  it('after enrolment sign-in asks for a TOTP code, and a backup code works once', async () => {
    const { client, email } = await signUpAndVerify(app.url);
    const enabled = await client.json<{ totpURI: string; backupCodes: string[] }>(
      '/api/auth/two-factor/enable',
      {
        json: { password: PASSWORD },
      },
    );
    expect(enabled.status).toBe(200);
    expect(enabled.body.totpURI).toMatch(/^otpauth:\/\/totp\/Cena:/);
    expect(enabled.body.backupCodes.length).toBeGreaterThanOrEqual(8);
    const enrolmentCode = await totp(enabled.body.totpURI);
    const confirm = await client.json('/api/auth/two-factor/verify-totp', { json: { code: enrolmentCode } });
    expect(confirm.status).toBe(200);
    expect(
      (await client.json<{ user: { twoFactorEnabled: boolean } }>('/api/me')).body.user.twoFactorEnabled,
    ).toBe(true);

    const phone = client.anotherDevice();
    const challenged = await signIn(phone, email, PASSWORD);
    expect(challenged).toEqual({ status: 200, body: expect.objectContaining({ twoFactorRedirect: true }) });
    expect((await phone.json('/api/me')).status).toBe(401);
    const wrongCode = await phone.json('/api/auth/two-factor/verify-totp', { json: { code: '000000' } });
    expect(wrongCode.status).toBe(401);
    // A code signs in once: the enrolment's code is refused, the authenticator's next one works.
    const reusedCode = await phone.json('/api/auth/two-factor/verify-totp', {
      json: { code: enrolmentCode },
    });
    expect(reusedCode.status).toBe(401);
    expect(reusedCode.body).toMatchObject({
      code: 'INVALID_CODE',
      message: expect.stringMatching(/já foi usado/),
    });
    const nowCode = await totp(enabled.body.totpURI);
    const nextCode = nowCode === enrolmentCode ? await totp(enabled.body.totpURI, 1) : nowCode;
    const rightCode = await phone.json('/api/auth/two-factor/verify-totp', { json: { code: nextCode } });
    expect(rightCode.status).toBe(200);
    expect((await phone.json('/api/me')).status).toBe(200);

    // The same code again, within its window, from another sign-in: refused.
    const desktop = client.anotherDevice();
    expect((await signIn(desktop, email, PASSWORD)).body.twoFactorRedirect).toBe(true);
    const replayed = await desktop.json('/api/auth/two-factor/verify-totp', { json: { code: nextCode } });
    expect(replayed.status).toBe(401);
    expect((await desktop.json('/api/me')).status).toBe(401);

    const tablet = client.anotherDevice();
    const backupCode = enabled.body.backupCodes[0];
    expect((await signIn(tablet, email, PASSWORD)).body.twoFactorRedirect).toBe(true);
    const backup = await tablet.json('/api/auth/two-factor/verify-backup-code', {
      json: { code: backupCode },
    });
    expect(backup.status).toBe(200);
    expect((await tablet.json('/api/me')).status).toBe(200);

    const laptop = client.anotherDevice();
    await signIn(laptop, email, PASSWORD);
    const reused = await laptop.json('/api/auth/two-factor/verify-backup-code', {
      json: { code: backupCode },
    });
    expect(reused.status).toBe(401);
  });
});

describe('Cena endpoints', () => {
  it('answer 401 in the standard error shape when signed out', async () => {
    const visitor = new SessionClient(app.url);
    for (const [method, path] of [
      ['GET', '/api/me'],
      ['PATCH', '/api/me/profile'],
      ['GET', '/api/credits'],
      ['GET', '/api/admin/check'],
      ['GET', '/api/events'],
    ] as const) {
      const response = await visitor.json(path, {
        method,
        json: method === 'PATCH' ? { name: 'X' } : undefined,
      });
      expect(response, `${method} ${path}`).toEqual({
        status: 401,
        body: {
          error: {
            code: 'unauthorized',
            message: 'Faça login para continuar.',
            requestId: expect.any(String),
          },
        },
      });
    }
  });

  it('updates the profile and answers like GET /api/me', async () => {
    const { client } = await signUpAndVerify(app.url);
    const patched = await client.json('/api/me/profile', {
      method: 'PATCH',
      json: { name: ' Maria Clara ', language: 'en', timezone: 'Europe/Paris' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      user: { name: 'Maria Clara' },
      profile: { language: 'en', timezone: 'Europe/Paris' },
    });
    expect((await client.json('/api/me')).body).toEqual(patched.body);
    const partial = await client.json('/api/me/profile', { method: 'PATCH', json: { language: 'pt' } });
    expect(partial.body).toMatchObject({ user: { name: 'Maria Clara' }, profile: { language: 'pt' } });
  });

  it('answers bad input with 4xx and a pt-BR message, never a 5xx', async () => {
    const { client } = await signUpAndVerify(app.url);
    const patch = (options: { json?: unknown; body?: string; headers?: Record<string, string> }) =>
      client.json<{ error: { code: string; message: string } }>('/api/me/profile', {
        method: 'PATCH',
        ...options,
      });
    const json = { 'content-type': 'application/json' };

    expect(await patch({ body: '{"name": ', headers: json })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_json', message: 'O corpo da requisição não é um JSON válido.' } },
    });
    expect(await patch({ json: { name: 42 } })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_request', message: 'Nome deve ser um texto.' } },
    });
    expect(await patch({ json: { name: 'x'.repeat(10_000) } })).toMatchObject({
      status: 400,
      body: { error: { message: 'Nome deve ter no máximo 100 caracteres.' } },
    });
    expect(await patch({ json: { name: '   ' } })).toMatchObject({
      body: { error: { message: 'Nome é obrigatório.' } },
    });
    expect(await patch({ json: { name: 'Ana', isAdmin: true } })).toMatchObject({
      status: 400,
      body: { error: { message: 'Campo não permitido: isAdmin.' } },
    });
    expect(await patch({ json: { language: 'fr' } })).toMatchObject({
      body: { error: { message: 'Idioma deve ser "pt" ou "en".' } },
    });
    expect(await patch({ json: { timezone: 'Mars/Olympus' } })).toMatchObject({
      body: { error: { message: 'Fuso horário inválido.' } },
    });
    expect(await patch({ json: ['name'] })).toMatchObject({
      status: 400,
      body: { error: { message: 'O corpo da requisição deve ser um objeto JSON.' } },
    });
    expect(await patch({ json: null })).toMatchObject({ status: 400 });
    expect(
      await patch({ body: 'name=Ana', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    ).toMatchObject({
      status: 415,
      body: { error: { code: 'unsupported_media_type' } },
    });
    expect(
      await client.jsonAlone('/api/me/profile', { method: 'PATCH', json: { name: 'y'.repeat(100_000) } }),
    ).toMatchObject({
      status: 413,
      body: { error: { code: 'payload_too_large' } },
    });

    for (const path of ['/api/me', '/api/credits', '/api/admin/check', '/api/events']) {
      expect(await client.json(`${path}?debug=1`), path).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_request', message: 'Parâmetro não permitido: debug.' } },
      });
    }
    expect((await client.json('/api/me')).body).toMatchObject({ user: { name: 'Ana Souza' } });
  });

  it('validates sign-up input Better Auth leaves open', async () => {
    const visitor = new SessionClient(app.url);
    const attempt = (body: Record<string, unknown>) =>
      visitor.json<{ code: string; message: string }>('/api/auth/sign-up/email', { json: body });
    const base = { name: 'Ana', email: newEmail(), password: PASSWORD, birthDate: ADULT_BIRTH_DATE };
    expect(await attempt({ ...base, name: 'x'.repeat(10_000) })).toEqual({
      status: 400,
      body: expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: 'Nome deve ter no máximo 100 caracteres.',
      }),
    });
    expect((await attempt({ ...base, timezone: 'Europe/Paris' })).body.message).toBe(
      'Campo não permitido: timezone.',
    );
    expect((await attempt({ ...base, language: 'fr' })).status).toBe(400);
    expect((await attempt({ ...base, password: 'curta' })).status).toBe(400);
    const oversized = { ...base, name: 'x'.repeat(100_000) };
    expect(
      (await visitor.jsonAlone('/api/auth/sign-up/email', { method: 'POST', json: oversized })).status,
    ).toBe(413);
  });

  it('lists credits newest first with what expires soon', async () => {
    const { client } = await signUpAndVerify(app.url);
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    const soon = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    // A grant's time is its caller's clock, to the millisecond: two grants made back to back can share it, and
    // then neither is the newer. The first is dated a second earlier so "newest first" has one answer.
    await grant(
      pool,
      { userId, amount: 100, source: 'package', sourceRef: `cs_${userId}`, expiresAt: soon },
      new Date(Date.now() - 1000),
    );
    await grant(pool, {
      userId,
      amount: 7,
      source: 'adjustment',
      sourceRef: `adj_${userId}`,
      expiresAt: null,
    });

    const credits = await client.json<{
      balance: number;
      expiringSoon: unknown;
      grants: { amount: number }[];
      entries: unknown[];
    }>('/api/credits');
    expect(credits.status).toBe(200);
    expect(credits.body.balance).toBe(107);
    expect(credits.body.expiringSoon).toEqual({ total: 100, daysLeft: 3 });
    expect(credits.body.grants).toEqual([
      {
        id: expect.any(String),
        amount: 7,
        remaining: 7,
        source: 'adjustment',
        planType: 'purchased',
        expiresAt: null,
        createdAt: expect.any(String),
        expired: false,
      },
      expect.objectContaining({ amount: 100, expiresAt: soon.toISOString(), source: 'package' }),
    ]);
    expect(credits.body.entries).toEqual([
      {
        id: expect.any(Number),
        kind: 'grant',
        amount: 7,
        createdAt: expect.any(String),
        grantId: expect.any(String),
        holdId: null,
      },
      expect.objectContaining({ kind: 'grant', amount: 100 }),
    ]);
  });
});
