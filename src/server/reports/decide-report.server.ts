import type pg from 'pg';
import { inTransaction } from '#server/kernel/transaction.server';
import type { BlobStorage } from '#server/storage/storage.server';
import type { ReportDecision, ReportReason } from '#shared/reports';
import { coveredVideos } from './derivations.server';
import { recordEvent } from './moderation-events.server';
import { matchMediaToTakedowns } from './withhold-media.server';

/**
 * An admin's decision on an open report (ADR 0066). Dismissing closes that report alone. Taking down closes every
 * open report of the video, revokes the share links of the video and of what was made from it (derivations.server.ts),
 * records the takedown and the videos it covers, and moves their files to withheld keys (ADR 0070), in one
 * transaction: from its commit on, every process's next read of the page, the slug's media or a signed media URL
 * finds the takedown (media-withheld.server.ts) — no cache to wait for — and an S3 URL handed out earlier finds no
 * object. The owner's e-mail goes after the commit (takedown-mail).
 */

export type DecideOutcome =
  | { kind: 'decided'; reportsClosed: number; takedown: { id: string; videoRequestId: string } | null }
  | { kind: 'not_found' }
  | { kind: 'already_decided' }
  | { kind: 'video_gone' };

interface ReportRow {
  id: string;
  reason: ReportReason;
  decision: string | null;
  videoRequestId: string | null;
}

export async function decideReport(
  pool: pg.Pool,
  storage: BlobStorage,
  input: { reportId: string; adminId: string; decision: ReportDecision; note: string | null },
  now: Date = new Date(),
): Promise<DecideOutcome> {
  return inTransaction(pool, async (client) => {
    const found = await client.query<ReportRow>(
      `SELECT id, reason, decision, video_request_id AS "videoRequestId" FROM content_reports
       WHERE id = $1 FOR UPDATE`,
      [input.reportId],
    );
    const report = found.rows[0];
    if (!report) return { kind: 'not_found' } as const;
    if (report.decision) return { kind: 'already_decided' } as const;
    if (input.decision === 'dismiss') {
      await closeReports(client, 'id = $1', [report.id], input, now);
      await recordEvent(client, {
        action: 'dismissed',
        actor: input.adminId,
        reportId: report.id,
        videoRequestId: report.videoRequestId,
        detail: input.note,
        at: now,
      });
      return { kind: 'decided', reportsClosed: 1, takedown: null } as const;
    }
    if (!report.videoRequestId) return { kind: 'video_gone' } as const;
    return takeDown(client, storage, { ...report, videoRequestId: report.videoRequestId }, input, now);
  });
}

async function closeReports(
  client: pg.PoolClient,
  where: string,
  values: unknown[],
  input: { adminId: string; decision: ReportDecision },
  now: Date,
): Promise<number> {
  const closed = await client.query(
    `UPDATE content_reports SET decision = $${values.length + 1}, decided_at = $${values.length + 2},
       decided_by = $${values.length + 3}
     WHERE decision IS NULL AND ${where}`,
    [...values, input.decision, now, input.adminId],
  );
  return closed.rowCount ?? 0;
}

async function takeDown(
  client: pg.PoolClient,
  storage: BlobStorage,
  report: ReportRow & { videoRequestId: string },
  input: { adminId: string; note: string | null; decision: ReportDecision },
  now: Date,
): Promise<DecideOutcome> {
  const reportsClosed = await closeReports(
    client,
    'video_request_id = $1',
    [report.videoRequestId],
    input,
    now,
  );
  const covered = await coveredVideos(client, report.videoRequestId);
  await client.query(
    'UPDATE share_links SET revoked_at = $2 WHERE video_request_id = ANY($1::uuid[]) AND revoked_at IS NULL',
    [covered, now],
  );
  // A takedown already in force (two admins, two reports of one video) is the one the owner hears of.
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO takedowns (video_request_id, report_id, reason, note, decided_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (video_request_id) WHERE lifted_at IS NULL DO NOTHING RETURNING id`,
    [report.videoRequestId, report.id, report.reason, input.note, input.adminId, now],
  );
  const takedownId = inserted.rows[0]?.id ?? null;
  if (takedownId) {
    await client.query(
      'INSERT INTO takedown_videos (takedown_id, video_request_id) SELECT $1, unnest($2::uuid[])',
      [takedownId, covered],
    );
    await matchMediaToTakedowns(client, storage, covered);
  }
  await recordEvent(client, {
    action: 'taken_down',
    actor: input.adminId,
    reportId: report.id,
    takedownId,
    videoRequestId: report.videoRequestId,
    detail: input.note ? `${report.reason}: ${input.note}` : report.reason,
    at: now,
  });
  return {
    kind: 'decided',
    reportsClosed,
    takedown: takedownId ? { id: takedownId, videoRequestId: report.videoRequestId } : null,
  };
}
