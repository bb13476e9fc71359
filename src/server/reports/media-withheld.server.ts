import type { Queryable } from '#server/jobs/jobs.server';

/**
 * Whether a storage key is the file of a video a takedown in force covers (ADR 0066: the reported video or one made
 * from it). Every file of a video request lives under
 * `{userId}/videos/{requestId}/` (media/rendering.server.ts `mediaKeys`), so the request is read off the key and
 * one indexed read of `takedowns` answers; keys elsewhere (cast images, exports) are never withheld and cost no
 * query. Called where a signed media URL is redeemed, on every request: a takedown committed by any process is
 * seen by the next redemption on every process.
 */

const VIDEO_KEY = /^[^/]+\/videos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i;

export async function mediaWithheld(db: Queryable, key: string): Promise<boolean> {
  const requestId = VIDEO_KEY.exec(key)?.[1];
  if (!requestId) return false;
  const found = await db.query(
    `SELECT 1 FROM takedown_videos tv JOIN takedowns t ON t.id = tv.takedown_id
     WHERE tv.video_request_id = $1 AND t.lifted_at IS NULL LIMIT 1`,
    [requestId],
  );
  return (found.rowCount ?? 0) > 0;
}
