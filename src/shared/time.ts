import { formatDate } from './format';

/**
 * Time rules shared by server and web (docs/history-contract.md, spec §4, §5, §9), all in the user's IANA time zone
 * (profile). Pure: `now` is always passed in. Zone arithmetic uses Intl only, so it follows each zone's DST rules
 * (America/Sao_Paulo has none since 2019; New York, London and Paris do).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface ZonedParts {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock reading of `date` in `timeZone`. */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetMs(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant when the wall clock in `timeZone` reads the given local time. Month/day overflow is normalised
 * (day 32 → next month). A local time skipped by a DST jump resolves to the instant just after the gap.
 */
export function zonedTimeToUtc(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - offsetMs(wall, timeZone);
  const second = wall - offsetMs(first, timeZone);
  if (first === second) return new Date(first);
  // Two candidates (near a transition): keep the one whose wall clock matches, else the later one (a gap).
  const matches = (instant: number) => offsetMs(instant, timeZone) === wall - instant;
  if (matches(second)) return new Date(second);
  if (matches(first)) return new Date(first);
  return new Date(Math.max(first, second));
}

/** Midnight starting the zone's calendar day that contains `date`. */
export function startOfZonedDay(date: Date, timeZone: string): Date {
  const p = zonedParts(date, timeZone);
  return zonedTimeToUtc(timeZone, p.year, p.month, p.day);
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'yyyy-MM-dd' → [year, month, day] when it names a real calendar day, else undefined. */
export function parseDay(value: string): [number, number, number] | undefined {
  const match = DAY_PATTERN.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return [year, month, day];
}

/** The zone's calendar day of `date` as 'yyyy-MM-dd' (for quick filters and file names). */
export function zonedDay(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * Spec §5: from the start of the first day to the end of the last, inclusive, in the user's zone. Returned as a
 * half-open interval: `start <= t < endExclusive`. Throws on a malformed day or `from` after `to`.
 */
export function dayRange(from: string, to: string, timeZone: string): { start: Date; endExclusive: Date } {
  const first = parseDay(from);
  const last = parseDay(to);
  if (!first || !last) throw new RangeError(`invalid day range ${from}..${to}`);
  if (from > to) throw new RangeError(`day range ends before it starts: ${from}..${to}`);
  return {
    start: zonedTimeToUtc(timeZone, first[0], first[1], first[2]),
    endExclusive: zonedTimeToUtc(timeZone, last[0], last[1], last[2] + 1),
  };
}

/**
 * Spec §9: under 1 minute 'agora', minutes under 60, hours under 24, 'ontem' for 1 day, N days under 7, else
 * dd/MM/yyyy in the user's zone. Minutes, hours and days are whole elapsed periods (rounded down), so 25 hours
 * ago is 'ontem' and 47 hours ago too. A time in the future (clock skew) reads 'agora'.
 */
export function relativeTime(date: Date, now: Date, timeZone: string): string {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE_MS) return 'agora';
  if (elapsed < HOUR_MS) return `há ${Math.floor(elapsed / MINUTE_MS)} min`;
  if (elapsed < DAY_MS) return `há ${Math.floor(elapsed / HOUR_MS)} h`;
  const days = Math.floor(elapsed / DAY_MS);
  if (days === 1) return 'ontem';
  if (days < 7) return `há ${days} dias`;
  return formatDate(date, timeZone);
}

export type Greeting = 'Bom dia' | 'Boa tarde' | 'Boa noite';

/** 'Bom dia' before 12h, 'Boa tarde' before 18h, else 'Boa noite' — by the clock in the user's zone. */
export function greeting(now: Date, timeZone: string): Greeting {
  const { hour } = zonedParts(now, timeZone);
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

export const STATS_RANGES = ['today', 'week', 'month', '3months', 'year', 'all'] as const;
export type StatsRange = (typeof STATS_RANGES)[number];
export const DEFAULT_STATS_RANGE: StatsRange = 'month';

/** "All time" starts here (spec §2), at midnight in the user's zone. */
export const ALL_TIME_START_DAY = '2020-01-01';

/** Weeks start on Sunday, as pt-BR calendars show them. */
export const WEEK_STARTS_ON = 0;

/**
 * Where a dashboard stats range starts (it always ends now), in the user's zone: today → today's midnight; week →
 * the last Sunday's midnight; month → the 1st of this month; 3months → midnight of the same day three months ago
 * (clamped to the month's last day); year → 1 January; all → 2020-01-01.
 */
export function statsRangeStart(range: StatsRange, now: Date, timeZone: string): Date {
  const p = zonedParts(now, timeZone);
  switch (range) {
    case 'today':
      return zonedTimeToUtc(timeZone, p.year, p.month, p.day);
    case 'week':
      return zonedTimeToUtc(timeZone, p.year, p.month, p.day - ((p.weekday - WEEK_STARTS_ON + 7) % 7));
    case 'month':
      return zonedTimeToUtc(timeZone, p.year, p.month, 1);
    case '3months': {
      const lastDay = new Date(Date.UTC(p.year, p.month - 3, 0)).getUTCDate();
      return zonedTimeToUtc(timeZone, p.year, p.month - 3, Math.min(p.day, lastDay));
    }
    case 'year':
      return zonedTimeToUtc(timeZone, p.year, 1, 1);
    case 'all':
      return zonedTimeToUtc(timeZone, 2020, 1, 1);
  }
}
