/**
 * The billing room's entry file (ADR 0003, ADR 0057): what other rooms use of it — what was bought and what
 * it grants — the checkout and subscription store, fulfilment and the reversals, prepaid (Pix) periods,
 * receipts, the withdrawal rule and claim, the payment-provider interface and the /api/billing routes. Other
 * rooms import this file, never one inside the room (biome.json).
 */

export { billingRoutes, providerFailed, reconcileThrottled } from './billing.routes.server';
export type {
  CheckoutRecord,
  SubscriptionRecord,
  SubscriptionState,
  UpgradeQuote,
} from './billing-store.server';
export {
  claimBillingAction,
  currentSubscription,
  findCheckout,
  insertCheckout,
  insertSubscriptionIfAbsent,
  markCheckout,
  paidCheckouts,
  saveStripeCustomer,
  stripeCustomerOf,
  subscriptionOfUser,
  subscriptionView,
  upsertSubscription,
  userOfStripeCustomer,
} from './billing-store.server';
export type { BillingReason, FulfilResult } from './fulfilment.server';
export { fulfilInvoice, fulfilPackagePurchase, isPlanId } from './fulfilment.server';
export type {
  BillingUser,
  CheckoutStart,
  PaymentProvider,
  PlanPaymentMethod,
  ProviderRefund,
  VerifyOutcome,
} from './payment-provider.server';
export { ProviderError, ProviderRefusal, VERIFY_MESSAGES, verifyFailure } from './payment-provider.server';
export type { PrepaidOrder } from './prepaid/prepaid.server';
export { addPeriod, fulfilPrepaidPayment } from './prepaid/prepaid.server';
export { declinedRefundClaim, recordDeclinedRefund } from './prepaid/prepaid-declines.server';
export { registerPrepaidWorker } from './prepaid/prepaid-reminders.server';
export type { ProrationShare } from './proration.server';
export { prorate, timeShare } from './proration.server';
export type { PaidPurchase } from './purchase-reversals.server';
export { clawbackPurchase, restorePurchase } from './purchase-reversals.server';
export { registerReceiptWorker } from './receipts/receipts.server';
export { recordTransactions } from './transactions-store.server';
export type { Refused } from './withdrawal-claim.server';
export { claimWithdrawal, payoutDetailsRequired, refused, withdrawalRule } from './withdrawal-claim.server';
