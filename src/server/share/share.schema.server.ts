import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { videoRequests } from '#server/video-requests/video-requests.server';

/**
 * Public share links of completed videos (ADR 0031). The slug is the only secret: 16 random bytes in base64url, so
 * a guess has one chance in 2^128. A revoked link keeps its row (revoked_at) so the export and support can tell a
 * revoked link from one that never existed; a deleted video takes its links with it (cascade).
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const shareLinks = pgTable(
  'share_links',
  {
    slug: text('slug').primaryKey(),
    videoRequestId: uuid('video_request_id')
      .notNull()
      .references(() => videoRequests.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    // At most one active link per video: "Compartilhar" twice answers the same link, even when raced.
    uniqueIndex('share_links_active_idx').on(t.videoRequestId).where(sql`${t.revokedAt} IS NULL`),
    index('share_links_video_idx').on(t.videoRequestId),
  ],
);
