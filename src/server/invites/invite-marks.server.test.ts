import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { fulfilPackagePurchase } from '#server/billing/fulfilment.server';
import { withdrawalRule } from '#server/billing/withdrawal-claim.server';
import { audit } from '#server/credits/ledger-audit.server';
import { DAY_MS } from '#server/credits/ledger-expiry.server';
import { addressBlock } from '#server/kernel/address-block.server';
import { createLogger } from '#server/logger.server';
import { createNewAccountHooks } from '#server/trial/new-account-hooks.server';
import { WITHDRAWAL_DAYS } from '#shared/billing';
import { findPackage } from '#shared/catalogue';
import { withFileDatabase } from '#tests/support/file-database';
import { insertUser } from '#tests/support/users';
import { inviteCodeOf, invitesOf } from './invitations.server';
import { sweepInviteRewards } from './invite-rewards.server';

/**
 * Invitees from the inviter's device, address block or card, or from those of an invitee already rewarded, do not
 * count (ADR 0046): through the sign-up hook (cookies and the client address) and fulfilment (Stripe's card
 * fingerprint), on a real database.
 */

describe('addressBlock', () => {
  it('is the IPv4 /24 and the IPv6 /64, an IPv4-mapped address its IPv4 block', () => {
    expect(addressBlock('203.0.113.7')).toBe('203.0.113.0/24');
    expect(addressBlock('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(addressBlock('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:0DB8:0001:0002:abcd:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBlock('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBlock('not an address')).toBeNull();
  });
});

let pool: pg.Pool;
/** The rewards' dependencies, billing's withdrawal rule among them. */
const rewards = () => ({ pool, withdrawals: withdrawalRule });
withFileDatabase((made) => {
  pool = made;
});

const small = findPackage('small');
if (!small) throw new Error('the catalogue has no small package');

const newAccounts = () =>
  createNewAccountHooks({
    pool,
    trial: { enabled: false, perAddressPerDay: 3, perDevicePerDay: 1, watermark: false },
    secret: 'marks-test-secret-0123456789abcdef',
    ipAddress: { ipAddressHeaders: ['x-forwarded-for'], trustedProxies: [] },
    secureCookies: false,
    logger: createLogger('silent'),
  });

interface Place {
  device: string;
  address: string;
  card?: string;
}

const paidAt = new Date('2026-10-01T12:00:00Z');

/** An account signed up from `place` (through `code` when given) that bought the small package with its card. */
async function accountFrom(hooks: ReturnType<typeof newAccounts>, place: Place, code?: string) {
  const userId = await insertUser(pool);
  const cookies = [`cena_device=${place.device}`, ...(code ? [`cena_convite=${code}`] : [])].join('; ');
  const request = new Request('http://cena.test/api/auth/sign-up/email', {
    method: 'POST',
    headers: { cookie: cookies, 'x-forwarded-for': place.address },
  });
  await hooks.userCreated(
    { id: userId, email: `${userId}@example.test`, emailVerified: false },
    { request, setCookie: () => undefined },
  );
  await fulfilPackagePurchase(
    pool,
    {
      userId,
      sessionId: `cs_${userId}`,
      packageId: small?.id ?? '',
      amountCents: small?.priceCents ?? 0,
      paymentFingerprint: place.card ?? null,
    },
    paidAt,
  );
  return userId;
}

describe('invitees from the same place', () => {
  it('do not count, each invite saying why; others do', async () => {
    const hooks = newAccounts();
    const inviter = await accountFrom(hooks, {
      device: 'inviter-device-0123456789',
      address: '198.51.100.20',
      card: 'fp_inviter',
    });
    const code = await inviteCodeOf(pool, inviter);
    const places: [string, Place][] = [
      ['rewarded', { device: 'friend-device-0123456789', address: '192.0.2.1', card: 'fp_friend' }],
      ['same_device', { device: 'inviter-device-0123456789', address: '192.0.3.1' }],
      ['same_address', { device: 'third-device-0123456789', address: '198.51.100.250' }],
      ['same_payment', { device: 'fourth-device-0123456789', address: '192.0.4.1', card: 'fp_inviter' }],
      // Another invitee's device, once that invitee was rewarded.
      ['same_device', { device: 'friend-device-0123456789', address: '192.0.5.1' }],
      ['rewarded', { device: 'sixth-device-0123456789', address: '2001:db8:7:8::1' }],
      // The same IPv6 /64 as that rewarded invitee; the next /64 is another network.
      ['same_address', { device: 'seventh-device-0123456789', address: '2001:db8:7:8:ffff::2' }],
      ['rewarded', { device: 'eighth-device-0123456789', address: '2001:db8:7:9::1' }],
    ];
    for (const [i, [, place]] of places.entries()) {
      // One by one, as the sweep decides them oldest first.
      await accountFrom(hooks, place, code);
      await sweepInviteRewards(rewards(), new Date(paidAt.getTime() + (WITHDRAWAL_DAYS + 1) * DAY_MS + i));
    }
    const invites = (await invitesOf(pool, inviter, 'https://cena.test')).invites.reverse();
    expect(invites.map((invite) => invite.reason ?? invite.state)).toEqual(
      places.map(([expected]) => expected),
    );
    expect(await audit(pool)).toEqual([]);
  });
});
