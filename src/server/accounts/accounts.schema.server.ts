import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Accounts: the tables Better Auth reads and writes through its drizzle adapter, plus our `user_roles`.
 *
 * Property names are the field names Better Auth uses (the adapter addresses columns by property), SQL names are
 * snake_case. Better Auth checks this schema against its configuration at start-up (a missing column or a
 * required column it never writes fails loudly), so the two cannot drift silently.
 */

import { DEFAULT_LANGUAGE, DEFAULT_TIME_ZONE, LANGUAGES } from '#shared/accounts';

export {
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  LANGUAGES,
  type Language,
  TIME_ZONES,
  type TimeZone,
} from '#shared/accounts';

export const ROLES = ['admin'] as const;
export type Role = (typeof ROLES)[number];

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    language: text('language', { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    timezone: text('timezone').notNull().default(DEFAULT_TIME_ZONE),
    /**
     * Asked at sign-up (YYYY-MM-DD), refused under 18 (ADR 0066); null for accounts made before the rule and for
     * Google sign-ups, which have not given it.
     */
    birthDate: date('birth_date', { mode: 'string' }),
  },
  (t) => [
    check('user_language_valid', sql`${t.language} IN ('pt', 'en')`),
    check('user_name_length', sql`length(${t.name}) <= 200`),
    // Admin: new signups per day, and the search of accounts by the start of their e-mail.
    index('user_created_idx').on(t.createdAt),
    index('user_email_prefix_idx').on(t.email.op('text_pattern_ops')),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    /** The argon2id hash, for the `credential` provider only. */
    password: text('password'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

/** Short-lived values: password-reset tokens, two-factor challenges, OAuth state. */
export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    /** Encrypted with the auth secret. */
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId)],
);

/** Better Auth's rate-limit counters, in the database so every web process shares them. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  /** Epoch milliseconds. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_roles_user_id_role_pk', columns: [t.userId, t.role] }),
    check('user_roles_role_valid', sql`${t.role} IN ('admin')`),
  ],
);

/** The tables handed to Better Auth's drizzle adapter, keyed by its model names. */
export const authSchema = { user, session, account, verification, twoFactor, rateLimit };
