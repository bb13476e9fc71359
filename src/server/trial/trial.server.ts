import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { TrialConfig } from '#server/config/trial.server';
import { DAY_MS } from '#server/credits/ledger-expiry.server';
import { grant } from '#server/credits/ledger-grants.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { TRIAL_CREDITS, TRIAL_VALIDITY_DAYS } from '#shared/catalogue';
import type { TrialOutcome } from './trial.schema.server';

/**
 * The free first video (ADR 0040): when an account's e-mail is confirmed it gets TRIAL_CREDITS for
 * TRIAL_VALIDITY_DAYS, once per person. "Once" is kept three ways: one decision per normalized e-mail (its keyed
 * hash is `trial_claims`' key and the grant's source_ref, so a replayed verification or a re-created account finds
 * the first one), at most `perAddressPerDay` trials per client address and `perDevicePerDay` per browser.
 */

/** The first-party cookie that tells one browser from another (a random id, no personal data). */
export const DEVICE_COOKIE = 'cena_device';

export interface TrialRequest {
  userId: string;
  email: string;
  /** The client address as Better Auth resolves it with TRUSTED_PROXIES; null when none can be trusted. */
  address: string | null;
  /** The browser's device cookie; null when it sent none. */
  deviceId: string | null;
}

/** What the confirmation got: the outcome recorded, or why nothing was recorded. */
export type TrialDecision = TrialOutcome | 'disabled' | 'email_used';

/**
 * The address one person may hold under many spellings collapses to one: case, a `+tag`, and Gmail's dots (Gmail
 * ignores dots in the local part: https://support.google.com/mail/answer/7436150).
 */
export function normalizeEmail(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const untagged = local.split('+')[0] ?? local;
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return gmail ? `${untagged.replaceAll('.', '')}@gmail.com` : `${untagged}@${domain}`;
}

/** Keyed hashes (HMAC-SHA256 under the auth secret): equal inputs compare equal, the inputs are not kept. */
export function trialHasher(secret: string) {
  return (kind: 'email' | 'address' | 'device', value: string) =>
    createHmac('sha256', secret).update(`cena-trial:${kind}:${value}`).digest('base64url');
}
export type TrialHasher = ReturnType<typeof trialHasher>;

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/** The device id a request's cookies carry, if it looks like one of ours. */
export function deviceIdOf(headers: Headers): string | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === DEVICE_COOKIE && value && /^[\w-]{16,64}$/.test(value)) return value;
  }
  return null;
}

async function countRecent(
  client: pg.PoolClient,
  column: 'address_hash' | 'device_hash',
  hash: string,
  now: Date,
): Promise<number> {
  const result = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM trial_claims
     WHERE ${column} = $1 AND outcome = 'granted' AND created_at > $2`,
    [hash, new Date(now.getTime() - DAY_MS)],
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Decides and records the trial of one confirmed e-mail; the address's lock makes its limit exact under races. */
async function decide(
  pool: pg.Pool,
  config: TrialConfig,
  keys: { email: string; address: string | null; device: string | null; userId: string },
  now: Date,
): Promise<{ outcome: TrialDecision; ownerId: string }> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `trial:${keys.address ?? keys.email}`,
    ]);
    const earlier = await client.query<{ user_id: string; outcome: TrialOutcome }>(
      'SELECT user_id, outcome FROM trial_claims WHERE email_hash = $1',
      [keys.email],
    );
    const found = earlier.rows[0];
    if (found) {
      return found.user_id === keys.userId
        ? { outcome: found.outcome, ownerId: found.user_id }
        : { outcome: 'email_used', ownerId: found.user_id };
    }
    let outcome: TrialOutcome = 'granted';
    if (
      keys.address &&
      (await countRecent(client, 'address_hash', keys.address, now)) >= config.perAddressPerDay
    ) {
      outcome = 'address_limit';
    } else if (
      keys.device &&
      (await countRecent(client, 'device_hash', keys.device, now)) >= config.perDevicePerDay
    ) {
      outcome = 'device_limit';
    }
    await client.query(
      `INSERT INTO trial_claims (email_hash, user_id, address_hash, device_hash, outcome, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [keys.email, keys.userId, keys.address, keys.device, outcome, now],
    );
    return { outcome, ownerId: keys.userId };
  });
}

/**
 * A confirmed e-mail's trial: decided once, then granted through the ledger under the e-mail's key. A repeat
 * (a double-clicked link) finds the decision and the grant already made; a crash between the two is finished by the
 * next call for the same account.
 */
export async function grantTrial(
  pool: pg.Pool,
  config: TrialConfig,
  hash: TrialHasher,
  request: TrialRequest,
  now: Date = new Date(),
): Promise<TrialDecision> {
  if (!config.enabled) return 'disabled';
  const email = hash('email', normalizeEmail(request.email));
  const { outcome } = await decide(
    pool,
    config,
    {
      email,
      address: request.address ? hash('address', request.address) : null,
      device: request.deviceId ? hash('device', request.deviceId) : null,
      userId: request.userId,
    },
    now,
  );
  if (outcome !== 'granted') return outcome;
  await grant(
    pool,
    {
      userId: request.userId,
      amount: TRIAL_CREDITS,
      source: 'trial',
      sourceRef: `email:${email}`,
      expiresAt: new Date(now.getTime() + TRIAL_VALIDITY_DAYS * DAY_MS),
      planType: 'trial',
    },
    now,
  );
  return outcome;
}
