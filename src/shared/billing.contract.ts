import { defineContract, EMPTY_BODY } from './api-contract';
import {
  checkoutSchema,
  creditCheckoutSchema,
  reconcileResponseSchema,
  redirectResponseSchema,
  subscriptionResponseSchema,
  transactionsResponseSchema,
  verifyResponseSchema,
  verifySchema,
  webhookReceiptSchema,
  withdrawalResponseSchema,
  withdrawalSchema,
} from './billing';

const PROVIDER_FAILED = { status: 502, description: 'The payment provider failed.' } as const;

/** The user's reconcile and the admin's reconcile of their own user: one throttle window for both. */
export const RECONCILE_ERRORS = {
  reconcile_throttled: {
    status: 429,
    description:
      "Again inside the user's reconcile window (shared by the billing and admin reconciles), with Retry-After; " +
      'before any provider call.',
  },
  reconcile_failed: PROVIDER_FAILED,
} as const;

/** `/api/billing` (docs/billing-contract.md): input is checked before any provider call. */
export const billingContract = defineContract({
  receiveStripeEvent: {
    method: 'post',
    path: '/api/billing/stripe/webhook',
    summary: 'Stripe webhook',
    description:
      'Signed by Stripe (the Stripe-Signature header), no session. The body is the Stripe event as Stripe sends ' +
      'it: undeclared on purpose, so nothing parses it before the handler checks the signature on its exact bytes ' +
      "(Stripe's webhooks.constructEvent); a bad or missing signature changes nothing.",
    tag: 'billing',
    auth: 'none',
    responses: {
      200: {
        description: 'Received (a replayed event id: `duplicate: true`).',
        schema: webhookReceiptSchema,
      },
    },
    errors: {
      invalid_signature: {
        status: 400,
        description: 'No Stripe-Signature header, or one that does not match.',
      },
      not_found: { status: 404, description: 'Stripe is not configured on this server.' },
      payload_too_large: {
        status: 413,
        description: 'Larger than any Stripe event: refused before it is read.',
      },
      webhook_failed: { status: 500, description: 'Processing failed: Stripe retries the event.' },
    },
  },
  createCheckout: {
    method: 'post',
    path: '/api/billing/checkout',
    summary: 'Start a subscription checkout',
    tag: 'billing',
    auth: 'session',
    adultOnly: true,
    body: { schema: checkoutSchema },
    responses: { 200: { description: '`{ url }` of the checkout.', schema: redirectResponseSchema } },
    errors: {
      subscription_exists: {
        status: 409,
        description:
          'Already subscribed (by card, or a Pix checkout while a card subscription runs): the web opens the portal instead.',
      },
      prepaid_downgrade: {
        status: 409,
        description:
          'A Pix checkout of a plan below the prepaid one still running: a lower plan is paid when the period ends (ADR 0042).',
      },
      checkout_failed: PROVIDER_FAILED,
    },
  },
  createCreditCheckout: {
    method: 'post',
    path: '/api/billing/credit-checkout',
    summary: 'Start a credit package checkout',
    tag: 'billing',
    auth: 'session',
    adultOnly: true,
    body: { schema: creditCheckoutSchema },
    responses: { 200: { description: '`{ url }` of the checkout.', schema: redirectResponseSchema } },
    errors: { checkout_failed: PROVIDER_FAILED },
  },
  openPortal: {
    method: 'post',
    path: '/api/billing/portal',
    summary: 'Open the billing portal',
    tag: 'billing',
    auth: 'session',
    body: EMPTY_BODY,
    responses: { 200: { description: '`{ url }` of the portal.', schema: redirectResponseSchema } },
    errors: {
      portal_failed: {
        status: 502,
        description: 'The payment provider failed and there is no STRIPE_PORTAL_LOGIN_URL to fall back to.',
      },
    },
  },
  verifyPayment: {
    method: 'post',
    path: '/api/billing/verify',
    summary: 'Verify (and fulfil) a finished checkout session',
    tag: 'billing',
    auth: 'session',
    body: { schema: verifySchema },
    responses: { 200: { description: 'The verification result.', schema: verifyResponseSchema } },
    errors: { verify_failed: PROVIDER_FAILED },
  },
  getSubscription: {
    method: 'get',
    path: '/api/billing/subscription',
    summary: 'The current subscription',
    tag: 'billing',
    auth: 'session',
    responses: {
      200: { description: '`{ subscription }` (null without one).', schema: subscriptionResponseSchema },
    },
  },
  checkSubscription: {
    method: 'post',
    path: '/api/billing/check-subscription',
    summary: 'Sync the subscription with the provider (at most once per window) and answer it',
    tag: 'billing',
    auth: 'session',
    body: EMPTY_BODY,
    responses: { 200: { description: '`{ subscription }`.', schema: subscriptionResponseSchema } },
  },
  reconcile: {
    method: 'post',
    path: '/api/billing/reconcile',
    summary: "Fulfil the user's paid but unfulfilled payments",
    tag: 'billing',
    auth: 'session',
    body: EMPTY_BODY,
    responses: { 200: { description: '`{ fulfilled, subscription }`.', schema: reconcileResponseSchema } },
    errors: RECONCILE_ERRORS,
  },
  listTransactions: {
    method: 'get',
    path: '/api/billing/transactions',
    summary: 'Recent transactions',
    tag: 'billing',
    auth: 'session',
    responses: { 200: { description: '`{ transactions }`.', schema: transactionsResponseSchema } },
  },
  withdrawPurchase: {
    method: 'post',
    path: '/api/billing/withdrawal',
    summary: 'Withdraw from an unused package (CDC art. 49)',
    description:
      'A package of this user paid within the last 7 days, none of its credits spent: refunded in full through ' +
      'the provider and its credits taken back, once however often it is asked (ADR 0030). One paid by boleto, ' +
      'which Stripe cannot refund, is recorded as a Pix payout to `pixKey` (ADR 0043).',
    tag: 'billing',
    auth: 'session',
    body: { schema: withdrawalSchema },
    responses: {
      200: { description: 'Refunded (or accepted, `pending`).', schema: withdrawalResponseSchema },
    },
    errors: {
      purchase_not_found: { status: 404, description: 'No paid package of this user under that session.' },
      withdrawal_expired: { status: 409, description: 'Paid more than 7 days ago.' },
      credits_used: {
        status: 409,
        description: 'Some of its credits were spent: the message says how many.',
      },
      already_refunded: { status: 409, description: 'Refunded already.' },
      payout_details_required: {
        status: 422,
        description: 'Paid by boleto and no `pixKey` given: nothing was taken; the message asks for the key.',
      },
      refund_failed: {
        status: 502,
        description:
          'The provider failed (the credits stay taken until a retry gets its answer) or refused the refund (the ' +
          'credits are given back), ADR 0037.',
      },
    },
  },
});
