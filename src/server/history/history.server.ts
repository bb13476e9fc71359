import type pg from 'pg';
import { DEFAULT_TIME_ZONE, TIME_ZONES } from '#server/accounts/accounts.schema.server';
import { VIDEO_REQUEST_SHAPE, type VideoRequestShape } from '#server/video-requests/video-request-row.server';
import { VIDEO_QUALITIES } from '#shared/catalogue';
import { HISTORY_PAGE_SIZE, type HistoryFilters, type HistoryQuery } from '#shared/history-filters';
import { dayRange } from '#shared/time';
import { type ListRow, listColumns } from './history-list.server';
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

/**
 * The LIKE pattern of a search term, in SQL: the term made accent- and case-free by the same `cena_search_text` that
 * fills `prompt_search` (drizzle/0025, ADR 0026), so "acai" and "AÇAÍ" find "açaí". Then `%`, `_` and `\` are
 * escaped as literal characters — after the folding, since unaccent turns some characters (fullwidth ％, ＿, ＼)
 * into them. IMMUTABLE throughout: PostgreSQL folds it to a constant when it plans the statement with the term.
 */
function searchPattern(placeholder: string): string {
  return String.raw`'%' || replace(replace(replace(cena_search_text(${placeholder}), '\', '\\'), '%', '\%'), '_', '\_') || '%'`;
}

/**
 * Every row's quality, spelled as the predicates of the search's per-quality trigram indexes (drizzle/0025): with it a
 * search among all qualities reads both indexes (a BitmapOr), which the planner cannot prove usable without it.
 */
const ANY_QUALITY = `(${VIDEO_QUALITIES.map((quality) => `quality = '${quality}'`).join(' OR ')})`;

/** WHERE clause (always starting with the owner) and its parameters for the history filters. */
export function historyWhere(
  userId: string,
  filters: HistoryFilters,
  timeZone: string,
): { where: string; params: unknown[] } {
  const params: unknown[] = [userId];
  const conditions = ['user_id = $1'];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filters.status !== 'all') add((p) => `status = ${p}`, filters.status);
  if (filters.quality !== 'all') add((p) => `quality = ${p}`, filters.quality);
  const { start, endExclusive } = dateBounds(filters, timeZone);
  if (start) add((p) => `created_at >= ${p}`, start);
  if (endExclusive) add((p) => `created_at < ${p}`, endExclusive);
  if (filters.q) {
    add((p) => `prompt_search LIKE ${searchPattern(p)}`, filters.q);
    if (filters.quality === 'all') conditions.push(ANY_QUALITY);
  }
  return { where: conditions.join(' AND '), params };
}

/** The instants the from/to days bound, in the user's zone; one side alone is open-ended. */
function dateBounds(
  filters: Pick<HistoryFilters, 'from' | 'to'>,
  timeZone: string,
): { start?: Date; endExclusive?: Date } {
  if (!filters.from && !filters.to) return {};
  const key = `${filters.from} ${filters.to} ${timeZone}`;
  let bounds = knownBounds.get(key);
  if (!bounds) {
    const { start, endExclusive } = dayRange(
      filters.from ?? '2000-01-01',
      filters.to ?? '9999-12-30',
      timeZone,
    );
    bounds = { start: filters.from ? start : undefined, endExclusive: filters.to ? endExclusive : undefined };
    if (knownBounds.size >= KNOWN_BOUNDS_MAX) knownBounds.clear();
    knownBounds.set(key, bounds);
  }
  return bounds;
}

/**
 * The instants of the day ranges asked lately: a day's start in a zone does not change (short of a new tz
 * database, which comes with a restart), and the zone arithmetic was a few percent of a history request's CPU.
 * Bounded: past the limit it starts over.
 */
const knownBounds = new Map<string, { start?: Date; endExclusive?: Date }>();
const KNOWN_BOUNDS_MAX = 1_000;

export interface HistoryResult {
  rows: ListRow[];
  total: number;
  totalCapped: boolean;
}

const ORDER = 'ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST';

/**
 * A search first walks the rows of its other filters newest first, at most this many times the rows up to the end
 * of the page (and at most SEARCH_WALK_MAX): when its matches are common, a full page is found there in a fraction
 * of a millisecond, and it is the page, since every later match comes later in the order.
 */
const SEARCH_WALK_FACTOR = 20;
const SEARCH_WALK_MAX = 5_000;

export interface HistoryStatement {
  text: string;
  values: unknown[];
  /** A named prepared statement's name (node-postgres `name`): parsed and planned once per connection. */
  name?: string;
}

/**
 * The statements prepared by name: those whose text depends only on which filters are set (not on a page past
 * PREPARED_PAGES, whose offset is in the text, nor on a search term, whose best plan depends on the term — see
 * historyPageStatements), so a connection holds a bounded set of them. PostgreSQL plans a prepared statement for
 * its values 5 times, then keeps a generic plan when its estimated cost is not much above theirs
 * (https://www.postgresql.org/docs/current/sql-prepare.html, "Notes"); a connection reuses it from then on.
 */
const PREPARED_PAGES = 5;
const preparedNames = new Map<string, string>();

function prepared(statement: HistoryStatement): HistoryStatement {
  let name = preparedNames.get(statement.text);
  if (!name) {
    name = `history-${preparedNames.size + 1}`;
    preparedNames.set(statement.text, name);
  }
  return { ...statement, name };
}

/**
 * The SQL of one history page, in the order it is tried: for a search, the bounded walk, then — when the walk did
 * not fill the page — the matches fetched through the per-quality (user_id, prompt_search) trigram indexes and sorted. The
 * planner cannot tell the two apart: it assumes the search independent of the other filters, so a term that
 * never goes with them (every "praia" a Quality video, asked among Fast ones) made it walk all their rows, reading
 * each one's prompt from the table. Each statement picks the page's ids first (from the index alone where the
 * filters allow: a deep page skips its offset there) and reads only those rows whole.
 */
export function historyPageStatements(
  userId: string,
  query: HistoryQuery,
  timeZone: string,
  shape: VideoRequestShape = VIDEO_REQUEST_SHAPE,
): HistoryStatement[] {
  const offset = (query.page - 1) * HISTORY_PAGE_SIZE;
  const page = `LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${offset}`;
  const rowsOf = (ids: string, extra = '') =>
    `SELECT ${listColumns(shape)}${extra} FROM video_requests WHERE id IN (${ids}) ${ORDER}`;
  const { where, params } = historyWhere(userId, query, timeZone);
  const matches = {
    text: rowsOf(`SELECT id FROM video_requests WHERE ${where} ${ORDER} ${page}`),
    values: params,
  };
  if (!query.q) return [query.page <= PREPARED_PAGES ? prepared(matches) : matches];
  const others = historyWhere(userId, { ...query, q: '' }, timeZone);
  const walkRows = Math.min(SEARCH_WALK_MAX, SEARCH_WALK_FACTOR * (offset + HISTORY_PAGE_SIZE));
  const walk = {
    text: rowsOf(
      `SELECT id FROM (SELECT id, prompt_search, created_at FROM video_requests WHERE ${others.where} ${ORDER}
       LIMIT ${walkRows}) walked WHERE prompt_search LIKE ${searchPattern(`$${others.params.length + 1}`)}
       ${ORDER} ${page}`,
    ),
    values: [...others.params, query.q],
  };
  // MATERIALIZED: the matches are fetched whole, through the trigram index, then sorted. The days are applied to
  // them afterwards: inside, a date range lets the planner walk the all-users created_at index instead.
  const undated = historyWhere(userId, { ...query, from: undefined, to: undefined }, timeZone);
  const values = [...undated.params];
  const days: string[] = [];
  const { start, endExclusive } = dateBounds(query, timeZone);
  if (start) days.push(`created_at >= $${values.push(start)}`);
  if (endExclusive) days.push(`created_at < $${values.push(endExclusive)}`);
  // Having every match at hand, it counts them too (`matchCount`, on each row): no count query follows.
  const sorted = {
    text: `WITH matches AS MATERIALIZED (SELECT id, created_at FROM video_requests WHERE ${undated.where}),
      dated AS (SELECT id, created_at FROM matches ${days.length > 0 ? `WHERE ${days.join(' AND ')}` : ''})
      ${rowsOf(`SELECT id FROM dated ${ORDER} ${page}`, `, (SELECT count(*) FROM dated)::int AS "matchCount"`)}`,
    values,
  };
  return [walk, sorted];
}

/** A statement's text with its placeholders moved past `shift` values (one statement inside another). */
function shifted(text: string, shift: number): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
}

/**
 * A search's two statements (historyPageStatements) as one, so the page costs one round trip: the walk's rows when
 * they fill the page, else the matches-first statement's. The second is gated on the walk's count (a one-time
 * filter), so PostgreSQL runs it only when the walk fell short. `recentCount`, when given (the count of the matches
 * since the settled hour, historyCountStatement '>='), is run with a full walk only and returned on its rows as
 * `recentCount`: with a kept settled count, the walk's page has its total without a second round trip.
 */
export function historySearchStatement(
  [walk, sorted]: HistoryStatement[],
  recentCount?: HistoryStatement,
): HistoryStatement {
  if (!walk || !sorted) throw new Error('a search has two statements');
  const walked = '(SELECT count(*) FROM walked)';
  const recent = recentCount
    ? `(${shifted(recentCount.text, walk.values.length + sorted.values.length)})`
    : 'NULL::int';
  return {
    text: `WITH walked AS MATERIALIZED (${walk.text})
      SELECT * FROM (
        SELECT *, NULL::int AS "matchCount", ${recent} AS "recentCount" FROM walked
        WHERE ${walked} = ${HISTORY_PAGE_SIZE}
        UNION ALL
        SELECT *, NULL::int AS "recentCount" FROM (${shifted(sorted.text, walk.values.length)}) sorted
        WHERE ${walked} < ${HISTORY_PAGE_SIZE}) page
      ${ORDER.replace('created_at', '"createdAt"')}`,
    values: [...walk.values, ...sorted.values, ...(recentCount?.values ?? [])],
  };
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

/** A page as read: its rows, and the counts the statement that read it took along (historySearchStatement). */
interface PageRead {
  rows: ListRow[];
  matches?: number;
  recent?: number;
}

/**
 * Reads the page with the first of its statements that fills it (or the last one), and the number of matches when
 * that statement counted them.
 */
async function readPage(pool: pg.Pool, statements: HistoryStatement[]): Promise<PageRead> {
  let read: PageRead = { rows: [] };
  for (const statement of statements) {
    const result = await pool.query<ListRow & { matchCount?: number | null; recentCount?: number | null }>(
      statement,
    );
    read = {
      rows: result.rows.map(({ matchCount: _, recentCount: __, ...row }) => row),
      matches: result.rows[0]?.matchCount ?? undefined,
      recent: result.rows[0]?.recentCount ?? undefined,
    };
    if (read.rows.length === HISTORY_PAGE_SIZE) break;
  }
  return read;
}

export async function listHistory(
  pool: pg.Pool,
  userId: string,
  query: HistoryQuery,
  timeZone: string,
  shape: VideoRequestShape = VIDEO_REQUEST_SHAPE,
): Promise<HistoryResult> {
  const { where, params } = historyWhere(userId, query, timeZone);
  const offset = (query.page - 1) * HISTORY_PAGE_SIZE;
  const cap = query.q ? HISTORY_SEARCH_COUNT_CAP : HISTORY_COUNT_CAP;
  const statements = historyPageStatements(userId, query, timeZone, shape);
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
    const [read, total] = await Promise.all([readPage(pool, statements), countRows()]);
    return { rows: read.rows, total, totalCapped: total >= cap };
  }
  // A text search often ends within its first page (or finds nothing), and then the page itself gives the total;
  // when its matches were fetched whole, they were counted with it; when its walk filled the page and the settled
  // part is kept, the recent part came with the page. Only a walk's page without a kept settled part counts after.
  const kept = keptSettledCount<number>(settledKey, now);
  const recentCount =
    kept === undefined ? undefined : historyCountStatement(userId, query, timeZone, '>=', before);
  const read = await readPage(pool, [historySearchStatement(statements, recentCount)]);
  const { rows } = read;
  let total: number;
  if (read.matches !== undefined) total = Math.min(cap, read.matches);
  else if (rows.length < HISTORY_PAGE_SIZE && (rows.length > 0 || offset === 0)) total = offset + rows.length;
  else if (kept !== undefined && read.recent !== undefined) total = Math.min(cap, kept + read.recent);
  else total = await countRows();
  return { rows, total, totalCapped: total >= cap };
}
