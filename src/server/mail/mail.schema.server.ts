import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Local mode's outbox: without SMTP, e-mails are stored here instead of sent, and shown at /dev/mailbox. A table
 * rather than memory so a message sent by any process (web or worker) shows up in every web process.
 */
export const devMailOutbox = pgTable(
  'dev_mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('dev_mail_outbox_sent_idx').on(t.sentAt.desc())],
);
