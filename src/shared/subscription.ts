import type { BillingPeriod, PlanId } from './catalogue';

/** Subscription statuses and the API's subscription object, shared by server and web (spec §3, §4). */

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Spec §4: only these count as a plan; none means the Free plan. */
export const CURRENT_SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
] as const satisfies readonly SubscriptionStatus[];

export function isCurrentStatus(status: SubscriptionStatus): boolean {
  return (CURRENT_SUBSCRIPTION_STATUSES as readonly SubscriptionStatus[]).includes(status);
}

/** The contract's subscription object (docs/billing-contract.md). */
export interface SubscriptionView {
  id: string;
  planId: PlanId;
  planName: string;
  billingPeriod: BillingPeriod;
  status: SubscriptionStatus;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
}
