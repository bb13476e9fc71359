import type pg from 'pg';
import { VIDEO_REQUEST_SHAPE, type VideoRequestShape } from '#server/video-requests/video-requests.server';
import type { DashboardStats } from '#shared/dashboard';
import { DEFAULT_STATS_RANGE, type StatsRange, statsRangeStart } from '#shared/time';
import { type ListRow, listColumns } from './history-list.server';
import { keptSettledCount, settledBefore, settledCount } from './settled-counts.server';

/**
 * The dashboard's recent activity and stats (docs/history-contract.md), through the (user_id, created_at DESC)
 * INCLUDE (status, quality, credits_used) index of drizzle/0004_history.sql (index-only).
 */

const RECENT_LIMIT = 5;

export async function recentRequests(
  pool: pg.Pool,
  userId: string,
  shape: VideoRequestShape = VIDEO_REQUEST_SHAPE,
): Promise<ListRow[]> {
  const result = await pool.query<ListRow>(
    `SELECT ${listColumns(shape)} FROM video_requests WHERE user_id = $1
     ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${RECENT_LIMIT}`,
    [userId],
  );
  return result.rows;
}

/** Stats that read fewer rows than this are counted whole on every call: a few milliseconds at most. */
const SETTLED_STATS_MIN_ROWS = 5_000;

interface StatsCounts {
  /** Every row the count read (from the lowest of the range's and the month's starts). */
  rows: number;
  created: number;
  spent: number;
  month: number;
  fast: number;
  quality: number;
}

const NO_COUNTS: StatsCounts = { rows: 0, created: 0, spent: 0, month: 0, fast: 0, quality: 0 };

interface StatsParts {
  /** The requests created before `before` (the settled part); none when the count started at or after it. */
  settled: StatsCounts;
  recent: StatsCounts;
  balance: number;
}

/**
 * The user's requests created from `from` counted by the stats' filters, in two parts split at `before` (settled,
 * recent), and the balance, in one statement: one round trip (ADR 0060). The counts walk the (user_id, created_at)
 * index with its INCLUDEd columns (index-only); the balance is `balance()`'s sum (credits/ledger-reads.server.ts).
 */
async function countParts(
  pool: pg.Pool,
  userId: string,
  bounds: { rangeStart: Date; monthStart: Date; from: Date; before: Date },
  now: Date,
): Promise<StatsParts> {
  const { rangeStart, monthStart, from, before } = bounds;
  const result = await pool.query<{ parts: (StatsCounts & { recent: boolean })[] | null; balance: string }>(
    `WITH parts AS (
       SELECT created_at >= $5 AS recent,
              count(*)::int AS rows,
              count(*) FILTER (WHERE created_at >= $2)::int AS created,
              COALESCE(sum(credits_used) FILTER (WHERE created_at >= $2 AND status <> 'failed'), 0)::int AS spent,
              count(*) FILTER (WHERE created_at >= $3)::int AS month,
              count(*) FILTER (WHERE created_at >= $2 AND quality = 'fast')::int AS fast,
              count(*) FILTER (WHERE created_at >= $2 AND quality = 'quality')::int AS quality
       FROM video_requests WHERE user_id = $1 AND created_at >= $4
       GROUP BY 1
     )
     SELECT (SELECT json_agg(parts) FROM parts) AS parts,
            (SELECT COALESCE(sum(remaining), 0) FROM credit_grants
             WHERE user_id = $1 AND remaining > 0 AND (expires_at IS NULL OR expires_at > $6)) AS balance`,
    [userId, rangeStart, monthStart, from, before, now],
  );
  const row = result.rows[0];
  const part = (recent: boolean) => {
    const found = row?.parts?.find((counted) => counted.recent === recent);
    if (!found) return NO_COUNTS;
    const { recent: _part, ...counts } = found;
    return counts;
  };
  return { settled: part(false), recent: part(true), balance: Number(row?.balance ?? 0) };
}

/** The counts of [lowest start, now) and the balance; the settled part kept per process when big enough. */
async function statsCounts(
  pool: pg.Pool,
  userId: string,
  rangeStart: Date,
  monthStart: Date,
  now: Date,
): Promise<{ counts: StatsCounts; balance: number }> {
  const lowest = rangeStart < monthStart ? rangeStart : monthStart;
  const before = settledBefore(now);
  const key = [
    'stats',
    userId,
    rangeStart.toISOString(),
    monthStart.toISOString(),
    before.toISOString(),
  ].join(' ');
  const kept = before > lowest ? keptSettledCount<StatsCounts>(key, now) : undefined;
  const parts = await countParts(
    pool,
    userId,
    { rangeStart, monthStart, from: kept ? before : lowest, before },
    now,
  );
  // Counted now (nothing kept): kept for the next calls when worth it (settled-counts.server.ts).
  const settled =
    kept ??
    (before > lowest
      ? await settledCount(
          key,
          now,
          (counts: StatsCounts) => counts.rows >= SETTLED_STATS_MIN_ROWS,
          async () => parts.settled,
        )
      : parts.settled);
  const { recent } = parts;
  return {
    counts: {
      rows: settled.rows + recent.rows,
      created: settled.created + recent.created,
      spent: settled.spent + recent.spent,
      month: settled.month + recent.month,
      fast: settled.fast + recent.fast,
      quality: settled.quality + recent.quality,
    },
    balance: parts.balance,
  };
}

export async function dashboardStats(
  pool: pg.Pool,
  userId: string,
  range: StatsRange = DEFAULT_STATS_RANGE,
  timeZone: string,
  now: Date = new Date(),
): Promise<DashboardStats> {
  const rangeStart = statsRangeStart(range, now, timeZone);
  const monthStart = statsRangeStart('month', now, timeZone);
  const { counts: row, balance: credits } = await statsCounts(pool, userId, rangeStart, monthStart, now);
  return {
    range,
    videosCreated: row.created,
    creditsSpent: row.spent,
    thisMonth: row.month,
    mostUsedQuality: row.fast + row.quality === 0 ? null : row.fast >= row.quality ? 'fast' : 'quality',
    balance: credits,
  };
}
