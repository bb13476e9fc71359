import type pg from 'pg';
import type { BlobStorage } from '#server/storage/storage.server';
import type { OpenReport, ReportQueue, ReportReason } from '#shared/reports';

/**
 * The admin's queue (ADR 0066): open reports oldest first, each with its video (signed URLs for the player) and its
 * prompt; open contests; and the panel's figures — open reports now and the median minutes from report to decision
 * over the last 30 days.
 */

const QUEUE_LIMIT = 100;

interface OpenRow {
  id: string;
  reason: ReportReason;
  details: string | null;
  createdAt: Date;
  slug: string;
  requestId: string | null;
  prompt: string | null;
  aspectRatio: string | null;
  videoKey: string | null;
  thumbnailKey: string | null;
  openOfVideo: number;
}

async function openReports(pool: pg.Pool, storage: BlobStorage, ttlSeconds: number): Promise<OpenReport[]> {
  const found = await pool.query<OpenRow>(
    `SELECT r.id, r.reason, r.details, r.created_at AS "createdAt", r.slug, v.id AS "requestId", v.prompt,
            v.aspect_ratio AS "aspectRatio", v.video_key AS "videoKey", v.thumbnail_key AS "thumbnailKey",
            (SELECT count(*)::int FROM content_reports o
             WHERE o.decision IS NULL AND o.video_request_id = r.video_request_id) AS "openOfVideo"
     FROM content_reports r LEFT JOIN video_requests v ON v.id = r.video_request_id
     WHERE r.decision IS NULL ORDER BY r.created_at LIMIT $1`,
    [QUEUE_LIMIT],
  );
  const sign = await storage.urlSigner({ ttlSeconds });
  return found.rows.map((row) => ({
    id: row.id,
    reason: row.reason,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    slug: row.slug,
    video:
      row.requestId && row.videoKey
        ? {
            requestId: row.requestId,
            prompt: row.prompt ?? '',
            aspectRatio: row.aspectRatio ?? '16:9',
            videoUrl: sign(row.videoKey),
            posterUrl: row.thumbnailKey ? sign(row.thumbnailKey) : null,
          }
        : null,
    openReportsOfVideo: row.requestId ? row.openOfVideo : 1,
  }));
}

export async function reportQueue(
  pool: pg.Pool,
  storage: BlobStorage,
  ttlSeconds: number,
): Promise<ReportQueue> {
  const [reports, contests, figures] = await Promise.all([
    openReports(pool, storage, ttlSeconds),
    pool.query<{
      takedownId: string;
      requestId: string | null;
      reason: ReportReason;
      takenDownAt: Date;
      contestedAt: Date;
      text: string;
    }>(
      `SELECT id AS "takedownId", video_request_id AS "requestId", reason, created_at AS "takenDownAt",
              contested_at AS "contestedAt", contest_text AS text
       FROM takedowns WHERE contested_at IS NOT NULL AND contest_decision IS NULL AND lifted_at IS NULL
       ORDER BY contested_at LIMIT $1`,
      [QUEUE_LIMIT],
    ),
    pool.query<{ open: number; decided: number; median: number | null }>(
      `SELECT (SELECT count(*)::int FROM content_reports WHERE decision IS NULL) AS open,
              count(*)::int AS decided,
              (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - created_at)) / 60)::float8
                AS median
       FROM content_reports WHERE decided_at > now() - interval '30 days'`,
    ),
  ]);
  const summary = figures.rows[0];
  return {
    reports,
    contests: contests.rows.map((row) => ({
      ...row,
      takenDownAt: row.takenDownAt.toISOString(),
      contestedAt: row.contestedAt.toISOString(),
    })),
    summary: {
      openReports: summary?.open ?? 0,
      decidedLast30Days: summary?.decided ?? 0,
      medianMinutesToDecision:
        summary?.median === null || summary?.median === undefined
          ? null
          : Math.round(summary.median * 10) / 10,
    },
  };
}
