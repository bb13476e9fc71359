import { TZDate } from '@date-fns/tz';
import { formatDate } from './format';

/**
 * Time rules shared by server and web (docs/history-contract.md, spec §4, §5, §9), all in the user's IANA time zone
 * (profile). Pure: `now` is always passed in. Zone arithmetic goes through `@date-fns/tz`'s TZDate (a Date whose
 * getters and constructor read the wall clock of a zone), so each zone's DST rules come from the platform's time zone
 * data rather than offset maths of our own (America/Sao_Paulo has no DST since 2019; New York, London and Paris do).
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

/** The wall-clock reading of `date` in `timeZone`. */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const zoned = new TZDate(date.getTime(), timeZone);
  return {
    year: zoned.getFullYear(),
    month: zoned.getMonth() + 1,
    day: zoned.getDate(),
    hour: zoned.getHours(),
    minute: zoned.getMinutes(),
    second: zoned.getSeconds(),
    weekday: zoned.getDay(),
  };
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
  return new Date(new TZDate(year, month - 1, day, hour, minute, timeZone).getTime());
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
 * Spec §9's relative time, as a unit and a count for the UI's plural rules (pt-BR 'agora', 'há N min', 'há N h',
 * 'ontem', 'há N dias'): under 1 minute `now`, minutes under 60, hours under 24, `yesterday` for 1 day, N days under
 * 7, else the dd/MM/yyyy `date` in the user's zone. Minutes, hours and days are whole elapsed periods (rounded down),
 * so 25 hours ago is `yesterday` and 47 hours ago too. A time in the future (clock skew) is `now`.
 */
export type RelativeTime =
  | { unit: 'now' | 'yesterday'; count: 0 }
  | { unit: 'minutes' | 'hours' | 'days'; count: number }
  | { unit: 'date'; count: 0; date: string };

export function relativeTime(date: Date, now: Date, timeZone: string): RelativeTime {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE_MS) return { unit: 'now', count: 0 };
  if (elapsed < HOUR_MS) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE_MS) };
  if (elapsed < DAY_MS) return { unit: 'hours', count: Math.floor(elapsed / HOUR_MS) };
  const days = Math.floor(elapsed / DAY_MS);
  if (days === 1) return { unit: 'yesterday', count: 0 };
  if (days < 7) return { unit: 'days', count: days };
  return { unit: 'date', count: 0, date: formatDate(date, timeZone) };
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

/** Weeks start on Sunday, as pt-BR calendars show them. */
const WEEK_STARTS_ON = 0;

/**
 * Where a dashboard stats range starts (it always ends now), in the user's zone: today → today's midnight; week →
 * the last Sunday's midnight; month → the 1st of this month; 3months → midnight of the same day three months ago
 * (clamped to the month's last day); year → 1 January; all → 2020-01-01 (spec §2).
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
