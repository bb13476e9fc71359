import type { Hono } from 'hono';
import type pg from 'pg';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { BlobStorage } from '#server/storage/blob-storage.server';
import { dashboardContract } from '#shared/history.contract';
import type { QueuePlace } from '#shared/video-queue';
import { dashboardStats, recentRequests } from './dashboard-stats.server';
import { type ListRow, toListItems } from './history-list.server';
import { sessionTimeZone } from './history-page.server';

/**
 * `/api/dashboard` (docs/history-contract.md, src/shared/history.contract.ts). The history list and its CSV are
 * video requests, served with the others under /api/videos (src/server/videos).
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
