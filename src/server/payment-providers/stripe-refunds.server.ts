import Stripe from 'stripe';
import type { CheckoutRecord } from '#server/billing/billing-store.server';
import { type ProviderRefund, ProviderRefusal } from '#server/billing/payment-provider.server';
import { idOf } from './stripe-sdk.server';

/**
 * Refunds Cena asks Stripe for: a package's withdrawal (ADR 0030, ADR 0037) and a declined Pix (ADR 0049). What a
 * refund does to the credits is the webhook's (stripe-reversals.server.ts).
 */

/** The refund's metadata naming the ledger claim of a withdrawal. */
export const CLAIM_METADATA = 'cena_claim';

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
  checkout: Pick<CheckoutRecord, 'id'>,
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
async function paymentOfCheckout(
  stripe: Stripe,
  checkout: Pick<CheckoutRecord, 'id'>,
): Promise<string | 'unsupported'> {
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
  checkout: Pick<CheckoutRecord, 'id'>,
  claim: string,
): Promise<ProviderRefund | 'unsupported' | null> {
  const paid = await paymentOfCheckout(stripe, checkout);
  if (paid === 'unsupported') return paid;
  for await (const refund of stripe.refunds.list({ payment_intent: paid, limit: 100 })) {
    if (refund.metadata?.[CLAIM_METADATA] === claim) return providerRefundOf(refund);
  }
  return null;
}
