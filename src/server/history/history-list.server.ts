import type { BlobStorage } from '#server/storage/storage.server';
import {
  columnList,
  shownKeys,
  type VideoRequestRow,
  type VideoRequestShape,
} from '#server/video-requests/video-requests.server';
import type { HistoryStory, VideoRequestListItem } from '#shared/history-list';
import type { QueuePlace } from '#shared/video-queue';

/**
 * A row of the history list and of the dashboard's recent activity (docs/history-contract.md), read by the
 * queries of history.server.ts: the shape's columns shown in the list, and what the list derives from the row.
 */

/** Only what a list row needs (no structured prompt, no provider details). */
export function listColumns(shape: VideoRequestShape): string {
  return `${columnList(shape.table, [...shownKeys(shape, 'list'), 'createdAt', 'completedAt', 'thumbnailKey'])},
  CASE WHEN film THEN 'film' WHEN extends_request_id IS NOT NULL THEN 'extension'
       WHEN edits_request_id IS NOT NULL THEN 'edit' WHEN finishes_request_id IS NOT NULL THEN 'finish'
       ELSE 'original' END AS kind,
  COALESCE(extends_request_id, edits_request_id, finishes_request_id) AS "sourceRequestId", story_id AS "storyId",
  CASE WHEN cardinality(variation_ids) > 1 THEN json_build_object(
    'groupId', variation_ids[1], 'index', array_position(variation_ids, id), 'count', cardinality(variation_ids),
    'kept', kept_variation_id IS NOT DISTINCT FROM id)
  END AS variation`;
}

/** A list row as read: the list item's fields, with the row's dates and thumbnail key not yet turned into text. */
export type ListRow = Omit<
  VideoRequestListItem,
  'createdAt' | 'completedAt' | 'thumbnailUrl' | 'queue' | 'story'
> &
  Pick<VideoRequestRow, 'createdAt' | 'completedAt' | 'thumbnailKey' | 'storyId'>;

export async function toListItems(
  rows: ListRow[],
  storage: BlobStorage,
  ttlSeconds: number,
  /** The places in line of the waiting requests among the rows (capacity/fair-queue.server.ts). */
  queuePlaces?: ReadonlyMap<string, QueuePlace>,
  /** The stories the rows stand for, by id (the history list's; none elsewhere). */
  stories?: ReadonlyMap<string, HistoryStory>,
): Promise<VideoRequestListItem[]> {
  return Promise.all(
    rows.map(async ({ thumbnailKey, createdAt, completedAt, storyId, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      completedAt: completedAt?.toISOString() ?? null,
      thumbnailUrl: thumbnailKey ? await storage.signedUrl(thumbnailKey, { ttlSeconds }) : null,
      queue: queuePlaces?.get(row.id) ?? null,
      story: (storyId && stories?.get(storyId)) || null,
    })),
  );
}
