import { and, desc, eq, getTableColumns, gt, inArray, or, sql } from 'drizzle-orm';
import type pg from 'pg';
import { createDatabase } from '#server/db/database.server';
import type { SubscriptionView } from '#shared/billing';
import { type BillingPeriod, findPlan, LIMITS, type PlanId } from '#shared/catalogue';
import type { PaymentMethod } from '#shared/payment-methods';
import { CURRENT_SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '#shared/subscription';
import {
  type BillingThrottledAction,
  type CheckoutKind,
  type CheckoutStatus,
  type ProviderKind,
  subscriptions,
} from './billing.schema.server';

/**
 * Reads and idempotent writes of the billing tables, shared by both providers, the routes and fulfilment. Writes
 * are single statements keyed by provider ids (INSERT … ON CONFLICT), never read-then-write.
 */

type Queryable = pg.Pool | pg.PoolClient;

/** A subscription as stored (the row, typed from the schema; `updatedAt` is bookkeeping). */
export type SubscriptionRecord = Omit<typeof subscriptions.$inferSelect, 'updatedAt'>;

const { updatedAt: _bookkeeping, ...subscriptionColumns } = getTableColumns(subscriptions);

export function subscriptionView(record: SubscriptionRecord | null): SubscriptionView | null {
  if (!record) return null;
  return {
    id: record.id,
    planId: record.planId,
    planName: findPlan(record.planId)?.name ?? record.planId,
    billingPeriod: record.billingPeriod,
    status: record.status,
    currentPeriodStart: record.currentPeriodStart.toISOString(),
    currentPeriodEnd: record.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: record.cancelAtPeriodEnd,
    collection: record.collection,
  };
}

/**
 * The newest active/trialing subscription (spec §4: none means the Free plan). A prepaid period is over at its end
 * even before the sweep marks it canceled (ADR 0042).
 */
export async function currentSubscription(
  db: Queryable,
  userId: string,
  now: Date = new Date(),
): Promise<SubscriptionRecord | null> {
  const [row] = await createDatabase(db)
    .select(subscriptionColumns)
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, CURRENT_SUBSCRIPTION_STATUSES),
        or(eq(subscriptions.collection, 'automatic'), gt(subscriptions.currentPeriodEnd, now)),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

async function subscriptionByProviderId(
  db: Queryable,
  providerSubscriptionId: string,
): Promise<SubscriptionRecord | null> {
  const [row] = await createDatabase(db)
    .select(subscriptionColumns)
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row ?? null;
}

export interface SubscriptionState {
  userId: string;
  provider: ProviderKind;
  providerSubscriptionId: string;
  planId: PlanId;
  billingPeriod: BillingPeriod;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/**
 * Writes the provider's current state of a subscription (insert or overwrite). Callers pass the state as the
 * provider reports it *now* (fetched, not taken from an old event), so replays and reordering converge.
 */
export async function upsertSubscription(
  db: Queryable,
  state: SubscriptionState,
): Promise<SubscriptionRecord> {
  const { userId, providerSubscriptionId, ...current } = state;
  const [row] = await createDatabase(db)
    .insert(subscriptions)
    .values(state)
    .onConflictDoUpdate({
      target: subscriptions.providerSubscriptionId,
      set: {
        planId: current.planId,
        billingPeriod: current.billingPeriod,
        status: current.status,
        currentPeriodStart: current.currentPeriodStart,
        currentPeriodEnd: current.currentPeriodEnd,
        cancelAtPeriodEnd: current.cancelAtPeriodEnd,
        updatedAt: sql`now()`,
      },
    })
    .returning(subscriptionColumns);
  if (!row) throw new Error('subscription upsert returned no row');
  if (row.userId !== userId) {
    throw new Error(`subscription ${providerSubscriptionId} belongs to another user`);
  }
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Checkout sessions

export interface CheckoutRecord {
  id: string;
  userId: string;
  provider: ProviderKind;
  kind: CheckoutKind;
  planId: PlanId | null;
  billingPeriod: BillingPeriod | null;
  packageId: string | null;
  amountCents: number;
  status: CheckoutStatus;
  paymentMethod: PaymentMethod;
  /** A Pix upgrade of this prepaid subscription (ADR 0042). */
  upgradesSubscriptionId: string | null;
  /** What that upgrade was quoted on (ADR 0049); null for other checkouts, and upgrades quoted before it. */
  upgradeQuote: UpgradeQuote | null;
}

/**
 * A Pix upgrade's quote (ADR 0049): the plan and period end it raises, and the days left its price was prorated
 * for — the same days its credits are prorated for when it is paid.
 */
export interface UpgradeQuote {
  fromPlanId: PlanId;
  periodEnd: Date;
  daysLeft: number;
}

type OptionalCheckoutFields = 'paymentMethod' | 'upgradesSubscriptionId' | 'upgradeQuote';
type NewCheckout = Omit<CheckoutRecord, 'status' | OptionalCheckoutFields> &
  Partial<Pick<CheckoutRecord, OptionalCheckoutFields>>;

export async function insertCheckout(db: Queryable, record: NewCheckout): Promise<void> {
  await db.query(
    `INSERT INTO checkout_sessions (id, user_id, provider, kind, plan_id, billing_period, package_id, amount_cents,
       payment_method, upgrades_subscription_id, upgrade_from_plan_id, upgrade_period_end, upgrade_days_left)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING`,
    [
      record.id,
      record.userId,
      record.provider,
      record.kind,
      record.planId,
      record.billingPeriod,
      record.packageId,
      record.amountCents,
      record.paymentMethod ?? 'card',
      record.upgradesSubscriptionId ?? null,
      record.upgradeQuote?.fromPlanId ?? null,
      record.upgradeQuote?.periodEnd ?? null,
      record.upgradeQuote?.daysLeft ?? null,
    ],
  );
}

export async function findCheckout(db: Queryable, id: string): Promise<CheckoutRecord | null> {
  const result = await db.query<{
    id: string;
    user_id: string;
    provider: ProviderKind;
    kind: CheckoutKind;
    plan_id: PlanId | null;
    billing_period: BillingPeriod | null;
    package_id: string | null;
    amount_cents: number;
    status: CheckoutStatus;
    payment_method: PaymentMethod;
    upgrades_subscription_id: string | null;
    upgrade_from_plan_id: PlanId | null;
    upgrade_period_end: Date | null;
    upgrade_days_left: number | null;
  }>(
    `SELECT id, user_id, provider, kind, plan_id, billing_period, package_id, amount_cents, status,
       payment_method, upgrades_subscription_id, upgrade_from_plan_id, upgrade_period_end, upgrade_days_left
     FROM checkout_sessions WHERE id = $1`,
    [id],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    kind: row.kind,
    planId: row.plan_id,
    billingPeriod: row.billing_period,
    packageId: row.package_id,
    amountCents: row.amount_cents,
    status: row.status,
    paymentMethod: row.payment_method,
    upgradesSubscriptionId: row.upgrades_subscription_id,
    upgradeQuote:
      row.upgrade_from_plan_id && row.upgrade_period_end && row.upgrade_days_left !== null
        ? {
            fromPlanId: row.upgrade_from_plan_id,
            periodEnd: row.upgrade_period_end,
            daysLeft: row.upgrade_days_left,
          }
        : null,
  };
}

/** 'paid' is final: a late "failed" or "expired" never turns a paid session back. */
export async function markCheckout(db: Queryable, id: string, status: 'paid' | 'canceled'): Promise<boolean> {
  const result = await db.query(
    status === 'paid'
      ? `UPDATE checkout_sessions SET status = 'paid' WHERE id = $1 AND status <> 'paid'`
      : `UPDATE checkout_sessions SET status = 'canceled' WHERE id = $1 AND status = 'open'`,
    [id],
  );
  return (result.rowCount ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Customers and the check-subscription throttle

export async function stripeCustomerOf(db: Queryable, userId: string): Promise<string | null> {
  const result = await db.query<{ stripe_customer_id: string }>(
    'SELECT stripe_customer_id FROM billing_customers WHERE user_id = $1',
    [userId],
  );
  return result.rows[0]?.stripe_customer_id ?? null;
}

export async function userOfStripeCustomer(db: Queryable, customerId: string): Promise<string | null> {
  const result = await db.query<{ user_id: string }>(
    'SELECT user_id FROM billing_customers WHERE stripe_customer_id = $1',
    [customerId],
  );
  return result.rows[0]?.user_id ?? null;
}

/** Stores the user's customer; when two requests raced to create one, the first stored wins and is returned. */
export async function saveStripeCustomer(db: Queryable, userId: string, customerId: string): Promise<string> {
  const result = await db.query<{ stripe_customer_id: string }>(
    `INSERT INTO billing_customers (user_id, stripe_customer_id) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id
     RETURNING stripe_customer_id`,
    [userId, customerId],
  );
  return result.rows[0]?.stripe_customer_id ?? customerId;
}

const THROTTLE_WINDOWS_MS: Record<BillingThrottledAction, number> = {
  'check-subscription': LIMITS.subscriptionCheckThrottleMs,
  reconcile: LIMITS.reconcileThrottleMs,
};

/**
 * Claims this user's slot for an action that calls the payment provider: true at most once per window, across every
 * process (one conditional upsert, so two tabs signing in together sync once, and a reconcile button pressed in a
 * loop cannot spend the shared provider rate limit).
 */
export async function claimBillingAction(
  db: Queryable,
  userId: string,
  action: BillingThrottledAction,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO billing_throttles (user_id, action, at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, action) DO UPDATE SET at = EXCLUDED.at
     WHERE billing_throttles.at <= $4`,
    [userId, action, now, new Date(now.getTime() - THROTTLE_WINDOWS_MS[action])],
  );
  return (result.rowCount ?? 0) > 0;
}

/**
 * Inserts a subscription unless its provider id exists, returning the stored row either way: a double-clicked
 * local "Pagar" must not restart a period that already began.
 */
export async function insertSubscriptionIfAbsent(
  db: Queryable,
  state: SubscriptionState,
): Promise<SubscriptionRecord> {
  await db.query(
    `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, plan_id, billing_period, status,
       current_period_start, current_period_end, cancel_at_period_end)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (provider_subscription_id) DO NOTHING`,
    [
      state.userId,
      state.provider,
      state.providerSubscriptionId,
      state.planId,
      state.billingPeriod,
      state.status,
      state.currentPeriodStart,
      state.currentPeriodEnd,
      state.cancelAtPeriodEnd,
    ],
  );
  const stored = await subscriptionByProviderId(db, state.providerSubscriptionId);
  if (!stored || stored.userId !== state.userId) {
    throw new Error(`subscription ${state.providerSubscriptionId} not stored for this user`);
  }
  return stored;
}

export async function subscriptionOfUser(
  db: Queryable,
  userId: string,
  id: string,
): Promise<SubscriptionRecord | null> {
  const [row] = await createDatabase(db)
    .select(subscriptionColumns)
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  return row ?? null;
}

/** The user's Checkout sessions marked paid (reconcile re-runs their fulfilment). */
export async function paidCheckouts(db: Queryable, userId: string): Promise<CheckoutRecord[]> {
  const result = await db.query<{ id: string }>(
    `SELECT id FROM checkout_sessions WHERE user_id = $1 AND status = 'paid' ORDER BY created_at`,
    [userId],
  );
  const records = await Promise.all(result.rows.map((row) => findCheckout(db, row.id)));
  return records.filter((record): record is CheckoutRecord => record !== null);
}
