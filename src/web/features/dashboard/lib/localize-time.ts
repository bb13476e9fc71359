import type { TFunction } from 'i18next';
import { type Greeting, greeting } from '#shared/time';

/**
 * The shared greeting rule (src/shared/time.ts) answers in pt-BR, the product's language. This maps its answer to the
 * UI language without re-deciding anything: the hours and time zone handling stay in one place.
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
