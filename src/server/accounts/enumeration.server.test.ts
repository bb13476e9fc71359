import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADULT_BIRTH_DATE, newEmail, PASSWORD, signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { SessionClient } from '#tests/support/session-client';

/**
 * No account enumeration (design §6): sign-up, sign-in and password reset answer a registered e-mail exactly as an
 * unknown one — same status, same body apart from generated ids and times — whatever odd name or input comes
 * with it. Each request comes from its own client address, as separate people would, so rate limits stay out.
 */

let app: TestApp;
let known: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ email: known } = await signUpAndVerify(app.url));
});

afterAll(async () => {
  await app?.stop();
});

const ODD_NAMES = [
  'Ana\u0000Souza',
  'Ana\ud800Souza',
  '\udfff',
  '   ',
  '',
  'x'.repeat(101),
  'ç'.repeat(100),
  'Ana\nSouza\r\n',
  '<script>alert(1)</script>',
  '\u202eazuoS anA',
  'Ana\u200bSouza',
  '🎬🎥',
  '%00',
  'null',
];

/** The answer with what differs between any two sign-ups (generated ids, times) blanked out. */
async function answer(path: string, body: unknown) {
  const response = await new SessionClient(app.url).fetch(path, { json: body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text, (key, value) => (['id', 'createdAt', 'updatedAt'].includes(key) ? '…' : value));
  } catch {
    // not JSON: compared as text
  }
  return { status: response.status, body: parsed };
}

const withEmail = (body: Record<string, unknown>, email: string) => ({ ...body, email });
const sameButEmail = (value: unknown, from: string, to: string) =>
  JSON.parse(JSON.stringify(value).replaceAll(from, to));

describe('no account enumeration', () => {
  it('sign-up answers a registered e-mail like a new one, with any name', async () => {
    for (const name of ['Ana Souza', ...ODD_NAMES]) {
      const unknown = newEmail('new');
      const body = { name, password: PASSWORD, birthDate: ADULT_BIRTH_DATE, callbackURL: '/dashboard' };
      const forKnown = await answer('/api/auth/sign-up/email', withEmail(body, known));
      const forUnknown = await answer('/api/auth/sign-up/email', withEmail(body, unknown));
      expect(forKnown.status, JSON.stringify(name)).toBeLessThan(500);
      expect(sameButEmail(forUnknown, unknown, known), JSON.stringify(name)).toEqual(forKnown);
    }
  });

  it('sign-up answers alike for odd e-mails and passwords too', async () => {
    const variants: Record<string, unknown>[] = [
      { password: 'short' },
      { password: 'x'.repeat(129) },
      { password: 'a\u0000bcdefghij' },
      { password: 12345678 },
      { language: 'fr' },
      { callbackURL: 'https://evil.example/' },
      { callbackURL: 'x'.repeat(3000) },
      { image: 'https://evil.example/x.png' },
    ];
    for (const variant of variants) {
      const unknown = newEmail('new');
      const body = {
        name: 'Ana',
        password: PASSWORD,
        birthDate: ADULT_BIRTH_DATE,
        callbackURL: '/dashboard',
        ...variant,
      };
      const forKnown = await answer('/api/auth/sign-up/email', withEmail(body, known));
      const forUnknown = await answer('/api/auth/sign-up/email', withEmail(body, unknown));
      expect(sameButEmail(forUnknown, unknown, known), JSON.stringify(variant)).toEqual(forKnown);
    }
    const upper = await answer('/api/auth/sign-up/email', {
      name: 'Ana',
      email: known.toUpperCase(),
      password: PASSWORD,
      birthDate: ADULT_BIRTH_DATE,
    });
    const fresh = newEmail('new');
    const freshUpper = await answer('/api/auth/sign-up/email', {
      name: 'Ana',
      email: fresh.toUpperCase(),
      password: PASSWORD,
      birthDate: ADULT_BIRTH_DATE,
    });
    expect(sameButEmail(freshUpper, fresh, known)).toEqual(upper);
  });

  it('sign-in with a wrong password answers a registered e-mail like an unknown one', async () => {
    for (const password of ['not the password', 'a\u0000b', 'x'.repeat(129), '']) {
      const forKnown = await answer('/api/auth/sign-in/email', { email: known, password });
      const forUnknown = await answer('/api/auth/sign-in/email', { email: newEmail('ghost'), password });
      expect(forUnknown, JSON.stringify(password)).toEqual(forKnown);
      expect(forKnown.status).toBeGreaterThanOrEqual(400);
      expect(forKnown.status).toBeLessThan(500);
    }
  });

  it('password reset answers a registered e-mail like an unknown one', async () => {
    for (const redirectTo of ['/auth/reset-password', 'https://evil.example/', 'a\u0000b']) {
      const forKnown = await answer('/api/auth/request-password-reset', { email: known, redirectTo });
      const forUnknown = await answer('/api/auth/request-password-reset', {
        email: newEmail('ghost'),
        redirectTo,
      });
      expect(forUnknown, redirectTo).toEqual(forKnown);
    }
  });
});
