import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';
import { videoRequests } from '#server/video-requests/video-requests.server';
import { CONTEST_DECISIONS, REPORT_DECISIONS, REPORT_REASONS } from '#shared/reports';

/**
 * Reports of share links, takedowns and their audit log (ADR 0066). A report outlives its video (the owner may
 * delete it: the reference goes null, the slug and the reason stay) so the audit can say what was reported.
 * The reporter is kept only as a keyed hash of their address block (the rate limit's unit), never the address.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const contentReports = pgTable(
  'content_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    videoRequestId: uuid('video_request_id').references(() => videoRequests.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    /** HMAC of the reporter's address block (the per-visitor limit), null when no address could be trusted. */
    reporterMark: text('reporter_mark'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    decision: text('decision', { enum: REPORT_DECISIONS }),
    decidedAt: timestamptz('decided_at'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('content_reports_reason_valid', sql`${t.reason} IN (${inList(REPORT_REASONS)})`),
    check(
      'content_reports_decision_valid',
      sql`${t.decision} IS NULL OR ${t.decision} IN (${inList(REPORT_DECISIONS)})`,
    ),
    check('content_reports_decided_together', sql`(${t.decision} IS NULL) = (${t.decidedAt} IS NULL)`),
    // The admin queue: open reports, oldest first.
    index('content_reports_open_idx').on(t.createdAt).where(sql`${t.decision} IS NULL`),
    index('content_reports_video_idx').on(t.videoRequestId),
    // The per-visitor count of the last hour.
    index('content_reports_mark_idx').on(t.reporterMark, t.createdAt),
  ],
);

/**
 * A video taken down: its links revoked and its media withheld from every URL (page, slug media, signed URLs) while
 * `lifted_at` is null. One per video while in force; the owner may contest it once (`contested_at`).
 */
export const takedowns = pgTable(
  'takedowns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoRequestId: uuid('video_request_id').references(() => videoRequests.id, { onDelete: 'set null' }),
    reportId: uuid('report_id')
      .notNull()
      .references(() => contentReports.id),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    ownerMailedAt: timestamptz('owner_mailed_at'),
    contestedAt: timestamptz('contested_at'),
    contestText: text('contest_text'),
    contestDecision: text('contest_decision', { enum: CONTEST_DECISIONS }),
    contestDecidedAt: timestamptz('contest_decided_at'),
    liftedAt: timestamptz('lifted_at'),
  },
  (t) => [
    check('takedowns_reason_valid', sql`${t.reason} IN (${inList(REPORT_REASONS)})`),
    check('takedowns_contest_together', sql`(${t.contestedAt} IS NULL) = (${t.contestText} IS NULL)`),
    uniqueIndex('takedowns_in_force_idx').on(t.videoRequestId).where(sql`${t.liftedAt} IS NULL`),
  ],
);

/**
 * Every video a takedown covers: the reported one and what was made from it and still shows it — its extensions,
 * edits, continuity shots and the films that include it, followed to the end (ADR 0066, "Derivations"). Written
 * with the takedown; every check of a video's takedown (its media, a new share link) reads this table.
 */
export const takedownVideos = pgTable(
  'takedown_videos',
  {
    takedownId: uuid('takedown_id')
      .notNull()
      .references(() => takedowns.id, { onDelete: 'cascade' }),
    videoRequestId: uuid('video_request_id')
      .notNull()
      .references(() => videoRequests.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.takedownId, t.videoRequestId] }),
    index('takedown_videos_video_idx').on(t.videoRequestId),
  ],
);

/** What happened, who did it, when and why: append-only (ADR 0066). `actor` is null for a visitor. */
export const moderationEvents = pgTable(
  'moderation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamptz('at').notNull().defaultNow(),
    action: text('action').notNull(),
    actor: text('actor'),
    reportId: uuid('report_id'),
    takedownId: uuid('takedown_id'),
    videoRequestId: uuid('video_request_id'),
    detail: text('detail'),
  },
  (t) => [index('moderation_events_at_idx').on(t.at)],
);
