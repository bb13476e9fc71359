/** pt-BR formatting shared by server (e-mails, CSV) and web. */
import { LIMITS } from './catalogue';

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const decimal2 = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * 123456 → "R$ 1.234,56" (with a normal space, so copy-paste and tests see what users read); −123456 →
 * "−R$ 1.234,56" with the real minus sign (U+2212) the house style asks for, not Intl's hyphen.
 */
export function formatBRL(cents: number): string {
  return brl
    .format(cents / 100)
    .replace(/\u00a0/g, ' ')
    .replace(/^-/, '\u2212');
}

/** Cents with fractions (a per-credit price) → "1,10" — two decimals, no currency sign. */
export function formatDecimal2(cents: number): string {
  return decimal2.format(cents / 100);
}

/** dd/MM/yyyy in the given time zone. */
export function formatDate(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}

/** dd/MM/yyyy HH:mm in the given time zone (spec §9; the CSV export uses the same reading). */
export function formatDateTime(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return `${formatDate(date, timeZone)} ${new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date)}`;
}

/** Spec §9: tables show the first 50 characters of a prompt (counted as characters, not UTF-16 units). */
export function truncatePrompt(prompt: string, max: number = LIMITS.promptTruncateChars): string {
  const chars = Array.from(prompt);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : prompt;
}

/** A video's length as m:ss (8 s is 0:08, 68 s is 1:08). */
export function formatVideoLength(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
