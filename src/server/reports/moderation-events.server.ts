import type { Queryable } from '#server/jobs/jobs.server';

/**
 * The audit log of reports and takedowns (ADR 0066): one row per act, who (`actor`, null for a visitor), when, what
 * (`action`, and the report, takedown and video it touched) and why (`detail`: the reason code or the admin's note).
 * Written in the transaction of the act it records, never updated.
 */
export type ModerationAction =
  | 'reported'
  | 'dismissed'
  | 'taken_down'
  | 'owner_mailed'
  | 'contested'
  | 'restored'
  | 'upheld';

export async function recordEvent(
  db: Queryable,
  event: {
    action: ModerationAction;
    actor: string | null;
    reportId?: string | null;
    takedownId?: string | null;
    videoRequestId?: string | null;
    detail?: string | null;
    at?: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO moderation_events (action, actor, report_id, takedown_id, video_request_id, detail, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      event.action,
      event.actor,
      event.reportId ?? null,
      event.takedownId ?? null,
      event.videoRequestId ?? null,
      event.detail ?? null,
      event.at ?? new Date(),
    ],
  );
}
