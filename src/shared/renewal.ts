/**
 * Spec §9 renewal text for a subscription period end, as data (the web words it per language): already past →
 * `expired` with the date; the same calendar day → `today`; the next → `tomorrow`; 2–7 days ahead → `days`; later →
 * `date`. Days are calendar days in the user's time zone; the date is dd/MM/yyyy in that zone.
 */
import { DEFAULT_TIME_ZONE, formatDate } from './format';

const RENEWAL_RELATIVE_MAX_DAYS = 7;

export type RenewalText =
  | { kind: 'expired'; date: string }
  | { kind: 'today' }
  | { kind: 'tomorrow' }
  | { kind: 'days'; days: number }
  | { kind: 'date'; date: string };

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Days since 1970-01-01 of the calendar day `date` falls on in `timeZone`. */
export function calendarDayNumber(date: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return Math.round(Date.UTC(get('year'), get('month') - 1, get('day')) / 86_400_000);
}

export function renewalText(
  periodEnd: Date,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): RenewalText {
  if (periodEnd.getTime() <= now.getTime()) return { kind: 'expired', date: formatDate(periodEnd, timeZone) };
  const days = calendarDayNumber(periodEnd, timeZone) - calendarDayNumber(now, timeZone);
  if (days <= 0) return { kind: 'today' };
  if (days === 1) return { kind: 'tomorrow' };
  if (days <= RENEWAL_RELATIVE_MAX_DAYS) return { kind: 'days', days };
  return { kind: 'date', date: formatDate(periodEnd, timeZone) };
}
