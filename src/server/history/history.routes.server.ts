import type { Hono } from 'hono';
import { stream } from 'hono/streaming';
import type pg from 'pg';
import { dashboardContract } from '../../shared/history.contract';
import { HISTORY_PAGE_SIZE } from '../../shared/history-filters';
import type { HistoryPage } from '../../shared/history-list';
import type { QueuePlace } from '../../shared/video-queue';
import type { videosContract } from '../../shared/videos.contract';
import type { AppEnv } from '../kernel/errors.server';
import { type Guards, type OperationHandler, routesFromContract } from '../kernel/operations.server';
import { sessionOf } from '../kernel/session.server';
import type { BlobStorage } from '../storage/blob-storage.server';
import { csvFileName, exportHistoryCsv } from './csv-export.server';
import { dashboardStats, listHistory, recentRequests, sessionTimeZone } from './history.server';
import { type ListRow, toListItems } from './history-list.server';

/**
 * HTTP side of docs/history-contract.md: the history list and CSV (mounted by the videos routes, under
 * /api/videos) and `/api/dashboard`. Their declarations (src/shared/videos.contract.ts, history.contract.ts) hold
 * the query schemas the kernel validates before these handlers run.
 */

export interface HistoryRoutesOptions {
  pool: pg.Pool;
  storage: BlobStorage;
  mediaUrlTtlSeconds: number;
  /** The places in line of the waiting requests among the rows (the videos domain's fair queue). */
  queuePlaces: QueuePlacesOf;
}

type QueuePlacesOf = (
  rows: readonly Pick<ListRow, 'id' | 'quality' | 'status'>[],
) => Promise<ReadonlyMap<string, QueuePlace>>;

/** `GET /api/videos` → HistoryPage (+ `totalCapped` when counting stopped at its cap). */
export function historyListHandler({
  pool,
  storage,
  mediaUrlTtlSeconds,
  queuePlaces,
}: HistoryRoutesOptions): OperationHandler<typeof videosContract.listVideos> {
  return async (c, { query }) => {
    const { user } = sessionOf(c);
    const { rows, total, totalCapped } = await listHistory(pool, user.id, query, sessionTimeZone(user));
    const body: HistoryPage = {
      items: await toListItems(rows, storage, mediaUrlTtlSeconds, await queuePlaces(rows)),
      page: query.page,
      pageSize: HISTORY_PAGE_SIZE,
      total,
      totalPages: Math.ceil(total / HISTORY_PAGE_SIZE),
      totalCapped,
    };
    return c.json(body);
  };
}

/** `GET /api/videos/export.csv`: streamed, attachment named by today's date in the user's zone. */
export function historyExportHandler({
  pool,
}: Pick<HistoryRoutesOptions, 'pool'>): OperationHandler<typeof videosContract.exportVideosCsv> {
  return async (c, { query }) => {
    const { user } = sessionOf(c);
    const userId = user.id;
    const timeZone = sessionTimeZone(user);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${csvFileName(new Date(), timeZone)}"`);
    c.header('Cache-Control', 'no-store');
    return stream(
      c,
      async (out) => {
        await exportHistoryCsv(
          pool,
          userId,
          query,
          timeZone,
          async (chunk) => {
            await out.write(chunk);
          },
          () => out.aborted || out.closed,
        );
      },
      async (error, out) => {
        // Headers are gone already: cut the body short so the download shows as failed, not as complete.
        c.get('logger').error({ err: error }, 'CSV export failed mid-stream');
        out.abort();
      },
    );
  };
}

/** `/api/dashboard`: stats per range and the last 5 requests. */
export function dashboardRoutes(options: HistoryRoutesOptions & { guards: Guards }): Hono<AppEnv> {
  const { pool, storage, mediaUrlTtlSeconds, guards, queuePlaces } = options;
  return routesFromContract(
    dashboardContract,
    { base: '/api/dashboard', guards },
    {
      getDashboardStats: async (c, { query }) => {
        const { user } = sessionOf(c);
        return c.json(await dashboardStats(pool, user.id, query.range, sessionTimeZone(user)));
      },
      listRecentVideos: async (c) => {
        const rows = await recentRequests(pool, sessionOf(c).user.id);
        return c.json({
          items: await toListItems(rows, storage, mediaUrlTtlSeconds, await queuePlaces(rows)),
        });
      },
    },
  );
}
