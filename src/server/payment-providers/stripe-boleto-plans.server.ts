import { type CheckoutStart, ProviderError } from '#server/billing/payment-provider.server';
import type { BillingPeriod, Plan } from '#shared/catalogue';
import { type StripeContext, storeSubscription } from './stripe-plans.server';
import { idOf } from './stripe-sdk.server';

/**
 * A plan paid by boleto (ADR 0043): a Stripe subscription whose invoices are boletos. Checkout cannot sell it — a
 * Checkout Session takes boleto only with "one-time line items (recurring subscription plans are not supported)"
 * (docs.stripe.com/payments/boleto/accept-a-payment) — so the subscription is created through the API, as "Use
 * Boleto with subscriptions" does (docs.stripe.com/payments/boleto/set-up-subscription): invoices sent rather
 * than charged (`collection_method: 'send_invoice'`, due `days_until_due` days after they are issued) and paid
 * with boleto only (`payment_settings.payment_method_types: ['boleto']`, docs.stripe.com/api/subscriptions/create).
 * The customer pays the first invoice's boleto on Stripe's hosted invoice page (`hosted_invoice_url`,
 * docs.stripe.com/api/invoices/object). Credits come with `invoice.paid`, like a card's renewal
 * (stripe-plans.server.ts): an open invoice grants nothing.
 */

/** A boleto is paid at a bank and confirmed a business day later (docs.stripe.com/payments/boleto): 3 days. */
const BOLETO_DAYS_UNTIL_DUE = 3;

const HOUR_MS = 60 * 60 * 1000;

export async function startBoletoSubscription(
  context: StripeContext,
  customer: string,
  price: string,
  plan: Plan,
  period: BillingPeriod,
  userId: string,
  now: Date = new Date(),
): Promise<CheckoutStart> {
  const metadata = { user_id: userId, kind: 'plan', plan_id: plan.id, billing_period: period };
  // A double click within the hour gets the same subscription and boleto: Stripe replays a key's first answer
  // (docs.stripe.com/api/idempotent_requests).
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const subscription = await context.stripe.subscriptions.create(
    {
      customer,
      items: [{ price, quantity: 1 }],
      collection_method: 'send_invoice',
      days_until_due: BOLETO_DAYS_UNTIL_DUE,
      payment_settings: { payment_method_types: ['boleto'] },
      metadata,
    },
    { idempotencyKey: `cena-boleto-plan-${userId}-${plan.id}-${period}-${hour}` },
  );
  await storeSubscription(context, subscription);
  const invoiceId = idOf(subscription.latest_invoice);
  if (!invoiceId) throw new ProviderError(`boleto subscription ${subscription.id} has no invoice`);
  // A subscription's first invoice is finalized at once (its later ones about an hour after they are created:
  // docs.stripe.com/billing/invoices/subscription), so its hosted page and boleto exist already.
  const invoice = await context.stripe.invoices.retrieve(invoiceId);
  if (!invoice.hosted_invoice_url) throw new ProviderError(`boleto invoice ${invoiceId} has no hosted page`);
  return { url: invoice.hosted_invoice_url, sessionId: subscription.id };
}
