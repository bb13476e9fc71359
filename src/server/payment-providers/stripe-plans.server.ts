import type pg from 'pg';
import type Stripe from 'stripe';
import {
  type SubscriptionState,
  upsertSubscription,
  userOfStripeCustomer,
} from '#server/billing/billing-store.server';
import {
  type BillingReason,
  type FulfilResult,
  fulfilInvoice,
  isPlanId,
} from '#server/billing/fulfilment.server';
import type { ProrationShare } from '#server/billing/proration.server';
import type { StripeConfig } from '#server/config.server';
import type { Logger } from '#server/logger.server';
import { type BillingPeriod, findPlan, type PlanId, planPriceCents } from '#shared/catalogue';
import type { SubscriptionStatus } from '#shared/subscription';
import { fromUnix, idOf } from './stripe-sdk.server';

/**
 * Plans at Stripe: subscriptions stored as Stripe has them, and paid subscription invoices granted, the plan read
 * back from the invoice's price ids.
 */

type PlanPrice = { planId: PlanId; period: BillingPeriod };

/** What the Stripe provider's parts share. */
export interface StripeContext {
  pool: pg.Pool;
  stripe: Stripe;
  logger: Logger;
  /** price id → plan and period, to read plans back from subscriptions and invoice lines. */
  priceIndex: Map<string, PlanPrice>;
}

export function priceIndexOf(prices: StripeConfig['prices']): Map<string, PlanPrice> {
  const index = new Map<string, PlanPrice>();
  for (const [planId, planPrices] of Object.entries(prices) as [PlanId, Record<BillingPeriod, string>][]) {
    index.set(planPrices.monthly, { planId, period: 'monthly' });
    index.set(planPrices.yearly, { planId, period: 'yearly' });
  }
  return index;
}

function mapStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
    case 'incomplete':
      return status as SubscriptionStatus;
    case 'unpaid':
    case 'paused':
      return 'past_due';
    default:
      return 'canceled';
  }
}

export async function userOfCustomer(
  context: StripeContext,
  customer: string | Stripe.Customer | Stripe.DeletedCustomer | null,
  metadataUserId: string | undefined,
): Promise<string | null> {
  const customerId = idOf(customer);
  const known = customerId ? await userOfStripeCustomer(context.pool, customerId) : null;
  return known ?? metadataUserId ?? null;
}

type InvoicePlan = PlanPrice & { periodEnd: Date | null };

/** Whether Stripe made the line to prorate a change ("Remaining time on …", "Unused time on …"). */
const isProration = (line: Stripe.InvoiceLineItem) =>
  Boolean(line.parent?.subscription_item_details?.proration || line.parent?.invoice_item_details?.proration);

/**
 * The share of the period an upgrade's invoice charged for (ADR 0049): the new price's proration line over that
 * price for a whole period. Stripe charges "a percentage of a subscription's cost to reflect partial use" — the
 * remaining time on the new price (docs.stripe.com/billing/subscriptions/prorations) — so this is the share Stripe
 * measured, to the second; the credits' difference is prorated by it. The catalogue's price is the price's amount:
 * the configured price ids are the catalogue's plans.
 */
function chargedShare(line: Stripe.InvoiceLineItem, plan: PlanPrice): ProrationShare | null {
  const catalogued = findPlan(plan.planId);
  if (!isProration(line) || !catalogued) return null;
  return { part: line.amount, whole: planPriceCents(catalogued, plan.period) };
}

/** The plan an invoice charges and, for an upgrade, the one it credits; the subscription's metadata as fallback. */
function invoicePlans(
  context: StripeContext,
  invoice: Stripe.Invoice,
): { current: InvoicePlan | undefined; previous: PlanPrice | undefined; share: ProrationShare | null } {
  let current: InvoicePlan | undefined;
  let previous: PlanPrice | undefined;
  let share: ProrationShare | null = null;
  for (const line of invoice.lines?.data ?? []) {
    const priceId = idOf(line.pricing?.price_details?.price);
    const mapped = priceId ? context.priceIndex.get(priceId) : undefined;
    if (!mapped) continue;
    // A proration invoice credits the old price (negative line) and charges the new one (positive line).
    if (line.amount < 0) previous = mapped;
    else if (!current) {
      current = { ...mapped, periodEnd: fromUnix(line.period?.end) };
      share = chargedShare(line, mapped);
    }
  }
  if (!current) {
    const metadata = invoice.parent?.subscription_details?.metadata;
    const planId = metadata?.plan_id;
    const period = metadata?.billing_period;
    if (isPlanId(planId) && (period === 'monthly' || period === 'yearly')) {
      current = { planId, period, periodEnd: null };
    }
  }
  return { current, previous, share };
}

/** Reads plan, upgrade and period from a paid invoice's lines and fulfils it; null when it is not ours. */
export async function fulfilStripeInvoice(
  context: StripeContext,
  invoice: Stripe.Invoice,
): Promise<FulfilResult | null> {
  if (invoice.status !== 'paid' || !invoice.id) return null;
  const details = invoice.parent?.subscription_details;
  const userId = await userOfCustomer(context, invoice.customer, details?.metadata?.user_id);
  if (!userId) {
    context.logger.warn({ invoice: invoice.id }, 'paid invoice of an unknown customer: not fulfilled');
    return null;
  }
  const { current, previous, share } = invoicePlans(context, invoice);
  if (!current) {
    context.logger.warn({ invoice: invoice.id }, 'paid invoice names no known plan: not fulfilled');
    return null;
  }
  const reasons: BillingReason[] = ['subscription_create', 'subscription_cycle', 'subscription_update'];
  const billingReason = reasons.find((reason) => reason === invoice.billing_reason) ?? 'other';
  return fulfilInvoice(context.pool, {
    userId,
    invoiceId: invoice.id,
    planId: current.planId,
    period: current.period,
    periodEnd: current.periodEnd,
    billingReason,
    previousPlanId: previous?.planId ?? null,
    previousPeriod: previous?.period ?? null,
    share,
    amountPaidCents: invoice.amount_paid,
    // "hosted_invoice_url — The URL for the hosted invoice page, which allows customers to view and pay an invoice"
    // (null only before finalization; docs.stripe.com/api/invoices/object): once paid, the page shows it paid and
    // offers the invoice's and the receipt's PDFs (docs.stripe.com/invoicing/hosted-invoice-page).
    receiptUrl: invoice.hosted_invoice_url ?? null,
  });
}

/**
 * Stripe calls a `send_invoice` subscription `active` from its creation, its first invoice open; Cena counts it
 * only once that invoice is paid (the plan starts when the payment lands), so until then it is `incomplete`. An
 * invoice left unpaid past its due date turns the subscription `past_due`, then `canceled` or `unpaid` as the
 * account's subscription settings say (docs.stripe.com/billing/subscriptions/overview, "Subscription statuses"):
 * not a current plan either way, like a card that failed.
 */
async function boletoAwareStatus(
  context: StripeContext,
  subscription: Stripe.Subscription,
  mapped: SubscriptionStatus,
): Promise<SubscriptionStatus> {
  if (mapped !== 'active' || subscription.collection_method !== 'send_invoice') return mapped;
  const invoiceId = idOf(subscription.latest_invoice);
  if (!invoiceId) return mapped;
  const invoice = await context.stripe.invoices.retrieve(invoiceId);
  return invoice.billing_reason === 'subscription_create' && invoice.status !== 'paid'
    ? 'incomplete'
    : mapped;
}

async function subscriptionState(
  context: StripeContext,
  subscription: Stripe.Subscription,
): Promise<SubscriptionState | null> {
  const userId = await userOfCustomer(context, subscription.customer, subscription.metadata?.user_id);
  const item = subscription.items.data[0];
  const mapped = item ? context.priceIndex.get(item.price.id) : undefined;
  const planId = mapped?.planId ?? subscription.metadata?.plan_id;
  const period = mapped?.period ?? subscription.metadata?.billing_period;
  if (!userId || !item || !isPlanId(planId) || (period !== 'monthly' && period !== 'yearly')) {
    context.logger.warn({ subscription: subscription.id }, 'subscription not recognised: not stored');
    return null;
  }
  return {
    userId,
    provider: 'stripe',
    providerSubscriptionId: subscription.id,
    planId,
    billingPeriod: period,
    status: await boletoAwareStatus(context, subscription, mapStatus(subscription.status)),
    currentPeriodStart: new Date(item.current_period_start * 1000),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
  };
}

/** Stores a subscription as Stripe has it (whatever event, in whatever order, asked). */
export async function storeSubscription(
  context: StripeContext,
  subscription: Stripe.Subscription,
): Promise<void> {
  const state = await subscriptionState(context, subscription);
  if (state) await upsertSubscription(context.pool, state);
}

/** Stores the subscription as Stripe has it now. */
export async function syncSubscription(context: StripeContext, subscriptionId: string): Promise<void> {
  await storeSubscription(context, await context.stripe.subscriptions.retrieve(subscriptionId));
}
