import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  clawbackPurchase,
  fulfilInvoice,
  fulfilPackagePurchase,
  type PaidPurchase,
  restorePurchase,
} from '#server/billing/fulfilment.server';
import { withdrawalRule } from '#server/billing/withdrawal-claim.server';
import { audit } from '#server/credits/ledger-audit.server';
import { DAY_MS } from '#server/credits/ledger-expiry.server';
import { hold } from '#server/credits/ledger-holds.server';
import { balance } from '#server/credits/ledger-reads.server';
import { WITHDRAWAL_DAYS } from '#shared/billing';
import { findPackage, INVITE_INVITEE_CREDITS, INVITE_INVITER_CREDITS } from '#shared/catalogue';
import { withFileDatabase } from '#tests/support/file-database';
import { insertUser } from '#tests/support/users';
import { inviteCodeOf, invitesOf, recordInvitation } from './invitations.server';
import { sweepInviteRewards } from './invite-rewards.server';

/**
 * Invite rewards through billing's own fulfilment, refund and dispute functions (the calls the webhook, the local
 * checkout and reconcile make), on a real database: granted once per invited account once the purchase's
 * withdrawal window closed (ADR 0046), clawed back with the purchase, the ledger audit clean throughout.
 */

let pool: pg.Pool;
/** The rewards' dependencies, billing's withdrawal rule among them. */
const rewards = () => ({ pool, withdrawals: withdrawalRule });
withFileDatabase((made) => {
  pool = made;
});

const small = findPackage('small');
if (!small) throw new Error('the catalogue has no small package');

/** An inviter and an account that signed up through their link. */
async function invited(): Promise<{ inviter: string; invitee: string }> {
  const inviter = await insertUser(pool);
  const invitee = await insertUser(pool);
  await recordInvitation(pool, invitee, await inviteCodeOf(pool, inviter));
  return { inviter, invitee };
}

/** Bought before the withdrawal window that has now closed, and the rewards' sweep run (ADR 0046). */
const paidAt = () => new Date(Date.now() - (WITHDRAWAL_DAYS + 1) * DAY_MS);
const buy = async (userId: string, sessionId: string) => {
  const purchase = { userId, sessionId, packageId: small.id, amountCents: small.priceCents };
  await fulfilPackagePurchase(pool, purchase, paidAt());
  await sweepInviteRewards(rewards());
};

const purchaseOf = (userId: string, sessionId: string): PaidPurchase => ({
  userId,
  grantSource: 'package',
  grantRef: sessionId,
  paidCents: small.priceCents,
  grantedCredits: small.credits,
});

async function inviteGrants(userId: string) {
  const rows = await pool.query<{ amount: number; remaining: number }>(
    "SELECT amount, remaining FROM credit_grants WHERE user_id = $1 AND source = 'invite'",
    [userId],
  );
  return rows.rows;
}

describe('invite rewards', () => {
  it('grants both sides once on the first paid purchase: a replay and a second purchase add nothing', async () => {
    const { inviter, invitee } = await invited();
    await buy(invitee, 'cs_first');
    await buy(invitee, 'cs_first');
    await buy(invitee, 'cs_second');
    await fulfilInvoice(pool, {
      userId: invitee,
      invoiceId: 'in_later',
      planId: 'creator',
      period: 'monthly',
      periodEnd: null,
      billingReason: 'subscription_create',
      amountPaidCents: 100,
    });
    expect(await inviteGrants(inviter)).toEqual([{ amount: INVITE_INVITER_CREDITS, remaining: 20 }]);
    expect(await inviteGrants(invitee)).toEqual([{ amount: INVITE_INVITEE_CREDITS, remaining: 10 }]);
    expect(await balance(pool, inviter)).toBe(INVITE_INVITER_CREDITS);
    const list = await invitesOf(pool, inviter, 'https://cena.test');
    expect(list.invites).toEqual([expect.objectContaining({ state: 'rewarded', credits: 20, name: 'Test' })]);
    expect(list.url).toBe(`https://cena.test/convite/${list.code}`);
    expect(await audit(pool)).toEqual([]);
  });

  it('rewards nobody for an account that came without an invite, nor for a purchase that paid nothing', async () => {
    const alone = await insertUser(pool);
    await buy(alone, 'cs_alone');
    expect(await inviteGrants(alone)).toEqual([]);

    const { inviter, invitee } = await invited();
    await fulfilInvoice(pool, {
      userId: invitee,
      invoiceId: 'in_free',
      planId: 'creator',
      period: 'monthly',
      periodEnd: null,
      billingReason: 'subscription_create',
      amountPaidCents: 0,
    });
    expect(await inviteGrants(inviter)).toEqual([]);
    // The first purchase that paid is the one that counts.
    await buy(invitee, 'cs_paid');
    expect(await inviteGrants(inviter)).toEqual([{ amount: 20, remaining: 20 }]);
  });

  it('an account cannot invite itself, and keeps its first inviter', async () => {
    const { inviter, invitee } = await invited();
    await recordInvitation(pool, invitee, await inviteCodeOf(pool, invitee));
    const other = await insertUser(pool);
    await recordInvitation(pool, invitee, await inviteCodeOf(pool, other));
    await buy(invitee, 'cs_once');
    expect(await inviteGrants(inviter)).toHaveLength(1);
    expect(await inviteGrants(other)).toEqual([]);
  });

  it('a refund of the rewarded purchase takes both rewards back, what is left of them, once', async () => {
    const { inviter, invitee } = await invited();
    await buy(invitee, 'cs_refunded');
    // The invitee spends the package and half of the reward; the inviter keeps theirs untouched.
    const spent = await hold(pool, { userId: invitee, amount: small.credits + 5, reference: 'video-spend' });
    expect(spent.ok).toBe(true);
    const refund = { kind: 'refund' as const, id: 're_1', amountCents: small.priceCents };
    await clawbackPurchase(pool, purchaseOf(invitee, 'cs_refunded'), refund);
    await clawbackPurchase(pool, purchaseOf(invitee, 'cs_refunded'), refund);
    expect(await inviteGrants(inviter)).toEqual([{ amount: 20, remaining: 0 }]);
    expect(await inviteGrants(invitee)).toEqual([{ amount: 10, remaining: 0 }]);
    expect(await balance(pool, inviter)).toBe(0);
    const list = await invitesOf(pool, inviter, 'https://cena.test');
    expect(list.invites[0]).toMatchObject({ state: 'reversed', credits: 0 });
    expect(await audit(pool)).toEqual([]);
  });

  it('a refund of another purchase leaves the rewards alone; a partial refund takes its share', async () => {
    const { inviter, invitee } = await invited();
    await buy(invitee, 'cs_rewarded');
    await buy(invitee, 'cs_other');
    await clawbackPurchase(pool, purchaseOf(invitee, 'cs_other'), {
      kind: 'refund',
      id: 're_other',
      amountCents: small.priceCents,
    });
    expect(await inviteGrants(inviter)).toEqual([{ amount: 20, remaining: 20 }]);
    await clawbackPurchase(pool, purchaseOf(invitee, 'cs_rewarded'), {
      kind: 'refund',
      id: 're_half',
      amountCents: Math.floor(small.priceCents / 2),
    });
    expect(await inviteGrants(inviter)).toEqual([{ amount: 20, remaining: 10 }]);
    expect(await inviteGrants(invitee)).toEqual([{ amount: 10, remaining: 5 }]);
    expect(await audit(pool)).toEqual([]);
  });

  it('a dispute takes both back while open and gives them back when won', async () => {
    const { inviter, invitee } = await invited();
    await buy(invitee, 'cs_disputed');
    const dispute = { kind: 'dispute' as const, id: 'dp_1', amountCents: small.priceCents };
    await clawbackPurchase(pool, purchaseOf(invitee, 'cs_disputed'), dispute);
    expect(await balance(pool, inviter)).toBe(0);
    await restorePurchase(pool, purchaseOf(invitee, 'cs_disputed'), dispute);
    await restorePurchase(pool, purchaseOf(invitee, 'cs_disputed'), dispute);
    expect(await balance(pool, inviter)).toBe(INVITE_INVITER_CREDITS);
    expect(await balance(pool, invitee)).toBe(small.credits + INVITE_INVITEE_CREDITS);
    expect((await invitesOf(pool, inviter, 'https://cena.test')).invites[0]?.state).toBe('rewarded');
    expect(await audit(pool)).toEqual([]);
  });

  it('gives each account one stable code', async () => {
    const userId = await insertUser(pool);
    const code = await inviteCodeOf(pool, userId);
    expect(code).toMatch(/^[a-hj-km-np-z2-9]{10}$/);
    expect(await inviteCodeOf(pool, userId)).toBe(code);
  });
});
