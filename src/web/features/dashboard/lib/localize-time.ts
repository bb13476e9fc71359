import type { TFunction } from 'i18next';
import { type Greeting, greeting, relativeTime } from '../../../../shared/time';

/**
 * The shared rules (src/shared/time.ts) answer in pt-BR, the product's language. These map their answers to the
 * UI language without re-deciding anything: the buckets, thresholds and time zone handling stay in one place.
 */

const GREETING_KEYS = {
  'Bom dia': 'morning',
  'Boa tarde': 'afternoon',
  'Boa noite': 'evening',
} as const satisfies Record<Greeting, string>;

/** 'Bom dia' / 'Good morning'… by the clock in `timeZone`. */
export function localGreeting(t: TFunction<'dashboard'>, now: Date, timeZone: string): string {
  return t(`greeting.${GREETING_KEYS[greeting(now, timeZone)]}`);
}

/** Spec §9 relative time in the UI language ('agora' / 'just now', 'há 5 min' / '5 min ago', …, dd/MM/yyyy). */
export function localRelativeTime(
  t: TFunction<'dashboard'>,
  date: Date,
  now: Date,
  timeZone: string,
): string {
  const text = relativeTime(date, now, timeZone);
  if (text === 'agora') return t('relative.now');
  if (text === 'ontem') return t('relative.yesterday');
  const match = /^há (\d+) (min|h|dias)$/.exec(text);
  if (!match) return text; // dd/MM/yyyy
  const count = Number(match[1]);
  if (match[2] === 'min') return t('relative.minutes', { count });
  if (match[2] === 'h') return t('relative.hours', { count });
  return t('relative.days', { count });
}
