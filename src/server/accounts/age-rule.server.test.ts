import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADULT_AGE, AGE_MESSAGES, brazilToday } from '#shared/age';
import { newEmail, PASSWORD, signUp, signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { againIfCrossed, saoPauloDay } from '#tests/support/clock-windows';
import { SessionClient } from '#tests/support/session-client';

/**
 * The age rule at sign-up (ADR 0066): `POST /api/auth/sign-up/email` takes `birthDate` (YYYY-MM-DD), refuses anyone
 * under 18 on the day, in Brasília time, with a pt-BR message, and then stores nothing — no account, no e-mail.
 */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app?.stop());

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * The birth date of the youngest person who is ADULT_AGE today in Brasília: today's day and month, ADULT_AGE years
 * back; on 29 February, when that year has none, its 28 February (someone born on 1 March is still under age).
 */
function youngestAdult(): string {
  const [year, month, day] = brazilToday().split('-').map(Number) as [number, number, number];
  const born = year - ADULT_AGE;
  const daysInMonth = new Date(Date.UTC(born, month, 0)).getUTCDate();
  return `${pad(born, 4)}-${pad(month, 2)}-${pad(Math.min(day, daysInMonth), 2)}`;
}

/** The day after `date` (YYYY-MM-DD): someone born then turns ADULT_AGE tomorrow or later. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** A birth date in the future: next year's first day. */
const futureDate = () => `${Number(brazilToday().slice(0, 4)) + 1}-01-01`;

const stored = async (email: string) => {
  const users = await app.cena.pool.query('SELECT birth_date::text FROM "user" WHERE email = $1', [email]);
  const mails = await app.cena.pool.query('SELECT 1 FROM dev_mail_outbox WHERE "to" = $1', [email]);
  return { users: users.rows, mails: mails.rowCount };
};

describe('sign-up birth date', () => {
  it(`refuses someone who turns ${ADULT_AGE} tomorrow with a pt-BR message, storing nothing`, async () => {
    // An age is counted on the day in Brasília: a run across its midnight is made again in the new day.
    await againIfCrossed(saoPauloDay, async () => {
      const email = newEmail('teen');
      const answer = await signUp(new SessionClient(app.url), {
        name: 'Lia',
        email,
        password: PASSWORD,
        birthDate: dayAfter(youngestAdult()),
      });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ code: 'UNDER_AGE', message: AGE_MESSAGES.underAge });
      expect(await stored(email)).toEqual({ users: [], mails: 0 });
    });
  });

  it(`accepts someone ${ADULT_AGE} today and keeps the date`, async () => {
    // An age is counted on the day in Brasília: a run across its midnight is made again in the new day.
    await againIfCrossed(saoPauloDay, async () => {
      const birthDate = youngestAdult();
      const { email } = await signUpAndVerify(app.url);
      expect((await stored(email)).users).toEqual([{ birth_date: '1990-05-17' }]);
      const other = newEmail('adult');
      const answer = await signUp(new SessionClient(app.url), {
        name: 'Rui',
        email: other,
        password: PASSWORD,
        birthDate,
      });
      expect(answer.status).toBe(200);
      expect((await stored(other)).users).toEqual([{ birth_date: birthDate }]);
    });
  });

  it('refuses a missing or malformed date with 400 and a code, storing nothing', async () => {
    for (const birthDate of [
      undefined,
      '',
      '17/05/1990',
      '1990-02-30',
      '1850-01-01',
      futureDate(),
      19900517,
    ]) {
      const email = newEmail('bad');
      const answer = await signUp(new SessionClient(app.url), {
        name: 'Rui',
        email,
        password: PASSWORD,
        birthDate,
      });
      expect(answer.status, String(birthDate)).toBe(400);
      const body = (await answer.json()) as { code: string; message: string };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect([AGE_MESSAGES.required, AGE_MESSAGES.invalid]).toContain(body.message);
      expect(await stored(email)).toEqual({ users: [], mails: 0 });
    }
  });
});

describe('accounts without a birth date (made before the rule, or with Google)', () => {
  it('are asked for it before a generation or a purchase, refused under 18 as at sign-up, and nothing else changes', async () => {
    // An age is counted on the day in Brasília: a run across its midnight is made again in the new day.
    await againIfCrossed(saoPauloDay, async () => {
      const { client, email } = await signUpAndVerify(app.url);
      // As an account made before the rule, or by Google's sign-in (which sends no birth date), has it.
      await app.cena.pool.query('UPDATE "user" SET birth_date = NULL WHERE email = $1', [email]);
      const me = await client.json<{ user: { birthDateKnown: boolean } }>('/api/me');
      expect(me.body.user.birthDateKnown).toBe(false);
      expect((await client.json('/api/videos')).status).toBe(200);

      const create = {
        prompt: 'Um farol na tempestade',
        quality: 'fast',
        aspectRatio: '16:9',
        clientKey: randomUUID(),
      };
      const paid = [
        await client.json('/api/videos', { json: create }),
        await client.json('/api/billing/credit-checkout', { json: { packageId: 'starter' } }),
        await client.json('/api/billing/checkout', { json: { plan: 'basic' } }),
      ];
      for (const answer of paid) {
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({
          error: { code: 'birth_date_required', message: AGE_MESSAGES.birthDateRequired },
        });
      }

      const teen = await client.json('/api/me/birth-date', {
        json: { birthDate: dayAfter(youngestAdult()) },
      });
      expect(teen.status).toBe(403);
      expect(teen.body).toMatchObject({ error: { code: 'under_age', message: AGE_MESSAGES.underAge } });
      expect((await stored(email)).users).toEqual([{ birth_date: null }]);
      const malformed = await client.json('/api/me/birth-date', { json: { birthDate: '17/05/1990' } });
      expect(malformed.status).toBe(400);

      const adult = youngestAdult();
      const given = await client.json<{ user: { birthDateKnown: boolean } }>('/api/me/birth-date', {
        json: { birthDate: adult },
      });
      expect(given.status).toBe(200);
      expect(given.body.user.birthDateKnown).toBe(true);
      expect((await stored(email)).users).toEqual([{ birth_date: adult }]);
      // Past the age check: what answers now is the create's own rule (no credits), not the birth date.
      const again = await client.json('/api/videos', { json: { ...create, clientKey: randomUUID() } });
      expect(again.body).not.toMatchObject({ error: { code: 'birth_date_required' } });
      const twice = await client.json('/api/me/birth-date', { json: { birthDate: '1990-05-17' } });
      expect(twice.status).toBe(409);
      expect(twice.body).toMatchObject({ error: { code: 'birth_date_already_set' } });
    });
  });
});
