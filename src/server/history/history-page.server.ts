import type pg from 'pg';
import { DEFAULT_TIME_ZONE, TIME_ZONES } from '#server/accounts/accounts.schema.server';
import { VIDEO_REQUEST_SHAPE, type VideoRequestShape } from '#server/video-requests/video-requests.server';
import { HISTORY_PAGE_SIZE, type HistoryQuery } from '#shared/history-filters';
import { type ListRow, listColumns } from './history-list.server';
import { readSearchPage } from './history-search.server';
import { type HistoryStatement, historyWhere, ORDER, PREPARED_PAGES, prepared } from './history-where.server';
import { keptSettledCount, settledBefore, settledCount } from './settled-counts.server';

/**
 * The history list (docs/history-contract.md; the dashboard's stats and recent activity: dashboard-stats.server.ts). Filtering, sorting,
 * paging and counting happen in SQL on one user's rows, through the indexes of drizzle/0004_history.sql:
 * (user_id, created_at DESC) INCLUDE (status, quality, credits_used) for the plain list, counts and stats
 * (index-only), (user_id, status, created_at DESC) and (user_id, quality, created_at DESC) for filtered pages,
 * GIN (user_id, prompt_search gin_trgm_ops) per quality for the search (drizzle/0025, ADR 0026).
 */

/**
 * The total is counted exactly up to this many rows, then reported as this number (`totalCapped: true`): past
 * 10 000 matches (1 000 pages) nobody pages to the end, and counting 100 000 rows would cost more than the page.
 */
export const HISTORY_COUNT_CAP = 10_000;
/**
 * A text search is answered through the trigram index, whose matches must each be rechecked: counting stops
 * earlier (100 pages), which is far past where anyone reads search results.
 */
const HISTORY_SEARCH_COUNT_CAP = 1_000;

/**
 * The user's profile zone (a known one, else the product default), from the signed-in user the session carries
 * (a Better Auth additional field, accounts/auth.server.ts):
 * no query per request, and as fresh as the session (ADR 0020: a changed user is read afresh).
 */
export function sessionTimeZone(user: object): string {
  return knownTimeZone((user as { timezone?: unknown }).timezone);
}

function knownTimeZone(zone: unknown): string {
  return typeof zone === 'string' && (TIME_ZONES as readonly string[]).includes(zone)
    ? zone
    : DEFAULT_TIME_ZONE;
}

export interface HistoryResult {
  rows: ListRow[];
  total: number;
  totalCapped: boolean;
}

/**
 * The SQL of a history page without a text search (a search: history-search.server.ts). It picks the page's ids
 * first (from the index alone where the filters allow: a deep page skips its offset there) and reads only those
 * rows whole.
 */
export function historyPageStatement(
  userId: string,
  query: HistoryQuery,
  timeZone: string,
  shape: VideoRequestShape = VIDEO_REQUEST_SHAPE,
): HistoryStatement {
  const offset = (query.page - 1) * HISTORY_PAGE_SIZE;
  const { where, params } = historyWhere(userId, query, timeZone);
  const statement = {
    text: `SELECT ${listColumns(shape)} FROM video_requests WHERE id IN (
      SELECT id FROM video_requests WHERE ${where} ${ORDER} LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${offset}) ${ORDER}`,
    values: params,
  };
  return query.page <= PREPARED_PAGES ? prepared(statement) : statement;
}

/**
 * The count of the matches created before `at` (bound '<') or since, up to the cap. Ordered like the page so the
 * planner takes the same index path: unordered, it prefers a bitmap scan of every trigram candidate, which costs
 * more than walking the (user, …, created_at) index.
 */
export function historyCountStatement(
  userId: string,
  query: HistoryQuery,
  timeZone: string,
  bound: '<' | '>=',
  at: Date,
): HistoryStatement {
  const { where, params } = historyWhere(userId, query, timeZone);
  const cap = query.q ? HISTORY_SEARCH_COUNT_CAP : HISTORY_COUNT_CAP;
  const statement = {
    text: `SELECT count(*)::int AS total FROM (
       SELECT 1 FROM video_requests WHERE ${where} AND created_at ${bound} $${params.length + 1} ${ORDER} LIMIT ${cap}) s`,
    values: [...params, at],
  };
  return query.q ? statement : prepared(statement);
}

export async function listHistory(
  pool: pg.Pool,
  userId: string,
  query: HistoryQuery,
  timeZone: string,
  shape: VideoRequestShape = VIDEO_REQUEST_SHAPE,
): Promise<HistoryResult> {
  const { where, params } = historyWhere(userId, query, timeZone);
  const cap = query.q ? HISTORY_SEARCH_COUNT_CAP : HISTORY_COUNT_CAP;
  const now = new Date();
  const before = settledBefore(now);
  const countPart = async (bound: '<' | '>=') => {
    const count = await pool.query<{ total: number }>(
      historyCountStatement(userId, query, timeZone, bound, before),
    );
    return count.rows[0]?.total ?? 0;
  };
  // Up to the cap, in two parts (settled-counts.server.ts); the settled one is kept once it reached half the cap.
  const settledKey = ['history', where, JSON.stringify(params), cap, before.toISOString()].join(' ');
  const countRows = async () => {
    const [settled, recent] = await Promise.all([
      settledCount(
        settledKey,
        now,
        (total: number) => total >= cap / 2,
        () => countPart('<'),
      ),
      countPart('>='),
    ]);
    return Math.min(cap, settled + recent);
  };

  if (!query.q) {
    const [page, total] = await Promise.all([
      pool.query<ListRow>(historyPageStatement(userId, query, timeZone, shape)),
      countRows(),
    ]);
    return { rows: page.rows, total, totalCapped: total >= cap };
  }
  // A search's page often comes with its total: an exhaustive walk or the fetched matches counted every match;
  // a walk that read back past the settled hour counted the recent ones, which a kept settled part completes.
  const page = await readSearchPage(pool, userId, query, timeZone, before, shape);
  const kept = keptSettledCount<number>(settledKey, now);
  let total: number;
  if (page.matches !== undefined) total = Math.min(cap, page.matches);
  else if (kept !== undefined && page.recent !== undefined) total = Math.min(cap, kept + page.recent);
  else total = await countRows();
  return { rows: page.rows, total, totalCapped: total >= cap };
}
