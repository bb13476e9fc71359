import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per person who confirmed an e-mail while trials were on (ADR 0040): the keyed hash of the normalized
 * e-mail is the key, so a deleted and re-created account with the same address finds its old row and gets no second
 * trial. The client's address block, device and e-mail domain are kept as keyed hashes too, only for as long as
 * their windows count them (ADR 0047: `purgeTrialSignals` erases them after TRIAL_SIGNAL_RETENTION_DAYS). No foreign
 * key to the user: the row must outlive the account, as the ledger does.
 */

export const TRIAL_OUTCOMES = [
  'granted',
  'address_limit',
  'device_limit',
  'domain_limit',
  'disposable_domain',
] as const;
export type TrialOutcome = (typeof TRIAL_OUTCOMES)[number];

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const trialClaims = pgTable(
  'trial_claims',
  {
    emailHash: text('email_hash').primaryKey(),
    userId: text('user_id').notNull(),
    addressHash: text('address_hash'),
    deviceHash: text('device_hash'),
    /** The registrable domain's hash; null for a public mailbox provider's (never counted). */
    domainHash: text('domain_hash'),
    outcome: text('outcome', { enum: TRIAL_OUTCOMES }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'trial_claims_outcome_valid',
      sql`${t.outcome} IN ('granted', 'address_limit', 'device_limit', 'domain_limit', 'disposable_domain')`,
    ),
    // The limits count an address block's, a device's and a domain's trials within their windows.
    index('trial_claims_address_idx').on(t.addressHash, t.createdAt).where(sql`${t.outcome} = 'granted'`),
    index('trial_claims_device_idx').on(t.deviceHash, t.createdAt).where(sql`${t.outcome} = 'granted'`),
    index('trial_claims_domain_idx').on(t.domainHash, t.createdAt).where(sql`${t.outcome} = 'granted'`),
    // The retention purge finds the rows whose hashes outlived their windows.
    index('trial_claims_signals_idx')
      .on(t.createdAt)
      .where(sql`${t.addressHash} IS NOT NULL OR ${t.deviceHash} IS NOT NULL OR ${t.domainHash} IS NOT NULL`),
    index('trial_claims_user_idx').on(t.userId),
  ],
);
