import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inTransaction } from '#server/kernel/transaction.server';

/**
 * A TOTP code signs in once. Better Auth accepts a code for its whole window — one 30 s step either side of now
 * (@better-auth/utils `verifyTOTP`, window 1, period 30) — and keeps no record of codes used, so the same code
 * would sign in again within that time (RFC 6238 §5.2: "the verifier MUST NOT accept the second attempt of the
 * OTP after the successful validation has been issued for the first OTP"). Each code is claimed here, per user,
 * for longer than that window, in Better Auth's own `verification` table (short-lived values with an expiry).
 */

/** Longer than the 90 s a code stays valid. */
const CLAIM_MS = 2 * 60 * 1000;

const keyOf = (userId: string, code: string) => `totp-used:${userId}:${code}`;

/** Claims `code` for `userId`; false when it was already used (or is being used) within its window. */
export async function claimTotpCode(pool: pg.Pool, userId: string, code: string): Promise<boolean> {
  const key = keyOf(userId, code);
  return inTransaction(pool, async (client) => {
    // Two sign-ins racing with one code: the second waits here and then sees the first one's claim.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    const used = await client.query(
      'SELECT 1 FROM verification WHERE identifier = $1 AND expires_at > now()',
      [key],
    );
    if (used.rowCount) return false;
    await client.query(
      `INSERT INTO verification (id, identifier, value, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`,
      [randomUUID(), key, userId, CLAIM_MS],
    );
    return true;
  });
}

/** Gives a claim back when the attempt failed for another reason (wrong code, expired sign-in), so it can be retried. */
export async function releaseTotpCode(pool: pg.Pool, userId: string, code: string): Promise<void> {
  await pool.query('DELETE FROM verification WHERE identifier = $1', [keyOf(userId, code)]);
}
