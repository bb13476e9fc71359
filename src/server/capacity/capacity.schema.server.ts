import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { videoRequests } from '#server/video-requests/video-requests.server';

/**
 * The provider's budget, shared by every web and worker process (ADR 0061). Google counts requests per minute,
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
    /**
     * Requests per minute Cena allows itself: lowered by a 429 that states no limit and points to the rate, climbing
     * back by one per accepted create (ADR 0061).
     */
    learnedRpm: doublePrecision('learned_rpm').notNull(),
    /**
     * Generations in progress Cena allows itself: lowered to the count in progress by a 429 that states no limit and
     * points to concurrency, climbing back by one per that many accepted creates (ADR 0061). Null: never lowered.
     */
    learnedInFlight: doublePrecision('learned_in_flight'),
    /** Google's RetryInfo.retryDelay after a 429: nothing is sent to this project and model before it. */
    backoffUntil: timestamptz('backoff_until'),
    /**
     * The last time a 429 that neither states a limit nor points to a dimension halved the rate: one burst of such
     * refusals halves it once.
     */
    decreasedAt: timestamptz('decreased_at'),
    /**
     * The limits Google stated in its last 429s (`google.rpc.QuotaFailure` `quotaValue`), per dimension: Cena
     * never plans above them. Null: never stated. Read for a day after `quota_seen_at` (a tier may change).
     */
    quotaRpm: integer('quota_rpm'),
    quotaInFlight: integer('quota_in_flight'),
    quotaRpd: integer('quota_rpd'),
    quotaSeenAt: timestamptz('quota_seen_at'),
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
    /** The request whose create this was: its 429 marks this call, not another sent at the same moment. */
    requestId: uuid('request_id'),
    throttled: boolean('throttled').notNull().default(false),
    /** What Google bills for the create, in US cents rounded up (the catalogue's prices); 0 once refused. */
    costCents: integer('cost_cents').notNull().default(0),
    /** Google answered it with an id: the rate it is known to have accepted (a sent call may still be refused). */
    accepted: boolean('accepted').notNull().default(false),
  },
  (t) => [
    index('provider_calls_project_model_at_idx').on(t.project, t.model, t.at),
    // The spend window: a project's billed calls of the last 10 minutes, whatever the model.
    index('provider_calls_project_spend_idx').on(t.project, t.at).where(sql`${t.costCents} > 0`),
    // A 429 marks its own request's call.
    index('provider_calls_request_idx').on(t.requestId),
  ],
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
    /** The create's cost in US cents: a granted slot counts against the spend window until it is sent. */
    costCents: integer('cost_cents').notNull().default(0),
    /** When Google accepted the create: from then the generation is known to be in progress at Google. */
    acceptedAt: timestamptz('accepted_at'),
  },
  (t) => [index('provider_leases_project_model_idx').on(t.project, t.model, t.expiresAt)],
);

/**
 * The worker processes alive now and how many `video-generate` jobs each runs at once, renewed by a heartbeat:
 * the dispatcher never grants more slots than these workers can start (a job waiting in pg-boss for a worker
 * would outlive its lease and go back in line).
 */
export const videoWorkers = pgTable('video_workers', {
  id: uuid('id').primaryKey(),
  slots: integer('slots').notNull(),
  seenAt: timestamptz('seen_at').notNull().defaultNow(),
});
