import type { InferSelectModel, Table } from 'drizzle-orm';
import type {
  creditClawbacks,
  creditGrants,
  creditHoldAllocations,
  creditHolds,
  creditLedgerEntries,
} from './credits.schema.server';

/**
 * The ledger's rows, typed from the schema (ADR 0008): a renamed column fails type-checking here and in every
 * query that reads it, instead of disagreeing with a hand-written interface at run time. The ledger's queries stay
 * raw SQL (ADR 0008, ADR 0002), so their rows arrive keyed by SQL column names; they are turned into the schema's
 * row objects here, once.
 */

export type CreditGrant = typeof creditGrants.$inferSelect;
export type CreditHold = typeof creditHolds.$inferSelect;
export type LedgerEntry = typeof creditLedgerEntries.$inferSelect;

/** A table's row as raw `pg` returns it: the schema's row keyed by its SQL column names (drizzle's inference). */
type SqlRow<T extends Table> = InferSelectModel<T, { dbColumnNames: true }>;
export type GrantSqlRow = SqlRow<typeof creditGrants>;
export type HoldSqlRow = SqlRow<typeof creditHolds>;
export type AllocationSqlRow = SqlRow<typeof creditHoldAllocations>;
export type ClawbackSqlRow = SqlRow<typeof creditClawbacks>;
/** `pg` returns a bigint (int8) as text: the entry id is a string until toEntry makes it the schema's number. */
export type EntrySqlRow = Omit<SqlRow<typeof creditLedgerEntries>, 'id'> & { id: string };

/** The column lists of RETURNING and SELECT, checked against the schema's names. */
const GRANT_COLUMN_NAMES = [
  'id',
  'user_id',
  'amount',
  'remaining',
  'source',
  'source_ref',
  'plan_type',
  'expires_at',
  'created_at',
  'metadata',
] as const satisfies readonly (keyof GrantSqlRow)[];
const HOLD_COLUMN_NAMES = [
  'id',
  'user_id',
  'amount',
  'status',
  'reference',
  'created_at',
  'resolved_at',
] as const satisfies readonly (keyof HoldSqlRow)[];
export const GRANT_COLUMNS = GRANT_COLUMN_NAMES.join(', ');
export const HOLD_COLUMNS = HOLD_COLUMN_NAMES.join(', ');

export function toGrant(row: GrantSqlRow): CreditGrant {
  return {
    id: row.id,
    userId: row.user_id,
    amount: row.amount,
    remaining: row.remaining,
    source: row.source,
    sourceRef: row.source_ref,
    planType: row.plan_type,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    metadata: row.metadata,
  };
}

export function toHold(row: HoldSqlRow): CreditHold {
  return {
    id: row.id,
    userId: row.user_id,
    amount: row.amount,
    status: row.status,
    reference: row.reference,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  };
}

export function toEntry(row: EntrySqlRow): LedgerEntry {
  return {
    id: Number(row.id),
    userId: row.user_id,
    kind: row.kind,
    amount: row.amount,
    grantId: row.grant_id,
    holdId: row.hold_id,
    createdAt: row.created_at,
    metadata: row.metadata,
  };
}
