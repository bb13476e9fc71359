import type Stripe from 'stripe';
import { findPackage } from '#shared/catalogue';
import { type CheckoutRecord, findCheckout, markCheckout } from '../billing-store.server';
import { type FulfilResult, fulfilPackagePurchase, isPlanId } from '../fulfilment.server';
import { fulfilPrepaidPayment } from '../prepaid/prepaid.server';
import { ProviderError } from './payment-provider.server';
import { fulfilStripeInvoice, type StripeContext, syncSubscription } from './stripe-plans.server';
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
  });
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
