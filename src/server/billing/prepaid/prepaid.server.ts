import type pg from 'pg';
import type { BillingPeriod, Plan, PlanId } from '#shared/catalogue';
import { findPlan, planPriceCents } from '#shared/catalogue';
import type { ProviderKind } from '../billing.schema.server';
import { currentSubscription, type UpgradeQuote } from '../billing-store.server';
import { type FulfilResult, fulfilInvoice } from '../fulfilment.server';
import { daysShare, prepaidShare, prorate } from '../proration.server';
import type { DeclineReason, PrepaidPaymentKind } from './prepaid.schema.server';
import { declineOf, recordDeclined } from './prepaid-declines.server';

/**
 * A plan paid by Pix, one prepaid period at a time (ADR 0042). Stripe takes Pix only as a one-time payment
 * ("Subscription mode: No", docs.stripe.com/payments/pix/accept-a-payment), so each period is its own payment:
 * when it lands, the period starts (or, for a renewal, is added after the current end) and its credits are
 * granted by the card subscription's own fulfilment (`fulfilInvoice`, keyed by the payment's id), with the same
 * ledger, expiry, nota fiscal and receipt. Nothing renews by itself: the plan ends at the period end.
 */

/** One month or one year later, on the same day of the month (UTC). */
export function addPeriod(from: Date, period: BillingPeriod): Date {
  const next = new Date(from);
  if (period === 'monthly') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/** What a Pix checkout sells: a period (first or renewal) or an upgrade of the running one. */
export interface PrepaidOrder {
  plan: Plan;
  period: BillingPeriod;
  amountCents: number;
  /** Set for an upgrade: the prepaid subscription whose plan it raises. */
  upgradesSubscriptionId: string | null;
  /** Set for an upgrade: what it was quoted on, checked again when it is paid (ADR 0049). */
  upgradeQuote: UpgradeQuote | null;
}

export type PrepaidOrderRefusal = 'card_subscription' | 'prepaid_downgrade';

/**
 * What a Pix checkout of `plan` for `period` charges this user now: a first period, a renewal of the same plan
 * (added after the current end), or an upgrade for the days left; a card subscription or a lower plan is refused.
 */
export async function prepaidOrder(
  pool: pg.Pool,
  userId: string,
  plan: Plan,
  period: BillingPeriod,
  now: Date = new Date(),
): Promise<PrepaidOrder | PrepaidOrderRefusal> {
  const current = await currentSubscription(pool, userId, now);
  if (!current || current.planId === plan.id) {
    if (current && current.collection !== 'prepaid') return 'card_subscription';
    const amountCents = planPriceCents(plan, period);
    return { plan, period, amountCents, upgradesSubscriptionId: null, upgradeQuote: null };
  }
  if (current.collection !== 'prepaid') return 'card_subscription';
  const currentPlan = findPlan(current.planId);
  if (!currentPlan || plan.credits < currentPlan.credits) return 'prepaid_downgrade';
  // ADR 0042: the price difference per period for the days left (ADR 0049: the share its credits get too).
  const share = prepaidShare(current.currentPeriodEnd, current.billingPeriod, now);
  const difference =
    planPriceCents(plan, current.billingPeriod) - planPriceCents(currentPlan, current.billingPeriod);
  const amountCents = prorate(difference, share);
  // A plan with more credits costs more: nothing to charge means it is not an upgrade.
  if (amountCents <= 0) return 'prepaid_downgrade';
  return {
    plan,
    period: current.billingPeriod,
    amountCents,
    upgradesSubscriptionId: current.id,
    upgradeQuote: { fromPlanId: current.planId, periodEnd: current.currentPeriodEnd, daysLeft: share.part },
  };
}

/** A Pix payment of a prepaid plan as its provider reports it paid. */
export interface PrepaidPayment {
  userId: string;
  provider: ProviderKind;
  /** The Checkout session: the period's key, the grant's source_ref and the transactions' provider_ref. */
  paymentRef: string;
  planId: PlanId;
  period: BillingPeriod;
  amountCents: number;
  upgradesSubscriptionId: string | null;
  upgradeQuote: UpgradeQuote | null;
}

interface PrepaidPeriod {
  kind: PrepaidPaymentKind;
  renewal: boolean;
  previousPlanId: PlanId | null;
  periodEnd: Date;
  declinedReason: DeclineReason | null;
}

async function storedPeriod(client: pg.PoolClient, paymentRef: string): Promise<PrepaidPeriod | null> {
  const result = await client.query<PrepaidPeriod>(
    `SELECT p.kind, p.previous_plan_id AS "previousPlanId", p.period_end AS "periodEnd",
       p.declined_reason AS "declinedReason", p.kind = 'period' AND p.period_start > s.current_period_start AS renewal
     FROM prepaid_payments p JOIN subscriptions s ON s.id = p.subscription_id WHERE p.payment_ref = $1`,
    [paymentRef],
  );
  return result.rows[0] ?? null;
}

/** The user's running prepaid subscription, locked for this transaction. */
async function runningPrepaid(
  client: pg.PoolClient,
  userId: string,
  now: Date,
): Promise<{ id: string; planId: PlanId; end: Date } | null> {
  const result = await client.query<{ id: string; planId: PlanId; end: Date }>(
    `SELECT id, plan_id AS "planId", current_period_end AS "end" FROM subscriptions
     WHERE user_id = $1 AND collection = 'prepaid' AND status = 'active' AND current_period_end > $2
     ORDER BY current_period_end DESC LIMIT 1 FOR UPDATE`,
    [userId, now],
  );
  return result.rows[0] ?? null;
}

/** Moves the subscription for a payment not seen before; returns the period it bought, or why it was declined. */
async function applyPayment(
  client: pg.PoolClient,
  payment: PrepaidPayment,
  now: Date,
): Promise<{ subscriptionId: string; start: Date; period: PrepaidPeriod }> {
  const running = await runningPrepaid(client, payment.userId, now);
  const declined = declineOf(payment, running);
  if (declined) {
    return {
      subscriptionId: running?.id ?? payment.upgradesSubscriptionId ?? '',
      start: now,
      period: {
        kind: 'declined',
        renewal: false,
        previousPlanId: null,
        periodEnd: now,
        declinedReason: declined,
      },
    };
  }
  if (payment.upgradesSubscriptionId && running) {
    await client.query('UPDATE subscriptions SET plan_id = $2, updated_at = now() WHERE id = $1', [
      running.id,
      payment.planId,
    ]);
    return {
      subscriptionId: running.id,
      start: now,
      period: {
        kind: 'upgrade',
        renewal: false,
        previousPlanId: running.planId,
        periodEnd: running.end,
        declinedReason: null,
      },
    };
  }
  if (running) {
    // A renewal before the end adds the period after the current end, never from today.
    const end = addPeriod(running.end, payment.period);
    await client.query(
      `UPDATE subscriptions SET current_period_end = $2, billing_period = $3, updated_at = now() WHERE id = $1`,
      [running.id, end, payment.period],
    );
    return {
      subscriptionId: running.id,
      start: running.end,
      period: { kind: 'period', renewal: true, previousPlanId: null, periodEnd: end, declinedReason: null },
    };
  }
  return { ...(await startPeriod(client, payment, now)), start: now };
}

/** A first prepaid period: the subscription row it creates. */
async function startPeriod(
  client: pg.PoolClient,
  payment: PrepaidPayment,
  now: Date,
): Promise<{ subscriptionId: string; period: PrepaidPeriod }> {
  const end = addPeriod(now, payment.period);
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, plan_id, billing_period, status,
       current_period_start, current_period_end, collection)
     VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, 'prepaid') RETURNING id`,
    [
      payment.userId,
      payment.provider,
      `prepaid_${payment.paymentRef}`,
      payment.planId,
      payment.period,
      now,
      end,
    ],
  );
  const id = inserted.rows[0]?.id;
  if (!id) throw new Error('prepaid subscription insert returned no row');
  return {
    subscriptionId: id,
    period: { kind: 'period', renewal: false, previousPlanId: null, periodEnd: end, declinedReason: null },
  };
}

/**
 * The period a payment bought, written once: the first call moves the subscription and records the payment in
 * one transaction (under a per-user lock, so two payments landing together extend one after the other); any
 * later call (a replayed event, `verify`, reconcile) reads the row back.
 */
async function recordPeriod(pool: pg.Pool, payment: PrepaidPayment, now: Date): Promise<PrepaidPeriod> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('prepaid:' || $1))`, [payment.userId]);
    const stored = await storedPeriod(client, payment.paymentRef);
    if (stored) {
      await client.query('COMMIT');
      return stored;
    }
    const { subscriptionId, start, period } = await applyPayment(client, payment, now);
    await client.query(
      `INSERT INTO prepaid_payments (payment_ref, subscription_id, kind, plan_id, previous_plan_id, period_start,
         period_end, declined_reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        payment.paymentRef,
        subscriptionId,
        period.kind,
        payment.planId,
        period.previousPlanId,
        start,
        period.periodEnd,
        period.declinedReason,
      ],
    );
    await client.query('COMMIT');
    return period;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Fulfils a paid Pix payment of a plan: the period first (idempotent by payment id), then the card period's
 * fulfilment for its credits (expiring at the end it bought), history, nota fiscal and receipt. A crash between
 * the two is repaired by the next call, which finds the period and grants from it. A payment the subscription no
 * longer fits (ADR 0049) moves nothing and grants nothing: history records it, and the caller refunds it.
 */
export async function fulfilPrepaidPayment(
  pool: pg.Pool,
  payment: PrepaidPayment,
  now: Date = new Date(),
): Promise<FulfilResult> {
  const period = await recordPeriod(pool, payment, now);
  if (period.kind === 'declined' && period.declinedReason) {
    await recordDeclined(pool, payment, period.declinedReason, now);
    return { created: false, credits: 0, declined: true };
  }
  const upgrade = period.kind === 'upgrade';
  return fulfilInvoice(
    pool,
    {
      userId: payment.userId,
      invoiceId: payment.paymentRef,
      planId: payment.planId,
      period: payment.period,
      periodEnd: period.periodEnd,
      billingReason: upgrade
        ? 'subscription_update'
        : period.renewal
          ? 'subscription_cycle'
          : 'subscription_create',
      previousPlanId: period.previousPlanId,
      previousPeriod: upgrade ? payment.period : null,
      // The days its price was quoted for: the credits' difference is prorated alike (ADR 0049).
      share:
        upgrade && payment.upgradeQuote ? daysShare(payment.upgradeQuote.daysLeft, payment.period) : null,
      amountPaidCents: payment.amountCents,
    },
    now,
  );
}
