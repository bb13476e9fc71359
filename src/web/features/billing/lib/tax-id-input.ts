import { creditCheckoutSchema } from '#shared/billing';

const MAX_DIGITS = 14;
/** Each group's length and the mark before it. */
const CPF_GROUPS = [
  [3, ''],
  [3, '.'],
  [3, '.'],
  [2, '-'],
] as const;
const CNPJ_GROUPS = [
  [2, ''],
  [3, '.'],
  [3, '.'],
  [4, '/'],
  [2, '-'],
] as const;

/**
 * What the CPF/CNPJ field shows while typing: the digits only (a phone's numeric keypad, a pasted document with any
 * punctuation), punctuated as a CPF (000.000.000-00) up to 11 digits and as a CNPJ (00.000.000/0000-00) beyond.
 */
export function maskTaxId(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, MAX_DIGITS);
  let shown = '';
  let at = 0;
  for (const [length, mark] of digits.length <= 11 ? CPF_GROUPS : CNPJ_GROUPS) {
    if (at >= digits.length) break;
    shown += `${mark}${digits.slice(at, at + length)}`;
    at += length;
  }
  return shown;
}

/**
 * The field checked by the checkout's own schema (check digits, src/shared/tax-id.ts), so the buyer reads the
 * server's message before any checkout opens: `{ taxId }` to send (undefined when left empty) or the message.
 */
export function checkTaxId(value: string): { taxId: string | undefined } | { error: string } {
  if (value.trim() === '') return { taxId: undefined };
  const parsed = creditCheckoutSchema.shape.taxId.safeParse(value);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? '' };
  return { taxId: parsed.data };
}
