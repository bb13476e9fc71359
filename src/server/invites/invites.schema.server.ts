import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';

/**
 * Invite a friend (ADR 0040). Each account's code (made the first time its owner looks at it) and, per invited
 * account, who invited it and which purchase earned the reward. An invitation has no foreign keys: like the ledger
 * it names user ids after an account is deleted, so a refund of the rewarded purchase can still find both grants.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const inviteCodes = pgTable('invite_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique('invite_codes_code_unique'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const invitations = pgTable(
  'invitations',
  {
    /** One inviter per invited account: the reward is once per invited account. */
    inviteeUserId: text('invitee_user_id').primaryKey(),
    inviterUserId: text('inviter_user_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The first paid purchase's grant (its source and source_ref), set once: a later purchase rewards nothing. */
    purchaseSource: text('purchase_source', { enum: ['package', 'plan'] }),
    purchaseRef: text('purchase_ref'),
    rewardedAt: timestamptz('rewarded_at'),
  },
  (t) => [index('invitations_inviter_idx').on(t.inviterUserId, t.createdAt)],
);
