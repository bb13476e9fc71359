import type pg from 'pg';
import { balance } from '#server/credits/credits.server';
import { VIDEO_REQUEST_SHAPE, type VideoRequestShape } from '#server/video-requests/video-requests.server';
import type { DashboardStats } from '#shared/dashboard';
import { DEFAULT_STATS_RANGE, type StatsRange, statsRangeStart } from '#shared/time';
import { type ListRow, listColumns } from './history-list.server';
import { settledBefore, settledCount } from './settled-counts.server';

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

/**
 * Counts the user's requests created in [from, before) — before = null: up to now — by the stats' filters, through
 * the (user_id, created_at) index with its INCLUDEd columns (index-only).
 */
async function countStats(
  pool: pg.Pool,
  userId: string,
  rangeStart: Date,
  monthStart: Date,
  from: Date,
  before: Date | null,
): Promise<StatsCounts> {
  const result = await pool.query<StatsCounts>(
    `SELECT count(*)::int AS rows,
            count(*) FILTER (WHERE created_at >= $2)::int AS created,
            COALESCE(sum(credits_used) FILTER (WHERE created_at >= $2 AND status <> 'failed'), 0)::int AS spent,
            count(*) FILTER (WHERE created_at >= $3)::int AS month,
            count(*) FILTER (WHERE created_at >= $2 AND quality = 'fast')::int AS fast,
            count(*) FILTER (WHERE created_at >= $2 AND quality = 'quality')::int AS quality
     FROM video_requests
     WHERE user_id = $1 AND created_at >= $4 AND ($5::timestamptz IS NULL OR created_at < $5)`,
    [userId, rangeStart, monthStart, from, before],
  );
  return result.rows[0] ?? { rows: 0, created: 0, spent: 0, month: 0, fast: 0, quality: 0 };
}

async function statsCounts(
  pool: pg.Pool,
  userId: string,
  rangeStart: Date,
  monthStart: Date,
  now: Date,
): Promise<StatsCounts> {
  const lowest = rangeStart < monthStart ? rangeStart : monthStart;
  const before = settledBefore(now);
  if (before <= lowest) return countStats(pool, userId, rangeStart, monthStart, lowest, null);
  const key = [
    'stats',
    userId,
    rangeStart.toISOString(),
    monthStart.toISOString(),
    before.toISOString(),
  ].join(' ');
  const [settled, recent] = await Promise.all([
    settledCount(
      key,
      now,
      (counts: StatsCounts) => counts.rows >= SETTLED_STATS_MIN_ROWS,
      () => countStats(pool, userId, rangeStart, monthStart, lowest, before),
    ),
    countStats(pool, userId, rangeStart, monthStart, before, null),
  ]);
  return {
    rows: settled.rows + recent.rows,
    created: settled.created + recent.created,
    spent: settled.spent + recent.spent,
    month: settled.month + recent.month,
    fast: settled.fast + recent.fast,
    quality: settled.quality + recent.quality,
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
  const [row, credits] = await Promise.all([
    statsCounts(pool, userId, rangeStart, monthStart, now),
    balance(pool, userId, now),
  ]);
  return {
    range,
    videosCreated: row.created,
    creditsSpent: row.spent,
    thisMonth: row.month,
    mostUsedQuality: row.fast + row.quality === 0 ? null : row.fast >= row.quality ? 'fast' : 'quality',
    balance: credits,
  };
}
