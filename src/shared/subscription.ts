/** Subscription statuses, shared by server and web (spec §3, §4); the API's subscription object is in billing.ts. */

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
