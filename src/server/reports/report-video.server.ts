import type pg from 'pg';
import { inTransaction } from '#server/kernel/transaction.server';
import { findSharedVideo } from '#server/share/share.server';
import { REPORTS_PER_VISITOR_PER_HOUR, type ReportBody } from '#shared/reports';
import { recordEvent } from './moderation-events.server';

/**
 * A visitor's report of an active share link. The hour's count per visitor is read under a transaction lock on that
 * visitor, so concurrent reports cannot pass the limit (as prompt previews count theirs); a visitor without a
 * trusted address shares one count with every other such visitor, which errs towards refusing.
 */

const HOUR_MS = 3_600_000;

export type ReportOutcome =
  | { kind: 'received'; reportId: string }
  | { kind: 'not_found' }
  | { kind: 'rate_limited'; retryAfterSeconds: number };

export async function reportSharedVideo(
  pool: pg.Pool,
  report: { slug: string; body: ReportBody; visitor: string | null },
  now: Date = new Date(),
): Promise<ReportOutcome> {
  const shared = await findSharedVideo(pool, report.slug);
  if (!shared) return { kind: 'not_found' };
  const visitor = report.visitor ?? 'unknown';
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('content-report:' || $1))", [visitor]);
    const used = await client.query<{ count: string; oldest: Date | null }>(
      `SELECT count(*), min(created_at) AS oldest FROM content_reports
       WHERE reporter_mark = $1 AND created_at > $2`,
      [visitor, new Date(now.getTime() - HOUR_MS)],
    );
    const count = Number(used.rows[0]?.count ?? 0);
    const oldest = used.rows[0]?.oldest;
    if (count >= REPORTS_PER_VISITOR_PER_HOUR && oldest) {
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
      return { kind: 'rate_limited', retryAfterSeconds } as const;
    }
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO content_reports (slug, video_request_id, reason, details, reporter_mark, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [shared.slug, shared.requestId, report.body.reason, report.body.details || null, visitor, now],
    );
    const reportId = inserted.rows[0]?.id ?? '';
    await recordEvent(client, {
      action: 'reported',
      actor: null,
      reportId,
      videoRequestId: shared.requestId,
      detail: report.body.reason,
      at: now,
    });
    return { kind: 'received', reportId } as const;
  });
}
