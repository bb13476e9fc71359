import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#server/credits/ledger-expiry.server';
import { balance } from '#server/credits/ledger-reads.server';
import { createPool } from '#server/db/database.server';
import { addressBlock } from '#server/kernel/address-block.server';
import { createLogger } from '#server/logger.server';
import { TRIAL_CREDITS, TRIAL_DOMAIN_WINDOW_DAYS, TRIAL_SIGNAL_RETENTION_DAYS } from '#shared/catalogue';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { isDisposableDomain, registrableDomain } from './email-domains.server';
import { grantTrial, type TrialRequest, trialHasher } from './trial-grant.server';
import { purgeTrialSignals } from './trial-retention.server';

/**
 * Trials count people, not addresses (ADR 0047): a catch-all or company domain, a disposable domain, and many
 * addresses from one address block share what one person would get.
 */

let db: TestDatabase;
let pool: pg.Pool;
const hash = trialHasher('trial-test-secret');
const config = { enabled: true, perAddressPerDay: 2, perDevicePerDay: 1, watermark: false };
let run = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, 4, createLogger('silent'));
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** A confirmation by a new account; each test uses its own made-up domain and block so none counts another's. */
async function confirm(request: Omit<TrialRequest, 'userId'>, now: Date) {
  const userId = await insertUser(pool);
  return { outcome: await grantTrial(pool, config, hash, { ...request, userId }, now), userId };
}

const T0 = new Date('2026-11-20T12:00:00Z');
const unique = () => `${Date.now().toString(36)}${(run++).toString(36)}`;
/** A distinct IPv4 /24 for each call: 10.x.y.z with x.y from a counter. */
let blocks = 0;
const newBlock = () => {
  blocks += 1;
  return `10.${Math.floor(blocks / 256) + 100}.${blocks % 256}`;
};

describe('trials that count people', () => {
  it('gives five addresses on one non-public domain (a catch-all) one trial', async () => {
    const domain = `empresa-${unique()}.com.br`;
    const outcomes = [];
    for (let i = 0; i < 5; i++) {
      const sub = i % 2 === 0 ? domain : `sub${i}.${domain}`;
      outcomes.push(
        await confirm({ email: `pessoa${i}@${sub}`, address: `${newBlock()}.7`, deviceId: null }, T0),
      );
    }
    expect(outcomes.map((o) => o.outcome)).toEqual([
      'granted',
      'domain_limit',
      'domain_limit',
      'domain_limit',
      'domain_limit',
    ]);
    expect(await balance(pool, outcomes[1]?.userId ?? '', T0)).toBe(0);
    // Once the window has passed the domain may have another (a new colleague, a month later).
    const later = new Date(T0.getTime() + TRIAL_DOMAIN_WINDOW_DAYS * DAY_MS + 1);
    const next = await confirm(
      { email: `nova@${domain}`, address: `${newBlock()}.7`, deviceId: null },
      later,
    );
    expect(next.outcome).toBe('granted');
  });

  it('counts nothing per domain for public mailbox providers', async () => {
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      const email = `pessoa.${unique()}@${['gmail.com', 'hotmail.com', 'uol.com.br'][i]}`;
      outcomes.push((await confirm({ email, address: `${newBlock()}.9`, deviceId: null }, T0)).outcome);
      outcomes.push(
        (
          await confirm(
            { email: `outra.${unique()}@gmail.com`, address: `${newBlock()}.9`, deviceId: null },
            T0,
          )
        ).outcome,
      );
    }
    expect(outcomes.every((outcome) => outcome === 'granted')).toBe(true);
  });

  it('gives a disposable domain none', async () => {
    for (const email of [
      `a.${unique()}@mailinator.com`,
      `b.${unique()}@yopmail.com`,
      `c@x${unique()}.mailinator.com`,
    ]) {
      const { outcome, userId } = await confirm({ email, address: `${newBlock()}.3`, deviceId: null }, T0);
      expect(outcome).toBe('disposable_domain');
      expect(await balance(pool, userId, T0)).toBe(0);
    }
  });

  it('gives five addresses of one IPv4 /24 without the device cookie at most the block limit', async () => {
    const block = newBlock();
    const outcomes = [];
    for (let i = 1; i <= 5; i++) {
      const email = `pessoa.${unique()}@gmail.com`;
      outcomes.push((await confirm({ email, address: `${block}.${i}`, deviceId: null }, T0)).outcome);
    }
    expect(outcomes.filter((outcome) => outcome === 'granted')).toHaveLength(config.perAddressPerDay);
    expect(outcomes.slice(config.perAddressPerDay).every((outcome) => outcome === 'address_limit')).toBe(
      true,
    );
    // The window is a day: the block's next day counts afresh.
    const tomorrow = new Date(T0.getTime() + DAY_MS + 1);
    const next = await confirm(
      { email: `pessoa.${unique()}@gmail.com`, address: `${block}.200`, deviceId: null },
      tomorrow,
    );
    expect(next.outcome).toBe('granted');
  });

  it('counts an IPv6 /64 as one block', async () => {
    const prefix = `2001:db8:${(blocks++).toString(16)}:1`;
    const outcomes = [];
    for (const host of ['::1', '::2', ':abcd:1234:5678:9abc', '::ffff']) {
      const email = `pessoa.${unique()}@gmail.com`;
      outcomes.push((await confirm({ email, address: `${prefix}${host}`, deviceId: null }, T0)).outcome);
    }
    expect(outcomes).toEqual(['granted', 'granted', 'address_limit', 'address_limit']);
  });

  it('keeps the windowed hashes only for the retention period; the e-mail stays decided', async () => {
    const email = `pessoa.${unique()}@empresa-${unique()}.com`;
    const { userId } = await confirm(
      { email, address: `${newBlock()}.5`, deviceId: 'device-abcdefghijklmnop' },
      T0,
    );
    const signals = () =>
      pool.query('SELECT address_hash, device_hash, domain_hash FROM trial_claims WHERE user_id = $1', [
        userId,
      ]);
    const kept = (await signals()).rows[0];
    expect(Object.values(kept).every((value) => typeof value === 'string' && value.length > 0)).toBe(true);
    // The hashes are keyed: neither the address, the device nor the domain can be read in them.
    expect(JSON.stringify(kept)).not.toMatch(/10\.|device-|empresa/);

    await purgeTrialSignals(pool, new Date(T0.getTime() + TRIAL_SIGNAL_RETENTION_DAYS * DAY_MS - 1));
    expect((await signals()).rows[0]).toEqual(kept);
    await purgeTrialSignals(pool, new Date(T0.getTime() + TRIAL_SIGNAL_RETENTION_DAYS * DAY_MS));
    expect((await signals()).rows[0]).toEqual({ address_hash: null, device_hash: null, domain_hash: null });
    const again = await grantTrial(pool, config, hash, { email, address: null, deviceId: null, userId }, T0);
    expect(again).toBe('granted');
    expect(await balance(pool, userId, T0)).toBe(TRIAL_CREDITS);
  });
});

describe('the signals', () => {
  it('reduces an address to its block', () => {
    expect(addressBlock('203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressBlock('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressBlock('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(addressBlock('2001:0db8:0000:0001:ffff::9')).toBe('2001:db8:0:1::/64');
    expect(addressBlock('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(addressBlock('not an address')).toBeNull();
  });

  it('names the registrable domain and the disposable ones', () => {
    expect(registrableDomain('mail.empresa.com.br')).toBe('empresa.com.br');
    expect(registrableDomain('a.b.example.com')).toBe('example.com');
    expect(registrableDomain('empresa.com.br')).toBe('empresa.com.br');
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('inbox.mailinator.com')).toBe(true);
    expect(isDisposableDomain('notmailinator.com')).toBe(false);
    expect(isDisposableDomain('gmail.com')).toBe(false);
  });
});
