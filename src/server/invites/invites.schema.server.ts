import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';
import { INVITE_NOT_COUNTED_REASONS } from '#shared/invites';

/**
 * Invite a friend (ADR 0040, ADR 0046). Each account's code (made the first time its owner looks at it) and, per
 * invited account, who invited it, which purchase may earn the reward, when it is due and what was decided. An
 * invitation has no foreign keys: like the ledger it names user ids after an account is deleted, so a refund of
 * the rewarded purchase can still find both grants.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const inviteCodes = pgTable('invite_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique('invite_codes_code_unique'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * What an invitation came to (ADR 0046): rewarded, or not counted for one of the reasons the card names. None while
 * no purchase was made or its reward waits.
 */
const INVITE_OUTCOMES = ['rewarded', ...INVITE_NOT_COUNTED_REASONS] as const;
export type InviteOutcome = (typeof INVITE_OUTCOMES)[number];

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
    /** When the purchase can no longer be withdrawn (a package's window closes; a plan's at once): ADR 0046. */
    rewardDueAt: timestamptz('reward_due_at'),
    outcome: text('outcome', { enum: INVITE_OUTCOMES }),
    /** When the reward was granted (its credits expire from then). */
    rewardedAt: timestamptz('rewarded_at'),
  },
  (t) => [
    index('invitations_inviter_idx').on(t.inviterUserId, t.createdAt),
    // The caps count an inviter's rewards of the last day and ever.
    index('invitations_inviter_rewarded_idx')
      .on(t.inviterUserId, t.rewardedAt)
      .where(sql`${t.outcome} = 'rewarded'`),
    // The sweep reads the rewards that are due, oldest first.
    index('invitations_due_idx')
      .on(t.rewardDueAt)
      .where(sql`${t.outcome} IS NULL AND ${t.purchaseRef} IS NOT NULL`),
    check(
      'invitations_outcome_valid',
      sql`${t.outcome} IN ('rewarded', 'refunded', 'same_device', 'same_address', 'same_payment', 'limit')`,
    ),
  ],
);

export const INVITE_MARK_KINDS = ['device', 'address', 'payment'] as const;
export type InviteMarkKind = (typeof INVITE_MARK_KINDS)[number];

/**
 * What tells one person's accounts apart (ADR 0046), kept as hashes (LGPD art. 6 III): the browser's device cookie
 * and the client's address block (IPv4 /24, IPv6 /64) seen at sign-up and on the invite card, keyed by the auth
 * secret; the card fingerprint of each purchase Stripe reports. No foreign key: like the invitations, a mark of a
 * deleted rewarded invitee still stops the next account from the same place.
 */
export const inviteMarks = pgTable(
  'invite_marks',
  {
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: INVITE_MARK_KINDS }).notNull(),
    hash: text('hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'invite_marks_pk', columns: [t.userId, t.kind, t.hash] }),
    index('invite_marks_hash_idx').on(t.kind, t.hash),
    check('invite_marks_kind_valid', sql`${t.kind} IN ('device', 'address', 'payment')`),
  ],
);
