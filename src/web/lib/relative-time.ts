import { relativeTime } from '../../shared/time';
import type { Language } from '../app/i18n';

/**
 * The shared `relativeTime` (spec §9, pt-BR) in the UI language: its pt-BR readings are mapped to English, so the
 * thresholds live in one place (src/shared/time.ts).
 */
export function localizedRelativeTime(date: Date, now: Date, timeZone: string, language: Language): string {
  const text = relativeTime(date, now, timeZone);
  if (language !== 'en') return text;
  if (text === 'agora') return 'just now';
  if (text === 'ontem') return 'yesterday';
  const match = /^há (\d+) (min|h|dias)$/.exec(text);
  if (!match) return text; // dd/MM/yyyy
  const count = Number(match[1]);
  if (match[2] === 'min') return `${count} min ago`;
  if (match[2] === 'h') return `${count} h ago`;
  return `${count} days ago`;
}
