import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';
import { videoRequests } from '#server/video-requests/video-requests.server';
import type { TakeProblem } from '#shared/take-check';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The take guarantee's checks (take-guarantee.server.ts): one row per checked take of a request — take 1 the
 * first delivery, take 2 the free re-roll. A run that checks the same take again (a retried job) overwrites it.
 */
export const takeChecks = pgTable(
  'take_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => videoRequests.id, { onDelete: 'cascade' }),
    take: integer('take').notNull(),
    passed: boolean('passed').notNull(),
    problems: jsonb('problems').$type<TakeProblem[]>().notNull(),
    /** The text model's answer (with its reasons) when it judged the take; null when it did not. */
    modelVerdict: jsonb('model_verdict'),
    checkedAt: timestamptz('checked_at').notNull().defaultNow(),
  },
  (t) => [
    unique('take_checks_request_take_unique').on(t.requestId, t.take),
    check('take_checks_take_valid', sql`${t.take} IN (1, 2)`),
    // The admin panel's figures over the last days.
    index('take_checks_checked_idx').on(t.checkedAt.desc()),
  ],
);

/**
 * Prompt previews asked (`POST /api/videos/prompt-preview`): free, so counted per user per hour from these rows
 * (the limit holds across every web process). Rows older than a day are of no use and are pruned on insert.
 */
export const promptPreviews = pgTable(
  'prompt_previews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    builtBy: text('built_by').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('prompt_previews_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Generations Google still stores that no request names any more (video-providers/provider-leftovers.server.ts): the
 * interaction of a take the take guarantee replaced, or one whose answer came back after its request was settled
 * (an account deleted while the create was in flight). Each row lives until Google confirms the deletion; the LGPD
 * export lists them, erasure and every worker start try again. No foreign keys: the request, even the user, may be
 * gone first.
 */
export const providerLeftovers = pgTable(
  'provider_leftovers',
  {
    operationName: text('operation_name').primaryKey(),
    userId: text('user_id').notNull(),
    requestId: uuid('request_id'),
    /** The project (its key) that made it: only that key can delete it. */
    providerProject: text('provider_project'),
    reason: text('reason').notNull(),
    /** When its create was sent: Google's retention counts from there. */
    sentAt: timestamptz('sent_at').notNull(),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    check('provider_leftovers_reason_valid', sql`${t.reason} IN ('replaced_take', 'abandoned')`),
    index('provider_leftovers_user_idx').on(t.userId),
  ],
);
