import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';

/**
 * One browser's Web Push subscription (ADR 0032, ADR 0038): the push service's endpoint (RFC 8030 §4: the URL the
 * message is POSTed to, unique per subscription and itself a capability) and the keys its messages are encrypted
 * to (RFC 8291 §3: the browser's P-256 public key and its 16-byte authentication secret, base64url as the browser's
 * `PushSubscription.toJSON()` gives them). An endpoint belongs to the account that stored it until that account
 * removes it, as signing out does (ADR 0048).
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
