import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';

/**
 * API keys (ADR 0063). A key is found by its `prefix` (16 hex characters, part of the token and shown in the list)
 * and proved by the SHA-256 of the whole token (`secret_hash`): the token itself is never stored. Each request
 * with a key updates its row once — last use, requests in total, and the requests of the current minute that its
 * rate limit counts (one row per key, so the limit holds across every web process without a table to prune).
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull().unique('api_keys_prefix_key'),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    /** Credits the key may spend per São Paulo day; null: only the balance bounds it. */
    dailyCreditLimit: integer('daily_credit_limit'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
    /** Who revoked the key when it was not its owner: the admin (the audit of an admin's revoke, ADR 0063). */
    revokedBy: text('revoked_by').references(() => user.id, { onDelete: 'set null' }),
    requestCount: bigint('request_count', { mode: 'number' }).notNull().default(0),
    /** The minute the rate limit is counting, and its requests so far. */
    windowStartedAt: timestamptz('window_started_at'),
    windowRequests: integer('window_requests').notNull().default(0),
  },
  (t) => [
    index('api_keys_user_idx').on(t.userId),
    check(
      'api_keys_scopes_valid',
      sql`${t.scopes} <@ ARRAY['read', 'create']::text[] AND cardinality(${t.scopes}) > 0`,
    ),
    check('api_keys_daily_limit_positive', sql`${t.dailyCreditLimit} IS NULL OR ${t.dailyCreditLimit} > 0`),
    check('api_keys_name_length', sql`length(${t.name}) BETWEEN 1 AND 60`),
  ],
);

/**
 * Requests per key per hour (UTC hour start), counted by the same statement that counts the key's use
 * (api-key-auth.server.ts), so the admin's "last 24 hours" holds across web processes. That statement also drops
 * the key's rows older than two days when it opens a new hour: a key keeps at most ~48 rows, with no job to run.
 */
export const apiKeyHourlyRequests = pgTable(
  'api_key_hourly_requests',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    hour: timestamptz('hour').notNull(),
    requests: integer('requests').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.hour] }),
    // The admin's figures read the last 24 hours of every key: a range on the hour.
    index('api_key_hourly_requests_hour_idx').on(t.hour),
  ],
);

/**
 * What each key spent, one row per hold it placed (`reference`, the hold's): its daily limit sums today's rows.
 * Written in the create's transaction, so a create that is refused or replayed leaves none.
 */
export const apiKeySpends = pgTable(
  'api_key_spends',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    credits: integer('credits').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.reference] }),
    index('api_key_spends_day_idx').on(t.keyId, t.createdAt),
  ],
);

/**
 * `Idempotency-Key` headers a user sent on creates, with the fingerprint of the request each came with: the same
 * key with another request is refused (409). The create itself is made idempotent by the clientKey derived from
 * the key (ADR 0063), so this table only tells a replay from a different request.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
