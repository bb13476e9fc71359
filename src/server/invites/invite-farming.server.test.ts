import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { insertCheckout } from '#server/billing/billing-store.server';
import { fulfilPackagePurchase } from '#server/billing/fulfilment.server';
import { withdrawalRule } from '#server/billing/withdrawal-claim.server';
import { audit } from '#server/credits/ledger-audit.server';
import { DAY_MS } from '#server/credits/ledger-expiry.server';
import { capture } from '#server/credits/ledger-hold-resolution.server';
import { hold } from '#server/credits/ledger-holds.server';
import { balance } from '#server/credits/ledger-reads.server';
import { createLogger } from '#server/logger.server';
import { LocalPaymentProvider } from '#server/payment-providers/local-checkout.server';
import { createNewAccountHooks } from '#server/trial/new-account-hooks.server';
import { withdrawPackage } from '#server/withdrawals/withdrawal.server';
import { WITHDRAWAL_DAYS } from '#shared/billing';
import { findPackage, INVITE_INVITER_CREDITS, INVITE_REWARDS_PER_INVITER_TOTAL } from '#shared/catalogue';
import { withFileDatabase } from '#tests/support/file-database';
import { insertUser } from '#tests/support/users';
import { inviteCodeOf, invitesOf } from './invitations.server';
import { sweepInviteRewards } from './invite-rewards.server';

/**
 * The farm found from outside (ADR 0046): accounts made from one browser and one network through one inviter's
 * link, each buying the small package, the inviter spending what the invites gave, each package then withdrawn
 * (CDC art. 49). Through the real sign-up hook, fulfilment, withdrawal (local provider) and ledger.
 */

let pool: pg.Pool;
/** The rewards' dependencies, billing's withdrawal rule among them. */
const rewards = () => ({ pool, withdrawals: withdrawalRule });
withFileDatabase((made) => {
  pool = made;
});

const small = findPackage('small');
if (!small) throw new Error('the catalogue has no small package');

const hooks = () =>
  createNewAccountHooks({
    pool,
    trial: { enabled: false, perAddressPerDay: 3, perDevicePerDay: 1, watermark: false },
    secret: 'farming-test-secret-0123456789abcdef',
    ipAddress: { ipAddressHeaders: ['x-forwarded-for'], trustedProxies: [] },
    secureCookies: false,
    logger: createLogger('silent'),
  });

/** Better Auth's `user.create.after` for a sign-up from this browser (cookies) and address. */
async function signUp(
  newAccounts: ReturnType<typeof hooks>,
  cookies: string,
  address: string,
): Promise<string> {
  const userId = await insertUser(pool);
  const request = new Request('http://cena.test/api/auth/sign-up/email', {
    method: 'POST',
    headers: { cookie: cookies, 'x-forwarded-for': address },
  });
  await newAccounts.userCreated(
    { id: userId, email: `${userId}@example.test`, emailVerified: false },
    { request, setCookie: () => undefined },
  );
  return userId;
}

/** A paid local checkout of the small package, fulfilled as the local checkout's "Pagar" does. */
async function buySmall(userId: string, sessionId: string, now: Date) {
  await insertCheckout(pool, {
    id: sessionId,
    userId,
    provider: 'local',
    kind: 'package',
    planId: null,
    billingPeriod: null,
    packageId: small?.id ?? '',
    amountCents: small?.priceCents ?? 0,
  });
  await fulfilPackagePurchase(
    pool,
    { userId, sessionId, packageId: small?.id ?? '', amountCents: small?.priceCents ?? 0 },
    now,
  );
}

/** The inviter spends everything they hold (a video delivered). */
async function spendAll(userId: string, now: Date) {
  const available = await balance(pool, userId, now);
  if (available === 0) return;
  const spent = await hold(pool, { userId, amount: available, reference: `spend-${now.getTime()}` }, now);
  if (!spent.ok) throw new Error('the spend was refused');
  await capture(pool, spent.hold.id, now);
}

/** What the invites gave the inviter and the ledger did not take back: granted minus clawed back. */
async function inviteCreditsKept(userId: string): Promise<number> {
  const result = await pool.query<{ kept: string }>(
    `SELECT COALESCE(SUM(g.amount), 0)
            - COALESCE((SELECT SUM(c.amount) FROM credit_clawbacks c
                        JOIN credit_grants cg ON cg.id = c.grant_id
                        WHERE cg.user_id = $1 AND cg.source = 'invite'), 0) AS kept
     FROM credit_grants g WHERE g.user_id = $1 AND g.source = 'invite'`,
    [userId],
  );
  return Number(result.rows[0]?.kept ?? 0);
}

describe('scenario 1: invitees from one device and one address buy and withdraw', () => {
  it('leaves the inviter no spendable reward and the ledger clean', async () => {
    const newAccounts = hooks();
    const provider = new LocalPaymentProvider(pool, 'http://cena.test', 'test');
    const device = 'cena_device=farm-device-0123456789';
    const start = new Date('2026-11-01T12:00:00Z');
    const inviter = await signUp(newAccounts, device, '198.51.100.2');
    const code = await inviteCodeOf(pool, inviter);
    const invitees: { userId: string; sessionId: string }[] = [];
    for (let i = 0; i < 20; i += 1) {
      const at = new Date(start.getTime() + i * 60_000);
      const userId = await signUp(newAccounts, `${device}; cena_convite=${code}`, `198.51.100.${10 + i}`);
      const sessionId = `cs_farm_${i}`;
      await buySmall(userId, sessionId, at);
      invitees.push({ userId, sessionId });
      await spendAll(inviter, at);
    }
    const afterBuying = new Date(start.getTime() + DAY_MS);
    for (const { userId, sessionId } of invitees) {
      const outcome = await withdrawPackage(pool, provider, userId, sessionId, { now: afterBuying });
      expect(outcome).toMatchObject({ ok: true, refundedCents: small?.priceCents });
    }
    // The window closes and the rewards' sweep runs: a withdrawn purchase earns nothing.
    const afterWindow = new Date(start.getTime() + (WITHDRAWAL_DAYS + 1) * DAY_MS);
    await sweepInviteRewards(rewards(), afterWindow);
    await spendAll(inviter, afterWindow);
    expect(await inviteCreditsKept(inviter)).toBe(0);
    expect(await inviteCreditsKept(inviter)).toBeLessThanOrEqual(
      INVITE_REWARDS_PER_INVITER_TOTAL * INVITE_INVITER_CREDITS,
    );
    // Each invite tells the inviter why it earned nothing.
    const { invites } = await invitesOf(pool, inviter, 'https://cena.test');
    expect(invites.map((invite) => [invite.state, invite.reason])).toEqual(
      invitees.map(() => ['not_counted', 'refunded']),
    );
    expect(await audit(pool)).toEqual([]);
  });
});
