/**
 * Plain request functions for the billing API (docs/billing-contract.md), with no TanStack Query: the public pricing
 * page calls these directly (lazily), the signed-in area through the hooks next to this file.
 */

import type {
  ReconcileResponse,
  RedirectResponse,
  SubscriptionResponse,
  SubscriptionView,
  TransactionsResponse,
  VerifyResponse,
} from '../../../../shared/billing';
import type { BillingPeriod, PackageId, PlanId } from '../../../../shared/catalogue';
import { isCurrentStatus } from '../../../../shared/subscription';
import { api } from '../../../lib/api';

export type { SubscriptionStatus } from '../../../../shared/subscription';
export type Subscription = SubscriptionView;

export type {
  ReconcileResponse,
  SubscriptionResponse,
  Transaction,
  TransactionsResponse,
} from '../../../../shared/billing';
export type CheckoutResponse = RedirectResponse;
export type VerifyPaymentResponse = VerifyResponse;

export const SUBSCRIPTION_QUERY_KEY = ['subscription'] as const;
export const TRANSACTIONS_QUERY_KEY = ['transactions'] as const;

/** The spec's "current" statuses (§4): only these count as a plan. */
export function isCurrentSubscription(
  subscription: Subscription | null | undefined,
): subscription is Subscription {
  return !!subscription && isCurrentStatus(subscription.status);
}

export const getSubscription = (signal?: AbortSignal) =>
  api.get<SubscriptionResponse>('/api/billing/subscription', signal);

export const checkSubscription = () => api.post<SubscriptionResponse>('/api/billing/check-subscription');

export function createCheckout(input: {
  planId: PlanId;
  billingPeriod: BillingPeriod;
}): Promise<CheckoutResponse> {
  return api.post<CheckoutResponse>('/api/billing/checkout', input).then(requireUrl);
}

export function createCreditCheckout(input: { packageType: PackageId }): Promise<CheckoutResponse> {
  return api.post<CheckoutResponse>('/api/billing/credit-checkout', input).then(requireUrl);
}

export function openPortal(): Promise<CheckoutResponse> {
  return api.post<CheckoutResponse>('/api/billing/portal').then(requireUrl);
}

export const verifyPayment = (sessionId: string) =>
  api.post<VerifyPaymentResponse>('/api/billing/verify', { sessionId });

export const reconcile = () => api.post<ReconcileResponse>('/api/billing/reconcile');

export const getTransactions = (signal?: AbortSignal) =>
  api.get<TransactionsResponse>('/api/billing/transactions', signal);

/** Spec §8: 'No checkout URL returned' when a 2xx answer carries no url. */
function requireUrl(response: CheckoutResponse): CheckoutResponse {
  if (!response || typeof response.url !== 'string' || response.url === '') {
    throw new Error('No checkout URL returned');
  }
  return response;
}
