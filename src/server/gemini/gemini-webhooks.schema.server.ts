import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Deliveries of Google's webhooks already received, by their `webhook-id` (Standard Webhooks: the same id on every
 * delivery of one event). The insert is the de-duplication: a second delivery of an id finds its row and changes
 * nothing.
 */
export const geminiWebhookEvents = pgTable('gemini_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The interaction or operation the event is about (`data.id`); null for events about neither. */
  resourceId: text('resource_id'),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});
