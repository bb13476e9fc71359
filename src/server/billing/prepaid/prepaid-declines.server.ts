import type pg from 'pg';
import { type BillingPeriod, findPlan, type PlanId } from '#shared/catalogue';
import type { UpgradeQuote } from '../billing-store.server';
import { clawbackPurchase } from '../purchase-reversals.server';
import { recordTransactions } from '../transactions-store.server';
import type { DeclineReason } from './prepaid.schema.server';

/**
 * A Pix paid for a plan the subscription no longer fits (ADR 0049). A Pix code lives a day, so a quote can be paid
 * after another payment moved the plan: an older, lower upgrade quote paid after a higher one would lower the
 * plan the buyer paid for. Such a payment is declined — nothing moves, nothing is granted — recorded in history
 * with its reason, and refunded by the provider's refund, the one a withdrawal uses.
 */

/** A paid Pix as `fulfilPrepaidPayment` has it (prepaid.server.ts). */
interface Payment {
  userId: string;
  paymentRef: string;
  planId: PlanId;
  period: BillingPeriod;
  amountCents: number;
  upgradesSubscriptionId: string | null;
  upgradeQuote: UpgradeQuote | null;
}

/** The running prepaid subscription as the payment's transaction locked it. */
interface Running {
  id: string;
  planId: PlanId;
  end: Date;
}

/** The refund's claim (its idempotency key at Stripe): one refund per declined payment however often it is seen. */
export const declinedRefundClaim = (paymentRef: string): string => `declined:${paymentRef}`;

const credits = (planId: PlanId) => findPlan(planId)?.credits ?? 0;

/**
 * Why the payment cannot be applied now, or null when it can. An upgrade must find the subscription it was quoted
 * on still running, at the plan and period end of its quote (its price was the difference from that plan for
 * those days), and must raise the plan. A period (first or renewal) must be of the running plan, if one runs:
 * another plan's period would change the running one's plan without its difference paid, or lower it.
 */
export function declineOf(payment: Payment, running: Running | null): DeclineReason | null {
  if (payment.upgradesSubscriptionId) {
    const target = running?.id === payment.upgradesSubscriptionId ? running : null;
    if (target && credits(payment.planId) <= credits(target.planId)) return 'not_higher';
    const quote = payment.upgradeQuote;
    const moved =
      quote !== null &&
      (quote.fromPlanId !== target?.planId || quote.periodEnd.getTime() !== target.end.getTime());
    return !target || moved ? 'stale' : null;
  }
  if (!running || running.planId === payment.planId) return null;
  return credits(payment.planId) < credits(running.planId) ? 'not_higher' : 'stale';
}

const REASONS: Record<DeclineReason, string> = {
  not_higher: 'seu plano atual já é igual ou superior',
  stale: 'seu plano mudou depois da cotação',
};

/** The history row of a declined payment, once (transactions are unique by type and provider ref). */
export async function recordDeclined(
  pool: pg.Pool,
  payment: Payment,
  reason: DeclineReason,
  now: Date,
): Promise<void> {
  const plan = findPlan(payment.planId);
  const what = payment.upgradesSubscriptionId ? 'Upgrade para o plano' : 'Plano';
  const period = payment.period === 'monthly' ? 'mensal' : 'anual';
  await recordTransactions(
    pool,
    payment.userId,
    [
      {
        type: 'payment',
        amount: payment.amountCents,
        description: `${what} ${plan?.name ?? payment.planId} (${period}) não aplicado: ${REASONS[reason]}. O valor será reembolsado.`,
        providerRef: payment.paymentRef,
        invoiceId: payment.paymentRef,
      },
    ],
    now,
  );
}

/**
 * A declined payment's refund, once made (the local checkout's, made at once): what Stripe's `charge.refunded` does
 * for it (handleRefunds) — the "Reembolso" row, once by the claim; the payment granted nothing, so nothing is taken.
 */
export async function recordDeclinedRefund(
  pool: pg.Pool,
  checkout: { id: string; userId: string; amountCents: number },
  refund: { id: string; amountCents: number },
  claim: string,
): Promise<void> {
  await clawbackPurchase(
    pool,
    {
      userId: checkout.userId,
      grantSource: 'plan',
      grantRef: checkout.id,
      paidCents: checkout.amountCents,
      grantedCredits: 0,
    },
    { kind: 'refund', id: refund.id, amountCents: refund.amountCents, claim },
  );
}
