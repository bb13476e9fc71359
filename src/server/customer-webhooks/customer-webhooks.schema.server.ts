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

/**
 * Webhooks to the customer's systems (ADR 0064). An account's endpoints; the events that happened to it; one
 * delivery per event and endpoint; one attempt row per try. Everything goes with the user row (LGPD erasure).
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const customerWebhookEndpoints = pgTable(
  'customer_webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /**
     * The `whsec_` signing secret, sealed with AES-256-GCM under a key derived from BETTER_AUTH_SECRET
     * (webhook-secret.server.ts): signing needs the secret itself, so it cannot be a hash; a database copy alone
     * does not give it away.
     */
    sealedSecret: text('sealed_secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Failed attempts in a row, over every delivery; a 2xx resets it. */
    failureStreak: integer('failure_streak').notNull().default(0),
    disabledAt: timestamptz('disabled_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('customer_webhook_endpoints_user_idx').on(t.userId)],
);

export const customerWebhookEvents = pgTable(
  'customer_webhook_events',
  {
    /** The `webhook-id` (`msg_…`): the receiver's idempotency key, the same on every attempt. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** What the event is about (a video request's id); one event per type and subject. */
    subjectId: text('subject_id'),
    /** The payload's `data` when it is stored (credits.low, story.completed); a video's is read when sent. */
    data: jsonb('data'),
    /** Credits given back by a failed video's refund (video.failed). */
    refundedCredits: integer('refunded_credits'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('customer_webhook_events_subject_key').on(t.type, t.subjectId),
    index('customer_webhook_events_user_idx').on(t.userId),
  ],
);

export const customerWebhookDeliveries = pgTable(
  'customer_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => customerWebhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => customerWebhookEvents.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** Where the 24-hour retry schedule counts from: the first attempt, or the latest 'reenviar'. */
    scheduleStartedAt: timestamptz('schedule_started_at').notNull().defaultNow(),
    /** Tries made since `scheduleStartedAt`. */
    scheduledAttempts: integer('scheduled_attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastResponseCode: integer('last_response_code'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('customer_webhook_deliveries_status_check', sql`${t.status} IN ('pending', 'delivered', 'failed')`),
    unique('customer_webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    index('customer_webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    // The admin's figures count the last 24 hours' deliveries of every endpoint: a range on the creation time.
    index('customer_webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

export const customerWebhookAttempts = pgTable(
  'customer_webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => customerWebhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull(),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms').notNull(),
    ok: boolean('ok').notNull(),
    error: text('error'),
  },
  (t) => [
    index('customer_webhook_attempts_delivery_idx').on(t.deliveryId, t.at),
    // The metrics' failures of the last hour read this range only.
    index('customer_webhook_attempts_at_idx').on(t.at),
  ],
);
