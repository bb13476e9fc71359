import { toListItems } from '#server/history/history-list.server';
import { listHistory, sessionTimeZone } from '#server/history/history-page.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { HISTORY_PAGE_SIZE } from '#shared/history-filters';
import type { HistoryPage } from '#shared/history-list';
import type { videosContract } from '#shared/videos.contract';
import type { VideosDeps } from './video-answers.server';

/**
 * `GET /api/videos` → HistoryPage (+ `totalCapped` when counting stopped at its cap): the 'Histórico' page's list
 * of the user's video requests, filtered (docs/history-contract.md; the query is the history's).
 */
export const listVideosRoute =
  ({
    pool,
    queue,
    storage,
    mediaUrlTtlSeconds,
  }: VideosDeps): OperationHandler<typeof videosContract.listVideos> =>
  async (c, { query }) => {
    const { user } = sessionOf(c);
    const { rows, total, totalCapped } = await listHistory(pool, user.id, query, sessionTimeZone(user));
    const body: HistoryPage = {
      items: await toListItems(rows, storage, mediaUrlTtlSeconds, await queue.places(pool, rows)),
      page: query.page,
      pageSize: HISTORY_PAGE_SIZE,
      total,
      totalPages: Math.ceil(total / HISTORY_PAGE_SIZE),
      totalCapped,
    };
    return c.json(body);
  };
