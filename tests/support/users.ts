import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { grant } from '#server/credits/ledger-grants.server';
import { ADULT_BIRTH_DATE, signUpAndVerify } from './accounts';
import type { SessionClient } from './session-client';

/**
 * A bare `user` row, for tests that use the ledger without the sign-up flow: credit accounts reference users.
 * An adult birth date, as every sign-up now stores (ADR 0066: an account without one is refused what spends).
 * Returns its id.
 */
export async function insertUser(pool: pg.Pool, id = `user-${randomUUID()}`): Promise<string> {
  await pool.query('INSERT INTO "user" (id, name, email, birth_date) VALUES ($1, $2, $3, $4)', [
    id,
    'Test',
    `${id}@example.test`,
    ADULT_BIRTH_DATE,
  ]);
  return id;
}

/** A bare user with `credits` granted as an admin adjustment, for tests of the ledger and the video pipeline. */
export async function insertUserWithCredits(pool: pg.Pool, credits: number): Promise<string> {
  const userId = await insertUser(pool);
  await grant(pool, {
    userId,
    amount: credits,
    source: 'adjustment',
    sourceRef: `test:${userId}`,
    expiresAt: null,
  });
  return userId;
}

/**
 * A user signed up and verified through the real flow, with `credits` granted as an admin adjustment (none when
 * 0): a session client and the user's id.
 */
export async function signedUpWithCredits(
  appUrl: string,
  pool: pg.Pool,
  credits = 0,
): Promise<{ client: SessionClient; userId: string }> {
  const { client } = await signUpAndVerify(appUrl);
  const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
  if (credits > 0) {
    await grant(pool, {
      userId,
      amount: credits,
      source: 'adjustment',
      sourceRef: `test:${randomUUID()}`,
      expiresAt: null,
    });
  }
  return { client, userId };
}

/**
 * A user signed up and verified through the real flow in `language`, living in `timezone`: a session client, the
 * user's id and e-mail address.
 */
export async function signedUpIn(
  appUrl: string,
  pool: pg.Pool,
  timezone = 'America/Sao_Paulo',
  language: 'pt' | 'en' = 'pt',
): Promise<{ client: SessionClient; userId: string; email: string }> {
  const { client, email } = await signUpAndVerify(appUrl, { language });
  const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
  await pool.query('UPDATE "user" SET timezone = $2 WHERE id = $1', [userId, timezone]);
  return { client, userId, email };
}
