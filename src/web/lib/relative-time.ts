import i18n from 'i18next';
import type { Language } from '#shared/language';
import { relativeTime } from '#shared/time';

/**
 * The shared `relativeTime` (spec §9) in the UI language: src/shared/time.ts decides the unit and count, the `common`
 * namespace's `relative` texts word them, and i18next's plural rules pick the form for each language.
 */
export function localizedRelativeTime(date: Date, now: Date, timeZone: string, language: Language): string {
  const relative = relativeTime(date, now, timeZone);
  if (relative.unit === 'date') return relative.date;
  const t = i18n.getFixedT(language, 'common');
  return t(`relative.${relative.unit}`, { count: relative.count });
}
