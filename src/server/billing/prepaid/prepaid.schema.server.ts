import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { PlanId } from '#shared/catalogue';
import { subscriptions } from '../billing.schema.server';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const PREPAID_PAYMENT_KINDS = ['period', 'upgrade', 'declined'] as const;
export type PrepaidPaymentKind = (typeof PREPAID_PAYMENT_KINDS)[number];

/**
 * Why a paid Pix was declined rather than applied (ADR 0049): the plan it sets is not above the running one, or
 * the plan or period it was quoted on changed since.
 */
export const DECLINE_REASONS = ['not_higher', 'stale'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/**
 * One row per Pix payment of a prepaid plan (ADR 0042), keyed by the payment's provider id (Checkout session): the
 * period it bought, written in the same transaction that moves the subscription — or, `declined`, why it moved
 * nothing (ADR 0049). A replayed webhook or a second "Pagar" finds the row and grants from it, so a payment extends
 * a period once and its credits expire at the end it bought.
 */
export const prepaidPayments = pgTable(
  'prepaid_payments',
  {
    paymentRef: text('payment_ref').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PREPAID_PAYMENT_KINDS }).notNull(),
    planId: text('plan_id').$type<PlanId>().notNull(),
    /** The plan before an upgrade. */
    previousPlanId: text('previous_plan_id').$type<PlanId>(),
    /** A `declined` payment's reason: nothing moved, and the money goes back through the provider's refund. */
    declinedReason: text('declined_reason', { enum: DECLINE_REASONS }),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('prepaid_payments_kind_valid', sql`${t.kind} IN ('period', 'upgrade', 'declined')`),
    check(
      'prepaid_payments_declined_reason_valid',
      sql`(${t.kind} = 'declined') = (${t.declinedReason} IS NOT NULL)
        AND (${t.declinedReason} IS NULL OR ${t.declinedReason} IN ('not_higher', 'stale'))`,
    ),
  ],
);

/**
 * The "Renovar por Pix" reminders sent, one per prepaid period end and lead (7 or 1 days): inserted before the
 * mail goes out (and deleted if it fails), so a retried sweep never sends one twice. A renewal moves the period
 * end, and the new end gets its own reminders.
 */
export const prepaidReminders = pgTable(
  'prepaid_reminders',
  {
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    periodEnd: timestamptz('period_end').notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.periodEnd, t.daysBefore] }),
    check('prepaid_reminders_days_valid', sql`${t.daysBefore} IN (7, 1)`),
  ],
);
