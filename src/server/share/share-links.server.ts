import { randomBytes } from 'node:crypto';
import type { Queryable } from '#server/jobs/jobs.server';

/**
 * Share links' rows (ADR 0031): made by the owner of a completed video, revoked by them, read by anyone who has the
 * slug. A link is *active* while it is not revoked, its video is completed, and its owner has not asked to delete
 * the account: the read checks all three in one statement, so revoking, deleting the video (its row cascades) or
 * closing the account (account_deletions is written in the same transaction that signs the owner out) answers 404
 * from the next request on.
 */

/** 16 random bytes: 128 bits, 22 base64url characters. */
const SLUG_BYTES = 16;
const SLUG = /^[A-Za-z0-9_-]{22}$/;

const newSlug = () => randomBytes(SLUG_BYTES).toString('base64url');

/** Anything that is not a slug Cena could have made is answered 404 without a query. */
const isSlug = (slug: string) => SLUG.test(slug);

export interface SharedVideo {
  slug: string;
  requestId: string;
  prompt: string;
  aspectRatio: string;
  videoKey: string;
  thumbnailKey: string | null;
  /** The delivered frame, "1080x1920": the Open Graph tags' sizes. */
  resolution: string | null;
}

/** What is shared of a request that its owner may share: a completed request with its file. */
type ShareableOutcome = 'ok' | 'not_found' | 'not_completed' | 'taken_down';

export async function shareableState(
  db: Queryable,
  userId: string,
  requestId: string,
): Promise<ShareableOutcome> {
  // A video a takedown in force covers (reports room, ADR 0066: the reported one or one made from it) cannot be
  // shared again.
  const found = await db.query<{ status: string; video_key: string | null; taken_down: boolean }>(
    `SELECT status, video_key,
            EXISTS (SELECT 1 FROM takedown_videos tv JOIN takedowns t ON t.id = tv.takedown_id
                    WHERE tv.video_request_id = v.id AND t.lifted_at IS NULL) AS taken_down
     FROM video_requests v WHERE id = $1 AND user_id = $2`,
    [requestId, userId],
  );
  const row = found.rows[0];
  if (!row) return 'not_found';
  if (row.taken_down) return 'taken_down';
  return row.status === 'completed' && row.video_key ? 'ok' : 'not_completed';
}

/**
 * The active link of a request, made if it has none. The partial unique index keeps one active link per request, so
 * two concurrent clicks insert one row and both answer it.
 */
export async function activeSlugFor(db: Queryable, requestId: string): Promise<string> {
  const inserted = await db.query<{ slug: string }>(
    `INSERT INTO share_links (slug, video_request_id) VALUES ($1, $2)
     ON CONFLICT (video_request_id) WHERE revoked_at IS NULL DO NOTHING RETURNING slug`,
    [newSlug(), requestId],
  );
  if (inserted.rows[0]) return inserted.rows[0].slug;
  const existing = await db.query<{ slug: string }>(
    'SELECT slug FROM share_links WHERE video_request_id = $1 AND revoked_at IS NULL',
    [requestId],
  );
  const slug = existing.rows[0]?.slug;
  // Revoked between the two statements: make a new one.
  return slug ?? activeSlugFor(db, requestId);
}

/** Revokes the request's active link, if its owner has one; false when there was none. */
export async function revokeShareLink(db: Queryable, userId: string, requestId: string): Promise<boolean> {
  const revoked = await db.query(
    `UPDATE share_links s SET revoked_at = now()
     FROM video_requests v
     WHERE s.video_request_id = v.id AND v.id = $1 AND v.user_id = $2 AND s.revoked_at IS NULL`,
    [requestId, userId],
  );
  return (revoked.rowCount ?? 0) > 0;
}

/** The video behind an active slug, or undefined (unknown, revoked, video gone or not completed, account closed). */
export async function findSharedVideo(db: Queryable, slug: string): Promise<SharedVideo | undefined> {
  if (!isSlug(slug)) return undefined;
  const found = await db.query<SharedVideo>(
    `SELECT s.slug, v.id AS "requestId", v.prompt, v.aspect_ratio AS "aspectRatio", v.video_key AS "videoKey",
            v.thumbnail_key AS "thumbnailKey", v.resolution
     FROM share_links s
     JOIN video_requests v ON v.id = s.video_request_id
     WHERE s.slug = $1 AND s.revoked_at IS NULL AND v.status = 'completed' AND v.video_key IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.user_id = v.user_id)`,
    [slug],
  );
  return found.rows[0];
}
