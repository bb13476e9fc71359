import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { TrialConfig } from '#server/config/trial.server';
import { DAY_MS } from '#server/credits/ledger-expiry.server';
import { grant } from '#server/credits/ledger-grants.server';
import { addressBlock } from '#server/kernel/address-block.server';
import { inTransaction } from '#server/kernel/transaction.server';
import {
  TRIAL_CREDITS,
  TRIAL_DOMAIN_WINDOW_DAYS,
  TRIAL_NETWORK_WINDOW_DAYS,
  TRIAL_PER_PRIVATE_DOMAIN,
  TRIAL_VALIDITY_DAYS,
} from '#shared/catalogue';
import { isDisposableDomain, isPublicMailboxDomain, registrableDomain } from './email-domains.server';
import type { TrialOutcome } from './trial.schema.server';

/**
 * The free first video (ADR 0040): when an account's e-mail is confirmed it gets TRIAL_CREDITS for
 * TRIAL_VALIDITY_DAYS, once per person. "Once" counts people, not addresses (ADR 0047): one decision per normalized
 * e-mail (its keyed hash is `trial_claims`' key and the grant's source_ref, so a replayed verification or a
 * re-created account finds the first one); none for a disposable domain; at most `perAddressPerDay` trials per
 * client address block (IPv4 /24, IPv6 /64) and `perDevicePerDay` per browser in TRIAL_NETWORK_WINDOW_DAYS; at most
 * TRIAL_PER_PRIVATE_DOMAIN per domain that is not a public mailbox provider in TRIAL_DOMAIN_WINDOW_DAYS (a
 * catch-all domain gives any number of addresses to one person).
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
  return (kind: 'email' | 'address' | 'device' | 'domain', value: string) =>
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

type Signal = 'address_hash' | 'device_hash' | 'domain_hash';

async function countRecent(
  client: pg.PoolClient,
  column: Signal,
  hash: string,
  since: Date,
): Promise<number> {
  const result = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM trial_claims
     WHERE ${column} = $1 AND outcome = 'granted' AND created_at > $2`,
    [hash, since],
  );
  return Number(result.rows[0]?.n ?? 0);
}

interface TrialKeys {
  email: string;
  userId: string;
  /** The client's address block (ADR 0047), hashed. */
  address: string | null;
  device: string | null;
  /** The registrable domain, hashed; null for a public mailbox provider's. */
  domain: string | null;
  disposable: boolean;
}

/** The first limit this confirmation would pass, or 'granted'. */
async function limitReached(
  client: pg.PoolClient,
  config: TrialConfig,
  keys: TrialKeys,
  now: Date,
): Promise<TrialOutcome> {
  if (keys.disposable) return 'disposable_domain';
  const networkSince = new Date(now.getTime() - TRIAL_NETWORK_WINDOW_DAYS * DAY_MS);
  const limits: [Signal, string | null, number, Date, TrialOutcome][] = [
    ['address_hash', keys.address, config.perAddressPerDay, networkSince, 'address_limit'],
    ['device_hash', keys.device, config.perDevicePerDay, networkSince, 'device_limit'],
    [
      'domain_hash',
      keys.domain,
      TRIAL_PER_PRIVATE_DOMAIN,
      new Date(now.getTime() - TRIAL_DOMAIN_WINDOW_DAYS * DAY_MS),
      'domain_limit',
    ],
  ];
  for (const [column, hash, limit, since, outcome] of limits) {
    if (hash && (await countRecent(client, column, hash, since)) >= limit) return outcome;
  }
  return 'granted';
}

/**
 * Decides and records the trial of one confirmed e-mail. Every key a limit counts is locked (in one order, so two
 * confirmations never wait on each other crosswise): the limits are exact under racing confirmations.
 */
async function decide(
  pool: pg.Pool,
  config: TrialConfig,
  keys: TrialKeys,
  now: Date,
): Promise<{ outcome: TrialDecision; ownerId: string }> {
  return inTransaction(pool, async (client) => {
    const locks = [keys.email, keys.address, keys.device, keys.domain].filter((key) => key !== null).sort();
    for (const key of locks) {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`trial:${key}`]);
    }
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
    const outcome = await limitReached(client, config, keys, now);
    await client.query(
      `INSERT INTO trial_claims (email_hash, user_id, address_hash, device_hash, domain_hash, outcome, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [keys.email, keys.userId, keys.address, keys.device, keys.domain, outcome, now],
    );
    return { outcome, ownerId: keys.userId };
  });
}

/** The keyed hashes one confirmation is counted under (ADR 0047). */
function trialKeys(hash: TrialHasher, request: TrialRequest): TrialKeys {
  const email = normalizeEmail(request.email);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const block = request.address ? addressBlock(request.address) : null;
  return {
    email: hash('email', email),
    userId: request.userId,
    address: block ? hash('address', block) : null,
    device: request.deviceId ? hash('device', request.deviceId) : null,
    domain: isPublicMailboxDomain(domain) ? null : hash('domain', registrableDomain(domain)),
    disposable: isDisposableDomain(domain),
  };
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
  const keys = trialKeys(hash, request);
  const { outcome } = await decide(pool, config, keys, now);
  if (outcome !== 'granted') return outcome;
  await grant(
    pool,
    {
      userId: request.userId,
      amount: TRIAL_CREDITS,
      source: 'trial',
      sourceRef: `email:${keys.email}`,
      expiresAt: new Date(now.getTime() + TRIAL_VALIDITY_DAYS * DAY_MS),
      planType: 'trial',
    },
    now,
  );
  return outcome;
}
