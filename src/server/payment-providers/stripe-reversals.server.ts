import type Stripe from 'stripe';
import { findCheckout } from '#server/billing/billing-store.server';
import { clawbackPurchase, type PaidPurchase, restorePurchase } from '#server/billing/fulfilment.server';
import { fulfilStripeInvoice, type StripeContext, userOfCustomer } from './stripe-plans.server';
import { CLAIM_METADATA } from './stripe-refunds.server';
import { idOf } from './stripe-sdk.server';
import { fulfilSession } from './stripe-sessions.server';

/** Money going back to the buyer at Stripe — refunds and disputes — and the credits that follow it. */

/** Dispute statuses that leave the money with the merchant: the buyer's credits come back. */
const DISPUTE_SETTLED_FOR_MERCHANT: Stripe.Dispute.Status[] = ['won', 'warning_closed', 'prevented'];

/** A one-time payment's purchase: a package, or a plan period paid by Pix (ADR 0042), granted as a plan's. */
async function paymentPurchaseOf(
  context: StripeContext,
  session: Stripe.Checkout.Session,
  charge: Stripe.Charge,
): Promise<PaidPurchase | null> {
  const stored = await findCheckout(context.pool, session.id);
  const userId = stored?.userId ?? session.metadata?.user_id;
  if (!userId) return null;
  const fulfilled = await fulfilSession(context, session, userId);
  if (typeof fulfilled !== 'object') return null;
  return {
    userId,
    grantSource: (stored?.kind ?? session.metadata?.kind) === 'plan' ? 'plan' : 'package',
    grantRef: session.id,
    paidCents: session.amount_total ?? charge.amount,
    grantedCredits: fulfilled.credits,
  };
}

async function planPurchaseOf(context: StripeContext, paymentIntent: string): Promise<PaidPurchase | null> {
  const payments = await context.stripe.invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    limit: 1,
  });
  const invoiceId = idOf(payments.data[0]?.invoice);
  if (!invoiceId) return null;
  const invoice = await context.stripe.invoices.retrieve(invoiceId);
  const fulfilled = await fulfilStripeInvoice(context, invoice);
  const userId = await userOfCustomer(
    context,
    invoice.customer,
    invoice.parent?.subscription_details?.metadata?.user_id,
  );
  if (!fulfilled || !userId || !invoice.id) return null;
  return {
    userId,
    grantSource: 'plan',
    grantRef: invoice.id,
    paidCents: invoice.amount_paid,
    grantedCredits: fulfilled.credits,
  };
}

/**
 * The purchase a charge paid, granted first if it was not yet (a refund or dispute may arrive before the
 * purchase's own event, and there must be something to take back); null when the charge is not a Cena purchase.
 */
async function purchaseOfCharge(context: StripeContext, charge: Stripe.Charge): Promise<PaidPurchase | null> {
  const paymentIntent = idOf(charge.payment_intent);
  if (!paymentIntent) return null;
  const sessions = await context.stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  const session = sessions.data[0];
  if (session && session.mode === 'payment') return paymentPurchaseOf(context, session, charge);
  return planPurchaseOf(context, paymentIntent);
}

/**
 * Refunds of a charge, each once by refund id. Card refunds, and Pix ones, may start `pending` and succeed
 * later (`charge.refund.updated` / `refund.updated`): only a `succeeded` refund takes credits back, and one that
 * fails or is canceled after all gives back what it took (docs.stripe.com/refunds#failed-refunds).
 */
export async function handleRefunds(context: StripeContext, chargeId: string): Promise<void> {
  const charge = await context.stripe.charges.retrieve(chargeId);
  const refunds = await context.stripe.refunds.list({ charge: chargeId, limit: 100 });
  const settled = refunds.data.filter((refund) =>
    ['succeeded', 'failed', 'canceled'].includes(refund.status ?? ''),
  );
  if (settled.length === 0) return;
  const purchase = await purchaseOfCharge(context, charge);
  if (!purchase) return;
  for (const refund of settled) {
    // A withdrawal's refund settles the claim that took its credits before Stripe was asked (ADR 0037).
    const claim = refund.metadata?.[CLAIM_METADATA];
    const reversal = {
      kind: 'refund' as const,
      id: refund.id,
      amountCents: refund.amount,
      ...(claim ? { claim } : {}),
    };
    if (refund.status === 'succeeded') await clawbackPurchase(context.pool, purchase, reversal);
    else await restorePurchase(context.pool, purchase, reversal);
  }
}

/**
 * A dispute (card chargeback, or a Pix MED claim) takes the purchase's credits back while it is open or lost,
 * like a refund; won — or an inquiry closed without a chargeback — it gives them back. Acts on the dispute's
 * current status, so events in any order, or repeated, converge (docs.stripe.com/disputes/how-disputes-work).
 */
export async function handleDispute(context: StripeContext, disputeId: string): Promise<void> {
  const dispute = await context.stripe.disputes.retrieve(disputeId);
  const chargeId = idOf(dispute.charge);
  if (!chargeId) return;
  const purchase = await purchaseOfCharge(context, await context.stripe.charges.retrieve(chargeId));
  if (!purchase) return;
  const reversal = { kind: 'dispute' as const, id: dispute.id, amountCents: dispute.amount };
  if (DISPUTE_SETTLED_FOR_MERCHANT.includes(dispute.status))
    await restorePurchase(context.pool, purchase, reversal);
  else await clawbackPurchase(context.pool, purchase, reversal);
}
