import type Stripe from 'stripe';
import { findCheckout, markCheckout } from '#server/billing/billing-store.server';
import { fulfilStripeInvoice, type StripeContext, syncSubscription } from './stripe-plans.server';
import { handleDispute, handleRefunds } from './stripe-reversals.server';
import { idOf } from './stripe-sdk.server';
import { fulfilSession } from './stripe-sessions.server';

/**
 * Webhook events. Each names the object that changed; the handler fetches that object from Stripe and acts on
 * its current state, never on the event's copy.
 */

async function checkoutSessionChanged(
  context: StripeContext,
  sessionId: string,
  paymentFailed: boolean,
): Promise<void> {
  const session = await context.stripe.checkout.sessions.retrieve(sessionId);
  const stored = await findCheckout(context.pool, session.id);
  const userId = stored?.userId ?? session.metadata?.user_id ?? session.client_reference_id;
  if (!userId) {
    context.logger.warn({ session: session.id }, 'checkout session of an unknown user: ignored');
    return;
  }
  const outcome = await fulfilSession(context, session, userId);
  if (outcome === 'pending' && paymentFailed) {
    await markCheckout(context.pool, session.id, 'canceled');
  }
}

async function invoiceChanged(context: StripeContext, invoiceId: string | undefined): Promise<void> {
  if (!invoiceId) return;
  const invoice = await context.stripe.invoices.retrieve(invoiceId);
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (subscriptionId) await syncSubscription(context, subscriptionId);
  await fulfilStripeInvoice(context, invoice);
}

export async function handleStripeEvent(context: StripeContext, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return checkoutSessionChanged(
        context,
        event.data.object.id,
        event.type === 'checkout.session.async_payment_failed',
      );
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
      return invoiceChanged(context, event.data.object.id);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return syncSubscription(context, event.data.object.id);
    case 'charge.refunded':
      return handleRefunds(context, event.data.object.id);
    case 'charge.refund.updated':
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const chargeId = idOf(event.data.object.charge);
      if (chargeId) await handleRefunds(context, chargeId);
      return;
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
      return handleDispute(context, event.data.object.id);
    default:
      return;
  }
}
