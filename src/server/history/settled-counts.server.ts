/**
 * Counting a heavy user's requests is what costs in the history's total and the dashboard's stats (100 000 rows:
 * tens of milliseconds, against well under one for the page itself). Such a count is taken in two parts: the
 * requests created before the last full hour ("settled": their count rarely changes), kept per process for
 * SETTLED_MS when it was big enough to be worth keeping (the caller says), and the newer ones, counted on each call. So a new request
 * shows at once, and a change to a request older than an hour (a late failure, a deletion) within SETTLED_MS.
 * Smaller counts are cheap and always exact.
 */

const SETTLED_MS = 5 * 60_000;
/** A bound on memory: the oldest entries go first past it. */
const MAX_ENTRIES = 10_000;
const HOUR_MS = 3_600_000;

const settled = new Map<string, { value: unknown; until: number }>();

/** Requests created before this are settled: the start of the hour before the current one. */
export function settledBefore(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS);
}

/** The settled part kept under `key`, when taken less than SETTLED_MS ago; else undefined (nothing is counted). */
export function keptSettledCount<T>(key: string, now: Date): T | undefined {
  const cached = settled.get(key);
  return cached && cached.until > now.getTime() ? (cached.value as T) : undefined;
}

/** `count()` of a settled part, from the cache when taken less than SETTLED_MS ago under the same `key`. */
export async function settledCount<T>(
  key: string,
  now: Date,
  worthKeeping: (value: T) => boolean,
  count: () => Promise<T>,
): Promise<T> {
  const kept = keptSettledCount<T>(key, now);
  if (kept !== undefined) return kept;
  settled.delete(key);
  const value = await count();
  if (worthKeeping(value)) {
    if (settled.size >= MAX_ENTRIES) {
      const oldest = settled.keys().next().value;
      if (oldest !== undefined) settled.delete(oldest);
    }
    settled.set(key, { value, until: now.getTime() + SETTLED_MS });
  }
  return value;
}
