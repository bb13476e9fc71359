import { findPlan, planCreditsPerInvoice } from '#shared/catalogue';
import type { Subscription } from '../api/billing-calls';

/** The plan's display name: the catalogue's, else what the server sent. */
export function planName(subscription: Subscription): string {
  return findPlan(subscription.planId)?.name ?? subscription.planName;
}

/** Credits one paid invoice of the subscription grants (monthly, or ×12 yearly); null for an unknown plan. */
export function subscriptionCredits(subscription: Subscription): number | null {
  const plan = findPlan(subscription.planId);
  return plan ? planCreditsPerInvoice(plan, subscription.billingPeriod) : null;
}
