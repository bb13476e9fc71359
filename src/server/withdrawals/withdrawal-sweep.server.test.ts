import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutRecord, findCheckout } from '#server/billing/billing-store.server';
import { claimWithdrawal } from '#server/billing/withdrawal-claim.server';
import { loadConfig } from '#server/config.server';
import { audit } from '#server/credits/ledger-audit.server';
import { balance } from '#server/credits/ledger-reads.server';
import { createLogger } from '#server/logger.server';
import { StripePaymentProvider } from '#server/payment-providers/stripe-provider.server';
import { createStripeClient } from '#server/payment-providers/stripe-sdk.server';
import type { FakeStripeEvent } from '#tests/support/fake-stripe';
import type { FakeStripeWithBoleto } from '#tests/support/fake-stripe-boleto';
import { type StripeTestBed, startStripeTestBed } from '#tests/support/stripe-app';
import { STALE_MS, sweepWithdrawals, type WithdrawalSweepDeps } from './withdrawal-sweep.server';

/**
 * The withdrawal sweep (ADR 0053) against the fake Stripe: a withdrawal whose process died after taking the
 * credits — before asking Stripe, or after Stripe made the refund — is settled from Stripe's state once, with one
 * refund at Stripe, and a boleto one whose payout was never recorded gives the credits back.
 */

let bed: StripeTestBed;
let fake: FakeStripeWithBoleto;
let pool: pg.Pool;
let deps: WithdrawalSweepDeps;
beforeAll(async () => {
  bed = await startStripeTestBed();
  ({ fake, pool } = bed);
  const stripeConfig = loadConfig(fake.env).billing.stripe;
  if (!stripeConfig) throw new Error('the fake Stripe environment configures no Stripe');
  const logger = createLogger('silent');
  const provider = new StripePaymentProvider(
    pool,
    createStripeClient(stripeConfig),
    stripeConfig,
    bed.app.url,
    logger,
  );
  deps = { pool, provider, logger };
});
afterAll(async () => {
  await bed?.stop();
});

const deliver = (...events: FakeStripeEvent[]) => bed.deliverAll(...events);

/** A paid 100-credit package, and the withdrawal claim a process took on it before dying. */
async function abandonedWithdrawal(method: 'card' | 'boleto' = 'card') {
  const { userId, sessionId } = await bed.paidPackage(method);
  const checkout = (await findCheckout(pool, sessionId)) as CheckoutRecord;
  const claim = await claimWithdrawal(pool, checkout, method === 'boleto', new Date());
  if (!claim.ok) throw new Error(claim.message);
  expect(await balance(pool, userId)).toBe(0);
  return { userId, sessionId, checkout, claim };
}

const later = () => new Date(Date.now() + STALE_MS + 60_000);

const refundsOf = (sessionId: string) => {
  const intent = fake.sessions.get(sessionId)?.payment_intent;
  return [...fake.refunds.values()].filter((refund) => refund.payment_intent === intent);
};

const negativeHistory = async (userId: string) =>
  (
    await pool.query<{ type: string; amount: number }>(
      'SELECT type, amount FROM transactions WHERE user_id = $1 AND amount < 0 ORDER BY type',
      [userId],
    )
  ).rows;

describe('the withdrawal sweep', () => {
  it('settles the refund Stripe made for a claim whose answer was lost, once', async () => {
    const { userId, sessionId, checkout, claim } = await abandonedWithdrawal();
    await deps.provider.refundPackage(checkout, claim.reference);
    expect(await sweepWithdrawals(deps)).toBe(0); // too recent: a request may still be on its way

    const settled = await Promise.all([sweepWithdrawals(deps, later()), sweepWithdrawals(deps, later())]);
    expect(settled.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await sweepWithdrawals(deps, later())).toBe(0);
    expect(refundsOf(sessionId)).toHaveLength(1);
    expect(await negativeHistory(userId)).toEqual([
      { type: 'credit', amount: -100 },
      { type: 'payment', amount: -10990 },
    ]);
    await deliver(...fake.takeApiEvents());
    expect(await balance(pool, userId)).toBe(0);
    expect(await negativeHistory(userId)).toHaveLength(2);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('asks Stripe once, under the claim, for a claim that died before asking', async () => {
    const { userId, sessionId, claim } = await abandonedWithdrawal();
    expect(await sweepWithdrawals(deps, later())).toBe(1);
    expect(refundsOf(sessionId)).toMatchObject([
      { status: 'succeeded', metadata: { cena_claim: claim.reference } },
    ]);
    expect(await sweepWithdrawals(deps, later())).toBe(0);
    expect(await balance(pool, userId)).toBe(0);
    expect(await audit(pool, userId)).toEqual([]);
    fake.takeApiEvents();
  });

  it('gives a boleto claim its credits back when no payout was recorded', async () => {
    const { userId } = await abandonedWithdrawal('boleto');
    const calls = fake.calls.length;
    expect(await sweepWithdrawals(deps, later())).toBe(1);
    expect(fake.calls.slice(calls).filter((call) => call.startsWith('POST'))).toEqual([]);
    expect(await balance(pool, userId)).toBe(100);
    expect(await negativeHistory(userId)).toEqual([]);
    expect(await sweepWithdrawals(deps, later())).toBe(0);
    expect(await audit(pool, userId)).toEqual([]);
  });
});
