import { type HistoryQuery, historyQuerySchema, searchParamsRecord } from '#shared/history-filters';
import { zonedDay, zonedParts, zonedTimeToUtc } from '#shared/time';

export const DEFAULT_HISTORY_QUERY: HistoryQuery = { q: '', quality: 'all', status: 'all', page: 1 };

/**
 * The URL's history query through the shared schema. A hand-edited URL never breaks the page: parameters the schema
 * refuses (unknown, repeated, invalid) are dropped one by one, keeping the valid ones.
 */
export function parseHistoryParams(params: URLSearchParams): HistoryQuery {
  // A repeated parameter keeps its first value.
  let record: Record<string, string> = searchParamsRecord(params) ?? {};
  if (!searchParamsRecord(params)) {
    for (const [key, value] of params) if (!Object.hasOwn(record, key)) record[key] = value;
  }
  for (let attempt = 0; attempt < 8; attempt++) {
    const result = historyQuerySchema.safeParse(record);
    if (result.success) return result.data;
    const bad = new Set<string>();
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') for (const key of issue.keys) bad.add(key);
      else if (typeof issue.path[0] === 'string') bad.add(issue.path[0]);
    }
    if (bad.size === 0) break;
    record = Object.fromEntries(Object.entries(record).filter(([key]) => !bad.has(key)));
  }
  return DEFAULT_HISTORY_QUERY;
}

export function hasActiveFilters(query: HistoryQuery): boolean {
  return query.q !== '' || query.quality !== 'all' || query.status !== 'all' || !!query.from || !!query.to;
}

/**
 * How many filters the phone's "Filtros (n)" sheet holds that are set: quality, status and the period (one, whichever
 * of its ends is set). The search is not counted: it stays on screen above the button.
 */
export function sheetFilterCount(query: HistoryQuery): number {
  return [query.quality !== 'all', query.status !== 'all', !!query.from || !!query.to].filter(Boolean).length;
}

/** The change that resets what the sheet holds, keeping the search. */
export const CLEAR_SHEET_FILTERS = { quality: 'all', status: 'all', from: undefined, to: undefined } as const;

export const QUICK_RANGES = ['today', 'last7', 'last30'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];
const QUICK_RANGE_DAYS: Record<QuickRange, number> = { today: 1, last7: 7, last30: 30 };

/** A quick filter as an inclusive day range ending today, in the user's zone: 7 days = today and the 6 before. */
export function quickRange(range: QuickRange, now: Date, timeZone: string): { from: string; to: string } {
  const p = zonedParts(now, timeZone);
  const first = zonedTimeToUtc(timeZone, p.year, p.month, p.day - (QUICK_RANGE_DAYS[range] - 1), 12);
  return { from: zonedDay(first, timeZone), to: zonedDay(now, timeZone) };
}
