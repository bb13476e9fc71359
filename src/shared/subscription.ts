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

/**
 * A plan paid by Pix (ADR 0042) never renews by itself; its first "Renovar por Pix" reminder goes out this many days
 * before the period ends (billing/prepaid/prepaid-reminders.server.ts, LEADS), and from then on renewing is the
 * profile's first action. Before, the plan simply runs: renewing stays offered, not pressed on the buyer.
 */
export const PREPAID_RENEWAL_LEAD_DAYS = 7;

/** Whether a Pix plan ending at `periodEnd` is inside its renewal lead at `now`. */
export function prepaidRenewalDue(periodEnd: Date, now: Date = new Date()): boolean {
  return periodEnd.getTime() - now.getTime() <= PREPAID_RENEWAL_LEAD_DAYS * 24 * 60 * 60 * 1000;
}
