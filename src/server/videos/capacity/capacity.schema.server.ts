import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { videoRequests } from '../videos.schema.server';

/**
 * The provider's budget, shared by every web and worker process (ADR 0013). Google counts requests per minute,
 * per day and generations in progress per project and model; these tables are Cena's own count of the same, so no
 * process-local counter decides what is sent.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What Cena has learned of one project's limit for one model: the rate it uses now, and when it may send again. */
export const providerBudgets = pgTable(
  'provider_budgets',
  {
    project: text('project').notNull(),
    model: text('model').notNull(),
    /** Requests per minute Cena allows itself: halved by a 429, climbing back slowly with successes. */
    learnedRpm: doublePrecision('learned_rpm').notNull(),
    /** Google's RetryInfo.retryDelay after a 429: nothing is sent to this project and model before it. */
    backoffUntil: timestamptz('backoff_until'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.project, t.model] })],
);

/** Every create sent to the provider (and whether Google refused it with a 429): the per-minute and per-day counts. */
export const providerCalls = pgTable(
  'provider_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project: text('project').notNull(),
    model: text('model').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    throttled: boolean('throttled').notNull().default(false),
  },
  (t) => [index('provider_calls_project_model_at_idx').on(t.project, t.model, t.at)],
);

/**
 * A generation in progress at the provider, held by its request. A lease, not a counter: the worker that polls it
 * renews it, so a worker killed mid-run cannot leak the slot — it lapses at `expires_at` unless a retried job
 * picks the generation up again.
 */
export const providerLeases = pgTable(
  'provider_leases',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => videoRequests.id, { onDelete: 'cascade' }),
    project: text('project').notNull(),
    model: text('model').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /**
     * When the create went out (null between the grant and the send): a granted slot counts against the minute's
     * rate from its grant, and its call from the moment it is really sent, as Google counts it.
     */
    sentAt: timestamptz('sent_at'),
  },
  (t) => [index('provider_leases_project_model_idx').on(t.project, t.model, t.expiresAt)],
);
