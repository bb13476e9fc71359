import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { videoRequests } from '#server/video-requests/video-requests.server';
import type { CaptionCue } from '#shared/captions';

/**
 * A completed video's captions (ADR 0039): one row per video, made by the first 'Legendas' (so a double click
 * starts one job), holding the cues as JSON — they are only ever read and written whole, with the video — and the
 * burned-in MP4 of the latest revision. A deleted video takes its captions with it (cascade); the MP4's key is the
 * video's `mediaKeys(…).captioned`, which account deletion removes with the video's other files.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const videoCaptions = pgTable(
  'video_captions',
  {
    videoRequestId: uuid('video_request_id')
      .primaryKey()
      .references(() => videoRequests.id, { onDelete: 'cascade' }),
    /** `transcribing` | `ready` | `no_speech` | `failed` (src/shared/captions.ts). */
    status: text('status').notNull().default('transcribing'),
    cues: jsonb('cues').$type<CaptionCue[]>().notNull().default([]),
    /** The Gemini model's id, or `local`; null until transcribed. */
    transcribedBy: text('transcribed_by'),
    /** 0 as transcribed; each saved correction adds one. */
    revision: integer('revision').notNull().default(0),
    /** `rendering` | `ready` | `failed`; null while there are no cues to burn. */
    burnStatus: text('burn_status'),
    /** The revision the stored burned-in MP4 shows; null before the first render. */
    burnedRevision: integer('burned_revision'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'video_captions_status_known',
      sql`${t.status} IN ('transcribing', 'ready', 'no_speech', 'failed')`,
    ),
    check(
      'video_captions_burn_status_known',
      sql`${t.burnStatus} IS NULL OR ${t.burnStatus} IN ('rendering', 'ready', 'failed')`,
    ),
  ],
);
