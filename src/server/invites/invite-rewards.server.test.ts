import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { clawbackPurchase, fulfilInvoice, fulfilPackagePurchase } from '#server/billing/fulfilment.server';
import { withdrawalRule } from '#server/billing/withdrawal-claim.server';
import { audit } from '#server/credits/ledger-audit.server';
import { DAY_MS } from '#server/credits/ledger-expiry.server';
import { hold } from '#server/credits/ledger-holds.server';
import { WITHDRAWAL_DAYS } from '#shared/billing';
import {
  findPackage,
  INVITE_CREDIT_VALIDITY_DAYS,
  INVITE_REWARDS_PER_INVITER_PER_DAY,
  INVITE_REWARDS_PER_INVITER_TOTAL,
} from '#shared/catalogue';
import { withFileDatabase } from '#tests/support/file-database';
import { insertUser } from '#tests/support/users';
import { inviteCodeOf, invitesOf, recordInvitation } from './invitations.server';
import { settleInvitation, sweepInviteRewards } from './invite-rewards.server';

/**
 * The invite reward waits for the purchase's withdrawal window (ADR 0046), on a real database with the clock moved:
 * it comes after the window, once however often fulfilment and the sweep run, and the inviter's caps per day and in
 * total hold when many invitations are decided at once.
 */

let pool: pg.Pool;
/** The rewards' dependencies, billing's withdrawal rule among them. */
const rewards = () => ({ pool, withdrawals: withdrawalRule });
withFileDatabase((made) => {
  pool = made;
}, 6);

const small = findPackage('small');
if (!small) throw new Error('the catalogue has no small package');

const buy = (userId: string, sessionId: string, now: Date) =>
  fulfilPackagePurchase(pool, { userId, sessionId, packageId: small.id, amountCents: small.priceCents }, now);

/** `count` accounts invited by one inviter (no device, address or card in common). */
async function invitedBy(count: number): Promise<{ inviter: string; invitees: string[] }> {
  const inviter = await insertUser(pool);
  const code = await inviteCodeOf(pool, inviter);
  const invitees: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const invitee = await insertUser(pool);
    await recordInvitation(pool, invitee, code);
    invitees.push(invitee);
  }
  return { inviter, invitees };
}

async function inviteGrants(userId: string) {
  const rows = await pool.query<{ amount: number; created_at: Date; expires_at: Date }>(
    "SELECT amount, created_at, expires_at FROM credit_grants WHERE user_id = $1 AND source = 'invite'",
    [userId],
  );
  return rows.rows;
}

async function outcomes(inviter: string): Promise<Record<string, number>> {
  const rows = await pool.query<{ outcome: string | null; n: number }>(
    `SELECT outcome, count(*)::int AS n FROM invitations WHERE inviter_user_id = $1 GROUP BY outcome`,
    [inviter],
  );
  return Object.fromEntries(rows.rows.map((row) => [row.outcome ?? 'waiting', row.n]));
}

const later = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

describe('the invite reward waits for the withdrawal window', () => {
  it('comes once the window closes, not before, even when the package was spent inside it', async () => {
    const { inviter, invitees } = await invitedBy(1);
    const [invitee = ''] = invitees;
    const paid = new Date('2026-10-01T12:00:00Z');
    await buy(invitee, 'cs_window', paid);
    // Held credits come back when their video fails: a spent package is no proof it stays unrefunded.
    expect(
      (await hold(pool, { userId: invitee, amount: small.credits, reference: 'v' }, later(paid, 1))).ok,
    ).toBe(true);
    await sweepInviteRewards(rewards(), later(paid, 1));
    await settleInvitation(rewards(), invitee, later(paid, WITHDRAWAL_DAYS - 0.01));
    expect(await inviteGrants(inviter)).toEqual([]);
    const waiting = (await invitesOf(pool, inviter, 'https://cena.test')).invites[0];
    expect(waiting).toMatchObject({
      state: 'waiting',
      credits: 0,
      rewardAt: later(paid, WITHDRAWAL_DAYS).toISOString(),
    });

    const closed = later(paid, WITHDRAWAL_DAYS + 0.01);
    await sweepInviteRewards(rewards(), closed);
    expect(await inviteGrants(inviter)).toEqual([
      { amount: 20, created_at: closed, expires_at: later(closed, INVITE_CREDIT_VALIDITY_DAYS) },
    ]);
    expect(await inviteGrants(invitee)).toHaveLength(1);
    expect((await invitesOf(pool, inviter, 'https://cena.test')).invites[0]).toMatchObject({
      state: 'rewarded',
      credits: 20,
      rewardAt: null,
    });
    expect(await audit(pool)).toEqual([]);
  });

  it('a purchase disputed before its reward was due earns none, and says why', async () => {
    const { inviter, invitees } = await invitedBy(1);
    const [invitee = ''] = invitees;
    const paid = new Date('2026-10-01T12:00:00Z');
    await buy(invitee, 'cs_disputed_early', paid);
    await clawbackPurchase(
      pool,
      {
        userId: invitee,
        grantSource: 'package',
        grantRef: 'cs_disputed_early',
        paidCents: small.priceCents,
        grantedCredits: small.credits,
      },
      { kind: 'dispute', id: 'dp_early', amountCents: small.priceCents },
      later(paid, 2),
    );
    await sweepInviteRewards(rewards(), later(paid, WITHDRAWAL_DAYS + 1));
    expect(await inviteGrants(inviter)).toEqual([]);
    expect((await invitesOf(pool, inviter, 'https://cena.test')).invites[0]).toMatchObject({
      state: 'not_counted',
      reason: 'refunded',
    });
  });

  it('an invited account deleted before the reward is due: the inviter still gets theirs, the account nothing', async () => {
    const { inviter, invitees } = await invitedBy(1);
    const [invitee = ''] = invitees;
    const paid = new Date('2026-10-01T12:00:00Z');
    await buy(invitee, 'cs_deleted_invitee', paid);
    await pool.query('INSERT INTO account_deletions (user_id) VALUES ($1)', [invitee]);
    expect(await sweepInviteRewards(rewards(), later(paid, WITHDRAWAL_DAYS + 1))).toBeGreaterThan(0);
    expect(await inviteGrants(inviter)).toHaveLength(1);
    expect(await inviteGrants(invitee)).toEqual([]);
  });

  it('a replayed or concurrent fulfilment and sweep grant once; a plan, which has no withdrawal, at once', async () => {
    const { inviter, invitees } = await invitedBy(2);
    const [byPackage = '', byPlan = ''] = invitees;
    const paid = new Date('2026-10-01T12:00:00Z');
    await Promise.all([1, 2, 3].map(() => buy(byPackage, 'cs_replayed', paid)));
    const closed = later(paid, WITHDRAWAL_DAYS + 1);
    await Promise.all([
      sweepInviteRewards(rewards(), closed),
      sweepInviteRewards(rewards(), closed),
      settleInvitation(rewards(), byPackage, closed),
    ]);
    await buy(byPackage, 'cs_replayed', paid);
    const invoice = {
      userId: byPlan,
      invoiceId: 'in_plan_reward',
      planId: 'creator',
      period: 'monthly' as const,
      periodEnd: null,
      billingReason: 'subscription_create' as const,
      amountPaidCents: 100,
    };
    await Promise.all([fulfilInvoice(pool, invoice, paid), fulfilInvoice(pool, invoice, paid)]);
    expect(await inviteGrants(inviter)).toHaveLength(2);
    expect(await inviteGrants(byPackage)).toHaveLength(1);
    expect(await inviteGrants(byPlan)).toHaveLength(1);
    expect(await audit(pool)).toEqual([]);
  });

  it('holds the caps per day and in total when many invitations are decided at once', async () => {
    const count = INVITE_REWARDS_PER_INVITER_TOTAL + 4;
    const { inviter, invitees } = await invitedBy(count);
    const paid = new Date('2026-10-01T12:00:00Z');
    for (const [i, invitee] of invitees.entries()) await buy(invitee, `cs_cap_${i}`, paid);
    const first = later(paid, WITHDRAWAL_DAYS + 0.01);
    await Promise.all(invitees.map((invitee) => settleInvitation(rewards(), invitee, first)));
    expect(await outcomes(inviter)).toEqual({
      rewarded: INVITE_REWARDS_PER_INVITER_PER_DAY,
      waiting: count - INVITE_REWARDS_PER_INVITER_PER_DAY,
    });
    // Each next day frees the day's slots; two sweeps at once take no more.
    const days = Math.ceil(INVITE_REWARDS_PER_INVITER_TOTAL / INVITE_REWARDS_PER_INVITER_PER_DAY);
    for (let day = 1; day <= days; day += 1) {
      const at = later(first, day + 0.01);
      await Promise.all([sweepInviteRewards(rewards(), at), sweepInviteRewards(rewards(), at)]);
      const rewarded = (await outcomes(inviter)).rewarded;
      expect(rewarded).toBe(
        Math.min((day + 1) * INVITE_REWARDS_PER_INVITER_PER_DAY, INVITE_REWARDS_PER_INVITER_TOTAL),
      );
    }
    expect(await outcomes(inviter)).toEqual({ rewarded: INVITE_REWARDS_PER_INVITER_TOTAL, limit: 4 });
    expect(await inviteGrants(inviter)).toHaveLength(INVITE_REWARDS_PER_INVITER_TOTAL);
    const reasons = (await invitesOf(pool, inviter, 'https://cena.test')).invites.map(
      (invite) => invite.reason,
    );
    expect(reasons.filter((reason) => reason === 'limit')).toHaveLength(4);
    expect(await audit(pool)).toEqual([]);
  });
});
