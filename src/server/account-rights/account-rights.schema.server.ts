import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';

/**
 * The customer's rights under the LGPD (Lei 13.709/2018, art. 18): exporting their data and deleting their account
 * (docs/accounts-contract.md).
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per account deletion, written when the owner confirms it and kept afterwards: the deletion job's state
 * (resumed until `completed_at` is set) and, once the user row is gone, an anonymous count for the admin. No
 * foreign key: the user row is deleted last, and `user_id` then names no one.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    userId: text('user_id').primaryKey(),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [index('account_deletions_completed_idx').on(t.completedAt)],
);

/** Data exports served, for the export's rate limit; gone with the account. */
export const accountExports = pgTable(
  'account_exports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('account_exports_user_created_idx').on(t.userId, t.createdAt)],
);
