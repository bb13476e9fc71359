import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { GRANT_SOURCES, LEDGER_ENTRY_KINDS } from '#shared/credits';

/**
 * The credits ledger (design §3). Credits are money, so the tables carry their own guards: amounts are checked
 * by constraints, a payment can grant only once (UNIQUE source + source_ref), a video request can hold only once
 * (UNIQUE reference), and ledger entries and hold allocations are append-only (triggers added by hand to the
 * migration, since drizzle cannot express them).
 *
 * Kinds and statuses are text with CHECK constraints rather than PostgreSQL enums: adding a value later is a
 * plain constraint swap, not an ALTER TYPE that cannot run inside a transaction.
 */

export {
  GRANT_SOURCES,
  type GrantSource,
  LEDGER_ENTRY_KINDS,
  type LedgerEntryKind,
} from '#shared/credits';

export const HOLD_STATUSES = ['pending', 'captured', 'voided'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** Generic in the name so the row types keyed by SQL names (ledger-rows.server.ts) know each column's name. */
const timestamptz = <TName extends string>(name: TName) =>
  timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The per-user row every spend locks (`SELECT … FOR NO KEY UPDATE`): spends serialise per user, never across users.
 */
export const creditAccounts = pgTable('credit_accounts', {
  userId: text('user_id').primaryKey(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const creditGrants = pgTable(
  'credit_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => creditAccounts.userId),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    source: text('source', { enum: GRANT_SOURCES }).notNull(),
    /** Stripe invoice / Checkout session id, `hold:<id>` for refunds…: what makes granting idempotent. */
    sourceRef: text('source_ref').notNull(),
    planType: text('plan_type').notNull().default('purchased'),
    /** NULL = never expires. */
    expiresAt: timestamptz('expires_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    unique('credit_grants_source_ref_unique').on(t.source, t.sourceRef),
    check('credit_grants_amount_positive', sql`${t.amount} > 0`),
    check('credit_grants_remaining_range', sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`),
    check(
      'credit_grants_source_valid',
      sql`${t.source} IN ('plan', 'package', 'refund', 'adjustment', 'trial', 'invite')`,
    ),
    check('credit_grants_source_ref_length', sql`length(${t.sourceRef}) BETWEEN 1 AND 200`),
    // The spend order of one user's grants: soonest expiry first, no expiry last; empty grants are left out.
    index('credit_grants_spend_order_idx')
      .on(t.userId, t.expiresAt.asc().nullsLast(), t.createdAt, t.id)
      .where(sql`${t.remaining} > 0`),
    // A purchase's claims take from the grants its reversals gave back (ledger-claims.server.ts).
    index('credit_grants_restored_from_idx')
      .on(sql`(${t.metadata}->>'grantId')`)
      .where(sql`${t.source} = 'refund'`),
  ],
);

export const creditHolds = pgTable(
  'credit_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => creditAccounts.userId),
    amount: integer('amount').notNull(),
    status: text('status', { enum: HOLD_STATUSES }).notNull().default('pending'),
    /** The video request id (or another idempotency key): a retried create finds the same hold. */
    reference: text('reference').notNull().unique('credit_holds_reference_unique'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    check('credit_holds_amount_positive', sql`${t.amount} > 0`),
    check('credit_holds_status_valid', sql`${t.status} IN ('pending', 'captured', 'voided')`),
    check('credit_holds_resolved_at', sql`(${t.status} = 'pending') = (${t.resolvedAt} IS NULL)`),
    check('credit_holds_reference_length', sql`length(${t.reference}) BETWEEN 1 AND 200`),
    index('credit_holds_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Which grants a hold took from, and how much: a void gives back to the same grants. Append-only. */
export const creditHoldAllocations = pgTable(
  'credit_hold_allocations',
  {
    holdId: uuid('hold_id')
      .notNull()
      .references(() => creditHolds.id),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => creditGrants.id),
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.holdId, t.grantId] }),
    check('credit_hold_allocations_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Append-only: a correction is a new entry (UPDATE, DELETE and TRUNCATE are rejected by a trigger). */
export const creditLedgerEntries = pgTable(
  'credit_ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => creditAccounts.userId),
    kind: text('kind', { enum: LEDGER_ENTRY_KINDS }).notNull(),
    /** The change to the spendable balance of `grantId` (0 for a capture). */
    amount: integer('amount').notNull(),
    grantId: uuid('grant_id').references(() => creditGrants.id),
    holdId: uuid('hold_id').references(() => creditHolds.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    check(
      'credit_ledger_entries_kind_valid',
      sql`${t.kind} IN ('grant', 'hold', 'capture', 'void', 'refund_grant', 'clawback', 'correction')`,
    ),
    // The shape of each kind, so a malformed entry cannot be written even by hand.
    check(
      'credit_ledger_entries_kind_shape',
      sql`CASE ${t.kind}
        WHEN 'grant' THEN ${t.amount} > 0 AND ${t.grantId} IS NOT NULL AND ${t.holdId} IS NULL
        WHEN 'hold' THEN ${t.amount} < 0 AND ${t.grantId} IS NOT NULL AND ${t.holdId} IS NOT NULL
        WHEN 'capture' THEN ${t.amount} = 0 AND ${t.grantId} IS NULL AND ${t.holdId} IS NOT NULL
        WHEN 'void' THEN ${t.amount} > 0 AND ${t.grantId} IS NOT NULL AND ${t.holdId} IS NOT NULL
        WHEN 'refund_grant' THEN ${t.amount} > 0 AND ${t.grantId} IS NOT NULL AND ${t.holdId} IS NOT NULL
        WHEN 'clawback' THEN ${t.amount} < 0 AND ${t.grantId} IS NOT NULL AND ${t.holdId} IS NULL
        WHEN 'correction' THEN ${t.amount} <> 0 AND ${t.grantId} IS NOT NULL AND ${t.holdId} IS NULL
        ELSE false END`,
    ),
    index('credit_ledger_entries_user_recent_idx').on(t.userId, t.id.desc()),
  ],
);

/**
 * Signed records of a purchase's credits owed and taken back (ledger-claims.server.ts): a claim per
 * refund or dispute (`reference`, e.g. `refund:<Stripe refund id>`, carrying what it `wanted`), so a replayed event
 * takes nothing twice; takes of voided holds' credits and from restorations' grants; and each reversal
 * (`<claim>:restored`), negative by what it gave back. `amount` may be 0 when everything was spent.
 */
export const creditClawbacks = pgTable(
  'credit_clawbacks',
  {
    reference: text('reference').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => creditAccounts.userId),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => creditGrants.id),
    amount: integer('amount').notNull(),
    /**
     * What the refund meant to take back (its share of the grant); what it could not take because the credits were
     * held at the time is taken when that hold is voided. 0 for those later takes; NULL (older rows) = `amount`.
     */
    wanted: integer('wanted'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Takes are positive; a reversal's record (`<claim>:restored`) is negative by what it gave back.
    check('credit_clawbacks_amount_sign', sql`${t.amount} >= 0 OR right(${t.reference}, 9) = ':restored'`),
    check('credit_clawbacks_wanted_non_negative', sql`${t.wanted} IS NULL OR ${t.wanted} >= 0`),
    check('credit_clawbacks_reference_length', sql`length(${t.reference}) BETWEEN 1 AND 260`),
    index('credit_clawbacks_grant_idx').on(t.grantId),
  ],
);
