import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One receipt e-mail per payment (a package's Checkout session or a plan's invoice). Fulfilment inserts the row
 * (keyed by the payment's provider id, so a replayed webhook, verify or reconcile finds it already there) and the
 * receipt sweep mails it, marking `emailed_at` before sending: a mail failure never undoes a fulfilment. No
 * foreign key to `user`, like `transactions`: a payment record outlives a deleted account.
 */
export const receiptsSent = pgTable(
  'receipts_sent',
  {
    paymentRef: text('payment_ref').primaryKey(),
    userId: text('user_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    item: text('item').notNull(),
    /**
     * The buyer's receipt at Stripe: a package charge's `receipt_url` (docs.stripe.com/api/charges/object), a plan
     * invoice's `hosted_invoice_url` (docs.stripe.com/api/invoices/object); null in local mode.
     */
    receiptUrl: text('receipt_url'),
    paidAt: timestamptz('paid_at').notNull(),
    emailedAt: timestamptz('emailed_at'),
  },
  (t) => [index('receipts_sent_unmailed_idx').on(t.paidAt).where(sql`${t.emailedAt} IS NULL`)],
);
