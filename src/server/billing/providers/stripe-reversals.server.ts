import Stripe from 'stripe';
import { type CheckoutRecord, findCheckout } from '../billing-store.server';
import { clawbackPurchase, type PaidPurchase, restorePurchase } from '../fulfilment.server';
import { type ProviderRefund, ProviderRefusal } from './payment-provider.server';
import { fulfilStripeInvoice, type StripeContext, userOfCustomer } from './stripe-plans.server';
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

/** The refund's metadata naming the ledger claim of a withdrawal. */
const CLAIM_METADATA = 'cena_claim';

/**
 * The buyer's withdrawal of a package (ADR 0030, ADR 0037): a full refund of the session's PaymentIntent
 * (docs.stripe.com/api/refunds/create: `payment_intent`, `reason: 'requested_by_customer'`; the amount defaults to
 * all of it), sent with the withdrawal's claim as its idempotency key, so a double click or a retry after a lost
 * answer gets the same refund back — Stripe saves the first answer of a key once the endpoint starts executing and
 * replays it, for 24 hours (docs.stripe.com/api/idempotent_requests). Boleto takes no refunds at Stripe ("Refunds /
 * Partial refunds: No / No", docs.stripe.com/payments/boleto): 'unsupported', asked before any refund is tried.
 * Stripe's `invalid_request_error` (a charge already refunded or disputed…) and `card_error` are refusals: nothing
 * was refunded (docs.stripe.com/api/errors); any other failure leaves the outcome unknown.
 */
export async function refundCheckout(
  stripe: Stripe,
  checkout: CheckoutRecord,
  claim: string,
): Promise<ProviderRefund | 'unsupported'> {
  const paid = await paymentOfCheckout(stripe, checkout);
  if (paid === 'unsupported') return paid;
  const refund = await stripe.refunds
    .create(
      {
        payment_intent: paid,
        reason: 'requested_by_customer',
        metadata: { [CLAIM_METADATA]: claim },
      },
      { idempotencyKey: claim },
    )
    .catch((error: unknown) => {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError ||
        error instanceof Stripe.errors.StripeCardError
      ) {
        throw new ProviderRefusal(error.message);
      }
      throw error;
    });
  return providerRefundOf(refund);
}

/** The session's PaymentIntent, or 'unsupported' when there is none or it was paid by boleto. */
async function paymentOfCheckout(stripe: Stripe, checkout: CheckoutRecord): Promise<string | 'unsupported'> {
  const session = await stripe.checkout.sessions.retrieve(checkout.id);
  const paymentIntent = idOf(session.payment_intent);
  if (!paymentIntent) return 'unsupported';
  const intent = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] });
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return charge?.payment_method_details?.type === 'boleto' ? 'unsupported' : paymentIntent;
}

function providerRefundOf(refund: Stripe.Refund): ProviderRefund {
  const status = refund.status === 'requires_action' ? 'pending' : refund.status;
  return {
    id: refund.id,
    amountCents: refund.amount,
    status: (status ?? 'pending') as ProviderRefund['status'],
  };
}

/**
 * The refund a withdrawal's claim made, found among the PaymentIntent's refunds by the claim in its metadata
 * (docs.stripe.com/api/refunds/list: filtered by `payment_intent`; `metadata` is returned as it was set); null
 * when Stripe made none.
 */
export async function findClaimRefund(
  stripe: Stripe,
  checkout: CheckoutRecord,
  claim: string,
): Promise<ProviderRefund | 'unsupported' | null> {
  const paid = await paymentOfCheckout(stripe, checkout);
  if (paid === 'unsupported') return paid;
  for await (const refund of stripe.refunds.list({ payment_intent: paid, limit: 100 })) {
    if (refund.metadata?.[CLAIM_METADATA] === claim) return providerRefundOf(refund);
  }
  return null;
}
