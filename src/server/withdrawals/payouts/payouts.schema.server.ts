import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const PAYOUT_STATUSES = ['pending', 'paid'] as const;

/**
 * Money Cena owes back outside the payment provider: a refund of a boleto payment, which Stripe cannot make
 * ("Refunds / Partial refunds: No / No", docs.stripe.com/payments/boleto), is paid by a Pix transfer the operator
 * makes to the key the customer gave (ADR 0053). Keyed by the ledger claim that took the credits back, so the
 * record exists once however often the refund is asked or swept. No foreign key to `user`, like `transactions`: a
 * payment record outlives a deleted account.
 */
export const refundPayouts = pgTable(
  'refund_payouts',
  {
    /** The claim's reference (`withdrawal:<session>:<attempt>`): one payout per claim. */
    claim: text('claim').primaryKey(),
    userId: text('user_id').notNull(),
    /** The paid purchase (Checkout session or invoice) the money comes from. */
    paymentRef: text('payment_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The customer's Pix key (CPF, CNPJ, e-mail, phone or random key) the transfer goes to. */
    pixKey: text('pix_key').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    paidAt: timestamptz('paid_at'),
  },
  (t) => [
    check('refund_payouts_status_valid', sql`${t.status} IN ('pending', 'paid')`),
    check('refund_payouts_amount_positive', sql`${t.amountCents} > 0`),
    index('refund_payouts_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
