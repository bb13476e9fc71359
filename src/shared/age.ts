import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './format';
import { parseDay, zonedDay } from './time';

/**
 * Cena is for adults (spec; ADR 0066): the e-mail sign-up asks for the birth date (`birthDate`, YYYY-MM-DD) and
 * refuses anyone under ADULT_AGE on the day they sign up in Brasília time. A birthday on 29 February comes of age
 * on 1 March in a year without one (the day after 28 February), as the string comparison below reads it.
 */

export const ADULT_AGE = 18;
/** Older than anyone alive: a year typed wrong (0199, 1026) is a mistake to point out, not an adult. */
const OLDEST_YEAR = 1900;

export const AGE_MESSAGES = {
  required: 'Informe sua data de nascimento.',
  invalid: 'Data de nascimento inválida. Use o formato dd/mm/aaaa.',
  underAge: `A Cena é só para maiores de ${ADULT_AGE} anos: não é possível criar uma conta com esta data de nascimento.`,
  /** An account made before the rule, or with Google, at its first generation or purchase. */
  birthDateRequired: `Informe sua data de nascimento para gerar vídeos ou comprar: a Cena é só para maiores de ${ADULT_AGE} anos.`,
  alreadyGiven: 'Sua data de nascimento já foi informada.',
} as const;

/** Whether someone born on `birthDate` (YYYY-MM-DD) is ADULT_AGE or older on `today` (YYYY-MM-DD). */
export function isAdultOn(birthDate: string, today: string): boolean {
  const [year] = birthDate.split('-');
  return `${String(Number(year) + ADULT_AGE).padStart(4, '0')}${birthDate.slice(4)}` <= today;
}

/** Today's date in Brasília time, YYYY-MM-DD: the day an age is counted on. */
export const brazilToday = (now: Date = new Date()) => zonedDay(now, DEFAULT_TIME_ZONE);

/** A real calendar day from OLDEST_YEAR to today, YYYY-MM-DD (the age itself is checked apart: its own message). */
export const birthDateSchema = z
  .string({ error: AGE_MESSAGES.required })
  .min(1, AGE_MESSAGES.required)
  .refine((value) => {
    const day = parseDay(value);
    return day !== undefined && day[0] >= OLDEST_YEAR && value <= brazilToday();
  }, AGE_MESSAGES.invalid);

/** `POST /api/me/birth-date`: an account without a birth date gives it (ADR 0066). */
export const birthDateBodySchema = z.strictObject({ birthDate: birthDateSchema });
