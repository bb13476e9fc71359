import type { TFunction } from 'i18next';
import type { QueuePlace } from '#shared/video-queue';

/** English ordinals (1st, 2nd, 3rd, 4th, 11th, 21st…); pt-BR writes 1º, 2º… in the text itself. */
const ENGLISH_SUFFIX: Record<Intl.LDMLPluralRule, string> = {
  one: 'st',
  two: 'nd',
  few: 'rd',
  other: 'th',
  zero: 'th',
  many: 'th',
};
const englishOrdinals = new Intl.PluralRules('en', { type: 'ordinal' });

export function queueWait(t: TFunction<'videos'>, seconds: number): string {
  return seconds < 60
    ? t('queue.lessThanMinute')
    : t('queue.aboutMinutes', { count: Math.round(seconds / 60) });
}

/** "Na fila: 3º · começa em cerca de 2 min" (src/shared/video-queue.ts), or its English. */
export function queuePlaceText(t: TFunction<'videos'>, language: string, place: QueuePlace): string {
  const position = language.startsWith('en')
    ? `${place.position}${ENGLISH_SUFFIX[englishOrdinals.select(place.position)]}`
    : String(place.position);
  return t('queue.place', { position, wait: queueWait(t, place.etaSeconds) });
}
