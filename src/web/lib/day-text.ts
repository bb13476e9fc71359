import { parseDay } from '#shared/time';

/**
 * The pt-BR way of writing a calendar day (dd/MM/yyyy, spec §9), to and from the 'yyyy-MM-dd' the filters and the
 * API use. A browser's own date input follows the browser's locale (mm/dd/yyyy in many), so date fields are text.
 */

/** '2026-03-05' → '05/03/2026'; '' for anything that is not a valid day. */
export function dayToText(day: string | undefined): string {
  const parts = day ? parseDay(day) : undefined;
  if (!parts) return '';
  const [year, month, date] = parts;
  return `${String(date).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

/** '05/03/2026' → '2026-03-05'; undefined unless it is a complete, real day. */
export function textToDay(text: string): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const day = `${match[3]}-${match[2]}-${match[1]}`;
  return parseDay(day) ? day : undefined;
}

/** Typing help: keeps digits only and puts the slashes in ('0503' → '05/03', '05032026' → '05/03/2026'). */
export function maskDayText(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
