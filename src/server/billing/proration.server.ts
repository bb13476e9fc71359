import type { BillingPeriod } from '#shared/catalogue';

/**
 * The share of a period an upgrade pays for (ADR 0049): one value per upgrade, from which both its price and the
 * credits it grants are prorated, so a change on the last day costs a day's difference and grants a day's credits.
 * Each way of paying measures its share as its price is measured; `prorate` applies it to cents and credits alike.
 */
export interface ProrationShare {
  part: number;
  whole: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days an upgrade's price difference is spread over, per period (ADR 0042: a year is 365 days, a month 30). */
const PERIOD_DAYS: Record<BillingPeriod, number> = { monthly: 30, yearly: 365 };

/**
 * `amount` (cents or credits) for the share, rounded to the nearest unit (half up). A share is never more than the
 * whole period: a 31-day month's first day does not pay, or grant, more than one month's difference.
 */
export function prorate(amount: number, share: ProrationShare): number {
  if (share.whole <= 0 || share.part <= 0) return 0;
  return Math.round((amount * Math.min(share.part, share.whole)) / share.whole);
}

/** A Pix upgrade (ADR 0042): the days left, a day begun counted whole, over the period's 30 or 365 days. */
export function prepaidShare(periodEnd: Date, period: BillingPeriod, now: Date): ProrationShare {
  return daysShare(Math.ceil((periodEnd.getTime() - now.getTime()) / DAY_MS), period);
}

/** The share of `daysLeft` days: what a Pix upgrade's quote charged for, and what its payment grants for. */
export function daysShare(daysLeft: number, period: BillingPeriod): ProrationShare {
  return { part: Math.max(0, daysLeft), whole: PERIOD_DAYS[period] };
}

/**
 * A change inside a running period measured as Stripe measures it, "down to the second based on the starting
 * timestamp of the billing period and the timestamp of the proration's triggering event"
 * (docs.stripe.com/billing/scripts/prorations): the time left over the period's length. The local portal's.
 */
export function timeShare(periodStart: Date, periodEnd: Date, at: Date): ProrationShare {
  return {
    part: Math.max(0, periodEnd.getTime() - at.getTime()),
    whole: periodEnd.getTime() - periodStart.getTime(),
  };
}
