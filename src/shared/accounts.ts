import { z } from 'zod';

/** The accounts API's shapes (docs/accounts-contract.md), shared by the routes, the web and the OpenAPI document. */

export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

/**
 * The time zones the profile offers (spec §9), Brazil's first; the first is the default. Brazil's are its four
 * offsets as the IANA database names them for the places users know (tzdata zone1970.tab, BR): Brasília time
 * (São Paulo; Bahia, Fortaleza, Recife and Belém keep the same clock), Amazon time (Manaus, Cuiabá, Porto Velho,
 * Boa Vista), Acre time (Rio Branco) and Fernando de Noronha.
 */
export const TIME_ZONES = [
  'America/Sao_Paulo',
  'America/Bahia',
  'America/Fortaleza',
  'America/Recife',
  'America/Belem',
  'America/Manaus',
  'America/Cuiaba',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'America/Noronha',
  'America/New_York',
  'Europe/London',
  'Europe/Paris',
] as const;
export type TimeZone = (typeof TIME_ZONES)[number];
export const DEFAULT_TIME_ZONE: TimeZone = 'America/Sao_Paulo';

export const MAX_NAME_LENGTH = 100;

/** `PATCH /api/me/profile`. */
export const profilePatchSchema = z.strictObject(
  {
    name: z
      .string({ error: 'Nome deve ser um texto.' })
      .trim()
      .min(1, 'Nome é obrigatório.')
      .max(MAX_NAME_LENGTH, `Nome deve ter no máximo ${MAX_NAME_LENGTH} caracteres.`)
      .optional(),
    language: z.enum(LANGUAGES, { error: 'Idioma deve ser "pt" ou "en".' }).optional(),
    timezone: z.enum(TIME_ZONES, { error: 'Fuso horário inválido.' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Campo não permitido: ${issue.keys.join(', ')}.`
        : 'O corpo da requisição deve ser um objeto JSON.',
  },
);
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/** `GET /api/me` and `PATCH /api/me/profile`. */
export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
    createdAt: z.iso.datetime(),
    /** False for an account made before the age rule or with Google: asked for it before paying (ADR 0066). */
    birthDateKnown: z.boolean(),
  }),
  profile: z.object({ language: z.enum(LANGUAGES), timezone: z.enum(TIME_ZONES) }),
  isAdmin: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** `GET/PATCH /api/me/settings` (docs/history-contract.md). */
export const userSettingsSchema = z.object({
  /** E-mail when a request reaches `completed` or `failed` (default true). */
  notifyOnVideoReady: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const settingsPatchSchema = z.strictObject({
  notifyOnVideoReady: z.boolean({ error: 'notifyOnVideoReady deve ser verdadeiro ou falso.' }),
});
