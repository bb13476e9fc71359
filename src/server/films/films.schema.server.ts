import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { videoRequests } from '#server/video-requests/video-requests.server';

/**
 * The scenes of a film (ADR 0014): the film itself is a `video_requests` row with `film = true`, so history,
 * detail, download, export and extension treat it as any video. Each scene names the video it was cut from and
 * the part kept; deleting the film deletes its scenes, deleting a scene's video leaves the film as rendered.
 */
export const filmScenes = pgTable(
  'film_scenes',
  {
    filmId: uuid('film_id')
      .notNull()
      .references(() => videoRequests.id, { onDelete: 'cascade' }),
    /** From 1, in the film's order. */
    position: integer('position').notNull(),
    sourceRequestId: uuid('source_request_id').references(() => videoRequests.id, { onDelete: 'set null' }),
    startSeconds: doublePrecision('start_seconds').notNull(),
    endSeconds: doublePrecision('end_seconds').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.filmId, t.position] }),
    check('film_scenes_position_positive', sql`${t.position} >= 1`),
    check('film_scenes_trim_valid', sql`${t.startSeconds} >= 0 AND ${t.endSeconds} > ${t.startSeconds}`),
    // Deleting a video (account deletion) sets its scenes' link to null without a scan.
    index('film_scenes_source_idx').on(t.sourceRequestId).where(sql`${t.sourceRequestId} IS NOT NULL`),
  ],
);
