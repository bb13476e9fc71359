/** Number formatting for the public pages in the UI language. Money is always BRL (src/shared/format.ts). */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '#shared/format';
import { offeredLengthRange } from '#shared/mode-figures';

function numberLocale(language: string | undefined): string {
  return language?.toLowerCase().startsWith('en') ? 'en-US' : 'pt-BR';
}

/** "R$ 83,00" → "R$ 83" (whole reais lose the cents); other amounts are formatted as usual. */
export function formatBRLWhole(cents: number): string {
  return cents % 100 === 0 ? formatBRL(cents).replace(/,00$/, '') : formatBRL(cents);
}

/** "R$ 1.099,90" → { symbol: "R$", amount: "1.099,90" }, to style the currency sign apart. */
export function splitCurrency(formatted: string): { symbol: string; amount: string } {
  const space = formatted.indexOf(' ');
  return space < 0
    ? { symbol: '', amount: formatted }
    : { symbol: formatted.slice(0, space), amount: formatted.slice(space + 1) };
}

export interface NumberFormatters {
  /** Integer with the language's grouping: 1500 → "1.500" / "1,500". */
  n: (value: number) => string;
  /** One decimal: 4.8 → "4,8" / "4.8". */
  decimal1: (value: number) => string;
  /** A list: ["16:9", "1:1"] → "16:9 e 1:1" / "16:9 and 1:1". */
  list: (values: string[]) => string;
  /** The clip lengths offered, as a range of seconds: "3 a 10" / "3 to 10" (never one fixed length, ADR 0058). */
  lengths: string;
}

export function createFormatters(language: string | undefined): NumberFormatters {
  const locale = numberLocale(language);
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  return {
    n: (value) => integer.format(value),
    decimal1: (value) => oneDecimal.format(value),
    list: (values) => list.format(values),
    lengths: lengthRangeText(locale, integer),
  };
}

export function useFormatters(): NumberFormatters {
  const { i18n } = useTranslation('public');
  const language = i18n.language;
  return useMemo(() => createFormatters(language), [language]);
}

function lengthRangeText(locale: string, integer: Intl.NumberFormat): string {
  const { min, max } = offeredLengthRange();
  return `${integer.format(min)} ${locale === 'en-US' ? 'to' : 'a'} ${integer.format(max)}`;
}
