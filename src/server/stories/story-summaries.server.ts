import type pg from 'pg';
import type { BlobStorage } from '#server/storage/storage.server';
import type { AspectRatio } from '#shared/catalogue';
import type { HistoryStory } from '#shared/history-list';
import type { StoryStatus } from '#shared/stories';
import type { VideoStatus } from '#shared/video-request';
import { storyStatus } from './stories-answers.server';

/**
 * Stories as the lists show them (ADR 0062): `GET /api/stories` and the history's story items read every story in
 * ONE statement, however many there are — its shots counted and summed, each shot's newest take's status (the
 * story's status, `storyStatus`), the latest finish's film and the first shot's current take for a thumbnail, and
 * what the story has spent. Each part is a lookup by an index: stories by `stories_user_created_idx`, shots by
 * `story_shots_story_position_idx`, finishes by `story_finishes_story_idx`, requests by their key or by
 * `video_requests_story_idx` (story-summaries.server.test.ts checks the plan).
 */

export interface StorySummaryRow {
  id: string;
  title: string;
  aspectRatio: AspectRatio;
  createdAt: Date;
  shots: number;
  totalSeconds: number;
  status: StoryStatus;
  /** Credits of the story's requests not refunded (held or captured). */
  creditsUsed: number;
  /** The latest finish's film; null before the first 'Finalizar roteiro'. */
  film: { id: string; status: VideoStatus; thumbnailKey: string | null } | null;
  /** The first shot's current take's thumbnail (the picked take, else the newest). */
  coverThumbnailKey: string | null;
}

interface Read {
  id: string;
  title: string;
  aspect_ratio: AspectRatio;
  created_at: Date;
  shots: number;
  total_seconds: number;
  newest: (string | null)[];
  credits_used: number;
  finish_state: 'finishing' | 'rendering' | 'completed' | 'failed' | null;
  film_id: string | null;
  film_status: VideoStatus | null;
  film_thumbnail_key: string | null;
  cover_thumbnail_key: string | null;
}

/** `$1` the user; `$2` the stories' ids (null: the newest), `$3` how many at most. */
export const STORY_SUMMARIES_SQL = `
  SELECT s.id, s.title, s.aspect_ratio, s.created_at,
         shots.count AS shots, shots.seconds AS total_seconds, shots.newest,
         (SELECT COALESCE(sum(v.credits_used), 0)::int FROM video_requests v
          WHERE v.story_id = s.id AND v.status <> 'failed') AS credits_used,
         f.state AS finish_state, film.id AS film_id, film.status AS film_status,
         film.thumbnail_key AS film_thumbnail_key,
         (SELECT c.thumbnail_key FROM story_shots sh
            JOIN video_requests c ON c.id = COALESCE(sh.picked_take_id, sh.take_ids[cardinality(sh.take_ids)])
          WHERE sh.story_id = s.id ORDER BY sh.position LIMIT 1) AS cover_thumbnail_key
  FROM stories s
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS count, COALESCE(sum(sh.seconds), 0)::int AS seconds,
           COALESCE(array_agg(t.status ORDER BY sh.position) FILTER (WHERE sh.id IS NOT NULL), '{}') AS newest
    FROM story_shots sh LEFT JOIN video_requests t ON t.id = sh.take_ids[cardinality(sh.take_ids)]
    WHERE sh.story_id = s.id
  ) shots
  LEFT JOIN LATERAL (
    SELECT film_request_id, state FROM story_finishes WHERE story_id = s.id ORDER BY created_at DESC LIMIT 1
  ) f ON true
  LEFT JOIN video_requests film ON film.id = f.film_request_id
  WHERE s.user_id = $1 AND ($2::uuid[] IS NULL OR s.id = ANY($2::uuid[]))
  ORDER BY s.created_at DESC LIMIT $3`;

/** The user's stories (`ids`, or the newest `limit`), newest first. */
export async function readStorySummaries(
  pool: pg.Pool,
  userId: string,
  which: { ids: readonly string[] } | { limit: number },
): Promise<StorySummaryRow[]> {
  const ids = 'ids' in which ? which.ids : null;
  if (ids?.length === 0) return [];
  const found = await pool.query<Read>(STORY_SUMMARIES_SQL, [
    userId,
    ids,
    ids ? ids.length : 'limit' in which ? which.limit : 0,
  ]);
  return found.rows.map((row) => ({
    id: row.id,
    title: row.title,
    aspectRatio: row.aspect_ratio,
    createdAt: row.created_at,
    shots: row.shots,
    totalSeconds: row.total_seconds,
    status: storyStatus(row.newest, row.finish_state),
    creditsUsed: row.credits_used,
    film: row.film_id
      ? { id: row.film_id, status: row.film_status ?? 'pending', thumbnailKey: row.film_thumbnail_key }
      : null,
    coverThumbnailKey: row.cover_thumbnail_key,
  }));
}

/**
 * The history's story items (src/shared/history-list.ts), in the same one statement: what the history list
 * (src/server/videos) is given by the composition root, so the videos room does not depend on this one.
 */
export function historyStories(deps: { pool: pg.Pool; storage: BlobStorage; mediaUrlTtlSeconds: number }) {
  const sign = (key: string | null) =>
    key ? deps.storage.signedUrl(key, { ttlSeconds: deps.mediaUrlTtlSeconds }) : Promise.resolve(null);
  return async (userId: string, ids: readonly string[]): Promise<ReadonlyMap<string, HistoryStory>> => {
    const rows = await readStorySummaries(deps.pool, userId, { ids: [...new Set(ids)] });
    const items = await Promise.all(
      rows.map(async (row): Promise<HistoryStory> => {
        const film = row.film && { ...row.film, thumbnailUrl: await sign(row.film.thumbnailKey) };
        return {
          id: row.id,
          title: row.title,
          shots: row.shots,
          totalSeconds: row.totalSeconds,
          status: row.status,
          creditsUsed: row.creditsUsed,
          film: film && { id: film.id, status: film.status, thumbnailUrl: film.thumbnailUrl },
          thumbnailUrl: film?.thumbnailUrl ?? (await sign(row.coverThumbnailKey)),
        };
      }),
    );
    return new Map(items.map((item) => [item.id, item]));
  };
}
