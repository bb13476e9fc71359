import { type Context, type Handler, Hono, type MiddlewareHandler } from 'hono';
import { stream } from 'hono/streaming';
import type pg from 'pg';
import type { z } from 'zod';
import {
  HISTORY_PAGE_SIZE,
  type HistoryPage,
  historyExportQuerySchema,
  historyQuerySchema,
  searchParamsRecord,
} from '../../shared/history-filters';
import { DEFAULT_STATS_RANGE, STATS_RANGES, type StatsRange } from '../../shared/time';
import type { QueuePlace } from '../../shared/video-queue';
import { type AppEnv, apiError } from '../kernel/errors.server';
import { rejectQueryParameters } from '../kernel/request-validation.server';
import { sessionOf } from '../kernel/session.server';
import type { BlobStorage } from '../storage/blob-storage.server';
import { csvFileName, exportHistoryCsv } from './csv-export.server';
import {
  dashboardStats,
  type ListRow,
  listHistory,
  recentRequests,
  toListItems,
  userTimeZone,
} from './history.server';

/**
 * HTTP side of docs/history-contract.md: the history list and CSV (mounted by the videos routes, under
 * /api/videos) and `/api/dashboard`. All need the session; unknown or repeated query parameters → 400.
 */

export interface HistoryRoutesOptions {
  pool: pg.Pool;
  storage: BlobStorage;
  mediaUrlTtlSeconds: number;
  /** The places in line of the waiting requests among the rows (the videos domain's fair queue). */
  queuePlaces: QueuePlacesOf;
}

export type QueuePlacesOf = (
  rows: readonly Pick<ListRow, 'id' | 'quality' | 'status'>[],
) => Promise<ReadonlyMap<string, QueuePlace>>;

type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

function parseQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Parsed<z.output<S>> {
  const record = searchParamsRecord(new URL(c.req.url).searchParams);
  if (!record) {
    return { ok: false, response: apiError(c, 400, 'invalid_request', 'Parâmetro repetido na consulta.') };
  }
  const result = schema.safeParse(record);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? 'Parâmetros inválidos.';
    return { ok: false, response: apiError(c, 400, 'invalid_request', message) };
  }
  return { ok: true, data: result.data };
}

/** `GET /api/videos` → HistoryPage (+ `totalCapped` when counting stopped at its cap). */
export function historyListHandler({
  pool,
  storage,
  mediaUrlTtlSeconds,
  queuePlaces,
}: HistoryRoutesOptions): Handler<AppEnv> {
  return async (c) => {
    const parsed = parseQuery(c, historyQuerySchema);
    if (!parsed.ok) return parsed.response;
    const userId = sessionOf(c).user.id;
    const timeZone = await userTimeZone(pool, userId);
    const { rows, total, totalCapped } = await listHistory(pool, userId, parsed.data, timeZone);
    const body: HistoryPage & { totalCapped: boolean } = {
      items: await toListItems(rows, storage, mediaUrlTtlSeconds, await queuePlaces(rows)),
      page: parsed.data.page,
      pageSize: HISTORY_PAGE_SIZE,
      total,
      totalPages: Math.ceil(total / HISTORY_PAGE_SIZE),
      totalCapped,
    };
    return c.json(body);
  };
}

/** `GET /api/videos/export.csv`: streamed, attachment named by today's date in the user's zone. */
export function historyExportHandler({ pool }: Pick<HistoryRoutesOptions, 'pool'>): Handler<AppEnv> {
  return async (c) => {
    const parsed = parseQuery(c, historyExportQuerySchema);
    if (!parsed.ok) return parsed.response;
    const userId = sessionOf(c).user.id;
    const timeZone = await userTimeZone(pool, userId);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${csvFileName(new Date(), timeZone)}"`);
    c.header('Cache-Control', 'no-store');
    return stream(
      c,
      async (out) => {
        await exportHistoryCsv(
          pool,
          userId,
          parsed.data,
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
export function dashboardRoutes(
  options: HistoryRoutesOptions & { requireSession: MiddlewareHandler<AppEnv> },
): Hono<AppEnv> {
  const { pool, storage, mediaUrlTtlSeconds, requireSession, queuePlaces } = options;
  const app = new Hono<AppEnv>();
  app.use('*', requireSession);

  app.get('/stats', async (c) => {
    const params = new URL(c.req.url).searchParams;
    const unknown = [...params.keys()].filter((key) => key !== 'range');
    if (unknown.length > 0 || params.getAll('range').length > 1) {
      return apiError(
        c,
        400,
        'invalid_request',
        `Parâmetro não permitido: ${[...new Set(unknown)].join(', ') || 'range'}.`,
      );
    }
    const raw = params.get('range') || DEFAULT_STATS_RANGE;
    if (!(STATS_RANGES as readonly string[]).includes(raw)) {
      return apiError(c, 400, 'invalid_request', 'Período inválido.');
    }
    const userId = sessionOf(c).user.id;
    const timeZone = await userTimeZone(pool, userId);
    return c.json(await dashboardStats(pool, userId, raw as StatsRange, timeZone));
  });

  app.get('/recent', rejectQueryParameters, async (c) => {
    const rows = await recentRequests(pool, sessionOf(c).user.id);
    return c.json({ items: await toListItems(rows, storage, mediaUrlTtlSeconds, await queuePlaces(rows)) });
  });

  return app;
}
