import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';
import { NOTA_STATES } from '#shared/nota';

/**
 * Notas fiscais de serviço (NFS-e), one per paid purchase (ADR 0041). The row is the truth and the emitter's
 * reference: its id is the `ref` the emitter keeps unique, so a retried issue finds the nota it already made
 * instead of making a second. `payment_ref` is the purchase's provider id (Checkout session or invoice), unique:
 * a replayed webhook or a second fulfilment finds the row already there.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const nfseNotas = pgTable(
  'nfse_notas',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    /** No foreign key: like `transactions`, fiscal records outlive a deleted account. */
    userId: text('user_id').notNull(),
    paymentRef: text('payment_ref').notNull().unique('nfse_notas_payment_ref_unique'),
    amountCents: integer('amount_cents').notNull(),
    /** What the purchase was ("Pacote de 100 créditos"), appended to the configured service description. */
    item: text('item').notNull(),
    state: text('state', { enum: NOTA_STATES }).notNull().default('pending'),
    /** Which emitter issued it (`focus`, `local`): a nota is cancelled and polled at the one that has it. */
    emitter: text('emitter'),
    number: text('number'),
    pdfUrl: text('pdf_url'),
    xmlUrl: text('xml_url'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker took it to issue: another worker takes it over only after a lease (a killed worker). */
    claimedAt: timestamptz('claimed_at'),
    /** The purchase was refunded: cancel the nota once it is issued. */
    cancelRequestedAt: timestamptz('cancel_requested_at'),
    emailedAt: timestamptz('emailed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'nfse_notas_state_valid',
      sql`${t.state} IN ('pending', 'issuing', 'processing', 'issued', 'failed', 'cancelled')`,
    ),
    check('nfse_notas_amount_positive', sql`${t.amountCents} > 0`),
    index('nfse_notas_state_idx').on(t.state, t.updatedAt),
    index('nfse_notas_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** The CPF or CNPJ a buyer gave at checkout (optional for individuals): the tomador of their next notas. */
export const nfseCustomerDocuments = pgTable('nfse_customer_documents', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** Digits only, check digits verified (src/shared/tax-id.ts). */
  document: text('document').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
