import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per person who confirmed an e-mail while trials were on (ADR 0040): the keyed hash of the normalized
 * e-mail is the key, so a deleted and re-created account with the same address finds its old row and gets no second
 * trial. The client address and device are kept as keyed hashes too: the limits only compare them. No foreign key
 * to the user: the row must outlive the account, as the ledger does.
 */

export const TRIAL_OUTCOMES = ['granted', 'address_limit', 'device_limit'] as const;
export type TrialOutcome = (typeof TRIAL_OUTCOMES)[number];

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const trialClaims = pgTable(
  'trial_claims',
  {
    emailHash: text('email_hash').primaryKey(),
    userId: text('user_id').notNull(),
    addressHash: text('address_hash'),
    deviceHash: text('device_hash'),
    outcome: text('outcome', { enum: TRIAL_OUTCOMES }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('trial_claims_outcome_valid', sql`${t.outcome} IN ('granted', 'address_limit', 'device_limit')`),
    // The limits count an address's and a device's trials of the last day.
    index('trial_claims_address_idx').on(t.addressHash, t.createdAt).where(sql`${t.outcome} = 'granted'`),
    index('trial_claims_device_idx').on(t.deviceHash, t.createdAt).where(sql`${t.outcome} = 'granted'`),
    index('trial_claims_user_idx').on(t.userId),
  ],
);
