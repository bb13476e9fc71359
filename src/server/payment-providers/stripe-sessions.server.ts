import type Stripe from 'stripe';
import {
  type CheckoutRecord,
  findCheckout,
  markCheckout,
  type UpgradeQuote,
} from '#server/billing/billing-store.server';
import { type FulfilResult, fulfilPackagePurchase, isPlanId } from '#server/billing/fulfilment.server';
import { ProviderError, ProviderRefusal } from '#server/billing/payment-provider.server';
import { fulfilPrepaidPayment } from '#server/billing/prepaid/prepaid.server';
import { declinedRefundClaim } from '#server/billing/prepaid/prepaid-declines.server';
import { findPackage } from '#shared/catalogue';
import { fulfilStripeInvoice, type StripeContext, syncSubscription } from './stripe-plans.server';
import { refundCheckout } from './stripe-refunds.server';
import { idOf } from './stripe-sdk.server';

export type SessionOutcome = FulfilResult | 'pending' | 'canceled';

/**
 * How a paid session was paid (the charge's `payment_method_details.type`): the admin panel shows boleto, which
 * Stripe cannot refund (docs.stripe.com/payments/boleto#refunds). And the charge's `receipt_url`, "the URL to
 * view the receipt for this charge" (docs.stripe.com/api/charges/object), mailed with the receipt and linked in
 * the payment history. A card's `payment_method_details.card.fingerprint` ("uniquely identifies this particular
 * card number", same object) tells the invite rewards one card from another (ADR 0046); Pix and boleto have none.
 */
async function chargeOf(
  context: StripeContext,
  session: Stripe.Checkout.Session,
): Promise<{ paymentMethod: string | null; receiptUrl: string | null; paymentFingerprint: string | null }> {
  const intentId = idOf(session.payment_intent);
  if (!intentId) return { paymentMethod: null, receiptUrl: null, paymentFingerprint: null };
  const intent = await context.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    paymentMethod: charge?.payment_method_details?.type ?? null,
    receiptUrl: charge?.receipt_url ?? null,
    paymentFingerprint: charge?.payment_method_details?.card?.fingerprint ?? null,
  };
}

/** An unpaid payment-mode session: canceled once expired, else still pending (or failed, as stored). */
async function unpaidOutcome(
  context: StripeContext,
  session: Stripe.Checkout.Session,
  stored: CheckoutRecord | null,
): Promise<SessionOutcome> {
  if (session.status === 'expired') {
    await markCheckout(context.pool, session.id, 'canceled');
    return 'canceled';
  }
  // A Pix or boleto that was never paid (async_payment_failed) stays `complete` and `unpaid` at Stripe.
  return stored?.status === 'canceled' ? 'canceled' : 'pending';
}

/**
 * A Pix upgrade's quote in the session's metadata (ADR 0049), for a session Cena has no row of: metadata values
 * are strings (docs.stripe.com/api/metadata).
 */
export function upgradeQuoteMetadata(quote: UpgradeQuote): Record<string, string> {
  return {
    upgrade_from_plan_id: quote.fromPlanId,
    upgrade_period_end: quote.periodEnd.toISOString(),
    upgrade_days_left: String(quote.daysLeft),
  };
}

function upgradeQuoteOf(metadata: Stripe.Metadata | null): UpgradeQuote | null {
  const fromPlanId = metadata?.upgrade_from_plan_id;
  const periodEnd = new Date(metadata?.upgrade_period_end ?? '');
  const daysLeft = Number(metadata?.upgrade_days_left);
  if (!isPlanId(fromPlanId) || Number.isNaN(periodEnd.getTime()) || !Number.isInteger(daysLeft)) return null;
  return { fromPlanId, periodEnd, daysLeft };
}

/**
 * A declined Pix (ADR 0049) is refunded in full through the refund a withdrawal uses, its claim as the idempotency
 * key: a replayed event asks again and gets the same refund. Its `charge.refunded` then writes the "Reembolso" row
 * (handleRefunds). A refusal (refunded already, by support, or disputed) leaves it to what Stripe reports.
 */
async function refundDeclined(context: StripeContext, sessionId: string): Promise<void> {
  try {
    await refundCheckout(context.stripe, { id: sessionId }, declinedRefundClaim(sessionId));
  } catch (error) {
    if (!(error instanceof ProviderRefusal)) throw error;
    context.logger.warn({ session: sessionId, error: error.message }, 'declined Pix refund refused');
  }
}

const isPaid = (session: Stripe.Checkout.Session) =>
  session.payment_status === 'paid' || session.payment_status === 'no_payment_required';

/**
 * A prepaid plan period paid by Pix (ADR 0042): `complete` and `unpaid` until the Pix is paid
 * (`checkout.session.async_payment_succeeded`, docs.stripe.com/checkout/fulfillment#delayed-notification).
 */
async function fulfilPrepaidSession(
  context: StripeContext,
  session: Stripe.Checkout.Session,
  userId: string,
  stored: CheckoutRecord | null,
): Promise<SessionOutcome> {
  if (!isPaid(session)) return unpaidOutcome(context, session, stored);
  const planId = stored?.planId ?? session.metadata?.plan_id;
  const period = stored?.billingPeriod ?? session.metadata?.billing_period;
  if (!isPlanId(planId) || (period !== 'monthly' && period !== 'yearly')) {
    throw new ProviderError(`session ${session.id} names no known plan`);
  }
  const result = await fulfilPrepaidPayment(context.pool, {
    userId,
    provider: 'stripe',
    paymentRef: session.id,
    planId,
    period,
    amountCents: session.amount_total ?? stored?.amountCents ?? 0,
    upgradesSubscriptionId:
      stored?.upgradesSubscriptionId ?? session.metadata?.upgrades_subscription_id ?? null,
    upgradeQuote: stored?.upgradeQuote ?? upgradeQuoteOf(session.metadata),
  });
  if (result.declined) await refundDeclined(context, session.id);
  await markCheckout(context.pool, session.id, 'paid');
  return result;
}

async function fulfilPackageSession(
  context: StripeContext,
  session: Stripe.Checkout.Session,
  userId: string,
): Promise<SessionOutcome> {
  const stored = await findCheckout(context.pool, session.id);
  if ((stored?.kind ?? session.metadata?.kind) === 'plan') {
    return fulfilPrepaidSession(context, session, userId, stored);
  }
  if (!isPaid(session)) return unpaidOutcome(context, session, stored);
  const packageId = stored?.packageId ?? session.metadata?.package_id ?? '';
  if (!findPackage(packageId)) throw new ProviderError(`session ${session.id} names no known package`);
  return fulfilPackagePurchase(context.pool, {
    userId,
    sessionId: session.id,
    packageId,
    amountCents: session.amount_total ?? stored?.amountCents ?? 0,
    ...(await chargeOf(context, session)),
  });
}

async function fulfilPlanSession(
  context: StripeContext,
  session: Stripe.Checkout.Session,
): Promise<SessionOutcome> {
  const subscriptionId = idOf(session.subscription);
  if (subscriptionId) await syncSubscription(context, subscriptionId);
  const invoiceId = idOf(session.invoice);
  if (session.status !== 'complete' || !invoiceId)
    return session.status === 'expired' ? 'canceled' : 'pending';
  const invoice = await context.stripe.invoices.retrieve(invoiceId);
  if (invoice.status !== 'paid') return 'pending';
  const result = await fulfilStripeInvoice(context, invoice);
  await markCheckout(context.pool, session.id, 'paid');
  return result ?? 'pending';
}

/** Fulfils a Checkout session as Stripe reports it now. */
export function fulfilSession(
  context: StripeContext,
  session: Stripe.Checkout.Session,
  userId: string,
): Promise<SessionOutcome> {
  if (session.mode === 'payment') return fulfilPackageSession(context, session, userId);
  if (session.mode === 'subscription') return fulfilPlanSession(context, session);
  return Promise.resolve('pending');
}
