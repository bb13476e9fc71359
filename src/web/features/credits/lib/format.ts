import { currentLanguage } from '#web/lib/language';

/** An integer in the UI language: 1500 → "1.500" (pt-BR) / "1,500" (en). */
export function formatCredits(value: number): string {
  return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 0 }).format(value);
}
