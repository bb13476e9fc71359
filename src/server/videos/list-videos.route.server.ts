import { listHistory, sessionTimeZone, toListItems } from '#server/history/history.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { HISTORY_PAGE_SIZE } from '#shared/history-filters';
import type { HistoryPage } from '#shared/history-list';
import type { videosContract } from '#shared/videos.contract';
import type { VideosDeps } from './video-answers.server';

/**
 * `GET /api/videos` → HistoryPage (+ `totalCapped` when counting stopped at its cap): the 'Histórico' page's list
 * of the user's video requests, filtered (docs/history-contract.md; the query is the history's), a story listed as
 * one item with its shots (ADR 0062).
 */
export const listVideosRoute =
  ({
    pool,
    queue,
    storage,
    mediaUrlTtlSeconds,
    storiesOf,
  }: VideosDeps): OperationHandler<typeof videosContract.listVideos> =>
  async (c, { query }) => {
    const { user } = sessionOf(c);
    const { rows, total, totalCapped } = await listHistory(pool, user.id, query, sessionTimeZone(user));
    // A story is one row of the list (ADR 0062): its summary read once for the page's stories.
    const storyIds = rows.flatMap((row) => (row.storyId ? [row.storyId] : []));
    const [places, stories] = await Promise.all([
      queue.places(pool, rows),
      storyIds.length > 0 && storiesOf ? storiesOf(user.id, storyIds) : undefined,
    ]);
    const body: HistoryPage = {
      items: await toListItems(rows, storage, mediaUrlTtlSeconds, places, stories),
      page: query.page,
      pageSize: HISTORY_PAGE_SIZE,
      total,
      totalPages: Math.ceil(total / HISTORY_PAGE_SIZE),
      totalCapped,
    };
    return c.json(body);
  };
