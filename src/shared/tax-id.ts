/**
 * CPF and CNPJ with their check digits (Receita Federal's modulo-11 rule): a typo is refused at checkout
 * instead of being rejected later by the city. Accepts punctuation; answers the digits.
 */

const digitsOf = (value: string) => value.replace(/[.\-/\s]/g, '');

function checkDigit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((total, digit, index) => total + digit * (weights[index] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function validCpf(d: number[]): boolean {
  const first = checkDigit(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d[9] === first && d[10] === second;
}

function validCnpj(d: number[]): boolean {
  const first = checkDigit(d.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d[12] === first && d[13] === second;
}

/** The digits of a valid CPF (11) or CNPJ (14); undefined for anything else, repeated digits included. */
export function parseTaxId(value: string): string | undefined {
  const text = digitsOf(value);
  if (!/^\d+$/.test(text) || (text.length !== 11 && text.length !== 14)) return undefined;
  if (/^(\d)\1+$/.test(text)) return undefined;
  const digits = [...text].map(Number);
  const valid = text.length === 11 ? validCpf(digits) : validCnpj(digits);
  return valid ? text : undefined;
}
