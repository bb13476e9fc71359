import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';
import { videoRequests } from '#server/video-requests/video-requests.server';

/**
 * Notification preferences and the record of e-mails sent (docs/history-contract.md). A user without a `user_settings` row has the
 * defaults (notifications on). `notifications_sent` makes the "your video is ready/failed" e-mail go out once per
 * request and kind: the job inserts the row (ON CONFLICT DO NOTHING) before sending, so a second run finds it.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  notifyOnVideoReady: boolean('notify_on_video_ready').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const notificationsSent = pgTable(
  'notifications_sent',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => videoRequests.id, { onDelete: 'cascade' }),
    /**
     * 'video_completed' | 'video_failed', or 'variations_finished' keyed by a submit's first request (ADR 0028);
     * 'push' for the submit's Web Push notification, keyed the same way (ADR 0038).
     */
    kind: text('kind').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notifications_sent_pkey', columns: [t.requestId, t.kind] })],
);
