/**
 * Plain request functions for the billing API (docs/billing-contract.md), with no TanStack Query: the public pricing
 * page calls these directly (lazily), the signed-in area through the hooks next to this file.
 */

import type { BodyOf } from '#shared/api-contract';
import type { RedirectResponse, SubscriptionView } from '#shared/billing';
import { billingContract } from '#shared/billing.contract';
import { isCurrentStatus } from '#shared/subscription';
import { callApi } from '#web/lib/api';

export type { SubscriptionStatus } from '#shared/subscription';
export type Subscription = SubscriptionView;

export type { SubscriptionResponse, Transaction } from '#shared/billing';

export const SUBSCRIPTION_QUERY_KEY = ['subscription'] as const;
export const TRANSACTIONS_QUERY_KEY = ['transactions'] as const;

/** The spec's "current" statuses (§4): only these count as a plan. */
export function isCurrentSubscription(
  subscription: Subscription | null | undefined,
): subscription is Subscription {
  return !!subscription && isCurrentStatus(subscription.status);
}

export const getSubscription = (signal?: AbortSignal) => callApi(billingContract.getSubscription, { signal });

export const checkSubscription = () => callApi(billingContract.checkSubscription, {});

export function createCheckout(
  body: BodyOf<typeof billingContract.createCheckout>,
): Promise<RedirectResponse> {
  return callApi(billingContract.createCheckout, { body }).then(requireUrl);
}

export function createCreditCheckout(
  body: BodyOf<typeof billingContract.createCreditCheckout>,
): Promise<RedirectResponse> {
  return callApi(billingContract.createCreditCheckout, { body }).then(requireUrl);
}

export function openPortal(): Promise<RedirectResponse> {
  return callApi(billingContract.openPortal, {}).then(requireUrl);
}

export const verifyPayment = (sessionId: string) =>
  callApi(billingContract.verifyPayment, { body: { sessionId } });

export const reconcile = () => callApi(billingContract.reconcile, {});

export const getTransactions = (signal?: AbortSignal) =>
  callApi(billingContract.listTransactions, { signal });

/** Spec §8: 'No checkout URL returned' when a 2xx answer carries no url. */
function requireUrl(response: RedirectResponse): RedirectResponse {
  if (!response || typeof response.url !== 'string' || response.url === '') {
    throw new Error('No checkout URL returned');
  }
  return response;
}
