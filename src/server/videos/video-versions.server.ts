import type { Queryable } from '#server/jobs/jobs.server';
import type { VideoVersion } from '#shared/video-directing';

/**
 * The versions of one video: walk up from any request to its original, then down to every edit and extension made
 * from it (and every finished copy, ADR 0033), in creation order. Only the owner's requests are read; an unknown or foreign id reads as missing.
 * A chain is bounded by the models' maximum length, so the walk is short.
 */
export async function findVersions(
  db: Queryable,
  userId: string,
  id: string,
): Promise<VideoVersion[] | undefined> {
  const result = await db.query<{
    id: string;
    source_id: string | null;
    kind: VideoVersion['kind'];
    prompt: string;
    status: VideoVersion['status'];
    delivered_seconds: number | null;
    credits_used: number;
    created_at: Date;
  }>(
    `WITH RECURSIVE up AS (
       SELECT id, COALESCE(extends_request_id, edits_request_id, finishes_request_id) AS parent, 0 AS depth
       FROM video_requests WHERE id = $1 AND user_id = $2
       UNION ALL
       SELECT r.id, COALESCE(r.extends_request_id, r.edits_request_id, r.finishes_request_id), up.depth + 1
       FROM video_requests r JOIN up ON r.id = up.parent
       WHERE r.user_id = $2 AND up.depth < 1000
     ), root AS (
       SELECT id FROM up WHERE parent IS NULL OR NOT EXISTS (SELECT 1 FROM up u2 WHERE u2.id = up.parent)
       ORDER BY depth DESC LIMIT 1
     ), down AS (
       SELECT r.id, 0 AS depth FROM video_requests r JOIN root ON r.id = root.id
       UNION ALL
       SELECT r.id, down.depth + 1 FROM video_requests r
       JOIN down ON r.extends_request_id = down.id OR r.edits_request_id = down.id
                 OR r.finishes_request_id = down.id
       WHERE r.user_id = $2 AND down.depth < 1000
     )
     SELECT r.id, COALESCE(r.extends_request_id, r.edits_request_id, r.finishes_request_id) AS source_id,
            CASE WHEN r.film THEN 'film' WHEN r.extends_request_id IS NOT NULL THEN 'extension'
                 WHEN r.edits_request_id IS NOT NULL THEN 'edit'
                 WHEN r.finishes_request_id IS NOT NULL THEN 'finish' ELSE 'original' END AS kind,
            r.prompt, r.status, r.delivered_seconds, r.credits_used, r.created_at
     FROM video_requests r JOIN down ON r.id = down.id
     ORDER BY r.created_at, r.id`,
    [id, userId],
  );
  if (result.rows.length === 0) return undefined;
  return result.rows.map((row) => ({
    id: row.id,
    sourceRequestId: row.source_id,
    kind: row.kind,
    prompt: row.prompt,
    status: row.status,
    deliveredSeconds: row.delivered_seconds,
    creditsUsed: row.credits_used,
    createdAt: row.created_at.toISOString(),
  }));
}
