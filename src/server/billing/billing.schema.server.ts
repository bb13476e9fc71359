import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  boolean as pgBoolean,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';
import { SUBSCRIPTION_COLLECTIONS, TRANSACTION_TYPES } from '#shared/billing';
import type { PlanId } from '#shared/catalogue';
import { PAYMENT_METHODS } from '#shared/payment-methods';
import { SUBSCRIPTION_STATUSES } from '#shared/subscription';

/**
 * Billing (docs/billing-contract.md, design §4). Every row a payment produces is keyed by the provider's own id (Checkout session,
 * invoice, refund, event) under a UNIQUE constraint, so a retried webhook, a second success page or a reconcile can
 * only ever find the row already there. Kinds and statuses are text + CHECK, like the ledger.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const PROVIDERS = ['stripe', 'local'] as const;
export type ProviderKind = (typeof PROVIDERS)[number];
export { TRANSACTION_TYPES, type TransactionType } from '#shared/billing';
export const CHECKOUT_KINDS = ['plan', 'package'] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];
export const CHECKOUT_STATUSES = ['open', 'paid', 'canceled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** One Stripe customer per user, created by us before the first checkout so every event maps back to a user. */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique('billing_customers_stripe_customer_unique'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    providerSubscriptionId: text('provider_subscription_id')
      .notNull()
      .unique('subscriptions_provider_subscription_unique'),
    planId: text('plan_id').$type<PlanId>().notNull(),
    billingPeriod: text('billing_period', { enum: ['monthly', 'yearly'] }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currentPeriodStart: timestamptz('current_period_start').notNull(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    cancelAtPeriodEnd: pgBoolean('cancel_at_period_end').notNull().default(false),
    /** Local provider only: a downgrade waits for the period end (design §4). */
    scheduledPlanId: text('scheduled_plan_id').$type<PlanId>(),
    /** `prepaid`: periods paid one at a time by Pix, never renewed by the provider (ADR 0042). */
    collection: text('collection', { enum: SUBSCRIPTION_COLLECTIONS }).notNull().default('automatic'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('subscriptions_provider_valid', sql`${t.provider} IN ('stripe', 'local')`),
    check(
      'subscriptions_status_valid',
      sql`${t.status} IN ('active', 'trialing', 'past_due', 'canceled', 'incomplete')`,
    ),
    check('subscriptions_period_valid', sql`${t.billingPeriod} IN ('monthly', 'yearly')`),
    check('subscriptions_collection_valid', sql`${t.collection} IN ('automatic', 'prepaid')`),
    // The reminder sweep's scan: prepaid periods still running.
    index('subscriptions_prepaid_end_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.collection} = 'prepaid' AND ${t.status} = 'active'`),
    index('subscriptions_user_recent_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Payment history (spec §3): payments in cents, credit entries in credits. No foreign key to `user`: the privacy
 * policy keeps payment records 5 years, so they outlive a deleted account, whose id then names no one.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    userId: text('user_id').notNull(),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    /** Checkout session / invoice / refund id: with `type`, what makes recording idempotent. */
    providerRef: text('provider_ref').notNull(),
    stripeInvoiceId: text('stripe_invoice_id'),
    /** A compensating row posted by the admin audit: the transaction whose amount it corrects. */
    correctsId: text('corrects_id').references((): AnyPgColumn => transactions.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('transactions_corrects_idx').on(t.correctsId).where(sql`${t.correctsId} IS NOT NULL`),
    // Admin stats: revenue per day.
    index('transactions_created_idx').on(t.createdAt),
    unique('transactions_type_provider_ref_unique').on(t.type, t.providerRef),
    check('transactions_type_valid', sql`${t.type} IN ('payment', 'credit')`),
    index('transactions_user_recent_idx').on(t.userId, t.createdAt.desc()),
  ],
);

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** Stripe's Checkout session id, or ours (`cs_local_…`) in local mode. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    kind: text('kind', { enum: CHECKOUT_KINDS }).notNull(),
    planId: text('plan_id'),
    billingPeriod: text('billing_period', { enum: ['monthly', 'yearly'] }),
    packageId: text('package_id'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    /** A plan's `pix` checkout pays one prepaid period, or an upgrade of one (ADR 0042). */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('card'),
    /** A Pix upgrade: the prepaid subscription whose plan it raises for the days left. */
    upgradesSubscriptionId: text('upgrades_subscription_id'),
    /**
     * What a Pix upgrade was quoted on (ADR 0049): the plan and period end it raises, and the days left it charges
     * for. At payment the subscription must still be that plan and end, or the payment is refunded, not applied.
     */
    upgradeFromPlanId: text('upgrade_from_plan_id').$type<PlanId>(),
    upgradePeriodEnd: timestamptz('upgrade_period_end'),
    upgradeDaysLeft: integer('upgrade_days_left'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('checkout_sessions_payment_method_valid', sql`${t.paymentMethod} IN ('card', 'pix', 'boleto')`),
    check('checkout_sessions_kind_valid', sql`${t.kind} IN ('plan', 'package')`),
    check('checkout_sessions_status_valid', sql`${t.status} IN ('open', 'paid', 'canceled')`),
    check(
      'checkout_sessions_shape',
      sql`CASE ${t.kind}
        WHEN 'plan' THEN ${t.planId} IS NOT NULL AND ${t.billingPeriod} IS NOT NULL AND ${t.packageId} IS NULL
        WHEN 'package' THEN ${t.packageId} IS NOT NULL AND ${t.planId} IS NULL
        ELSE false END`,
    ),
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Webhook dedupe: an event already processed is answered 200 without work. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
  processedAt: timestamptz('processed_at'),
});

export const BILLING_THROTTLED_ACTIONS = ['check-subscription', 'reconcile'] as const;
export type BillingThrottledAction = (typeof BILLING_THROTTLED_ACTIONS)[number];

/**
 * Per-user throttles of the calls that reach the payment provider (check-subscription, reconcile), in the database
 * so they hold across web processes.
 */
export const billingThrottles = pgTable(
  'billing_throttles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    action: text('action', { enum: BILLING_THROTTLED_ACTIONS }).notNull(),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.action] }),
    check('billing_throttles_action_valid', sql`${t.action} IN ('check-subscription', 'reconcile')`),
  ],
);
