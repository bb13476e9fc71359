import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One confirmation e-mail per withdrawal (Decreto 7.962/2013 art. 5 §4: the seller confirms a withdrawal at once).
 * Keyed by the withdrawal's claim reference (`withdrawal:<session>:<attempt>`), which a retried refund, a double
 * click and the withdrawal sweep all settle under: the row is inserted once whoever settles first. Mailed the way
 * receipts are (`emailed_at` marked before sending, unmarked on failure). No foreign key to `user`, like
 * `transactions`.
 */
export const withdrawalConfirmations = pgTable(
  'withdrawal_confirmations',
  {
    claimRef: text('claim_ref').primaryKey(),
    userId: text('user_id').notNull(),
    /** The package's Checkout session: its nota fiscal is found by it. */
    paymentRef: text('payment_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** How the package was paid ('card', 'pix', 'boleto'; null in local mode): where the money goes back. */
    paymentMethod: text('payment_method'),
    /** A boleto's refund: a Pix transfer Cena makes (ADR 0053). */
    payout: boolean('payout').notNull().default(false),
    withdrawnAt: timestamptz('withdrawn_at').notNull(),
    emailedAt: timestamptz('emailed_at'),
  },
  (t) => [
    index('withdrawal_confirmations_unmailed_idx').on(t.withdrawnAt).where(sql`${t.emailedAt} IS NULL`),
  ],
);
