import { z } from 'zod';
import { API_KEY_SCOPES } from './api-contract';

/**
 * API keys (ADR 0063): what Perfil → Desenvolvedores creates, lists and revokes. The token is shown once, in the
 * create's answer; the server keeps its prefix (to find it) and a hash, never the token.
 */

export { API_KEY_SCOPES, type ApiKeyScope } from './api-contract';

export const API_KEY_LIMITS = {
  nameMax: 60,
  /** Active keys per account: enough for every integration of an agency, not a runaway script's. */
  activeMax: 20,
  /** The most a key may spend a day, in credits (the largest package is well below). */
  dailyCreditsMax: 100_000,
} as const;

/** How a token is written: `cena_`, the 16-hex prefix the server finds it by, `_`, 43 base64url characters. */
export const API_KEY_TOKEN_PATTERN = /^cena_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export const createApiKeySchema = z.strictObject({
  name: z
    .string({ error: 'Dê um nome à chave.' })
    .trim()
    .min(1, 'Dê um nome à chave.')
    .max(API_KEY_LIMITS.nameMax, `O nome pode ter até ${API_KEY_LIMITS.nameMax} caracteres.`),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Permissão inválida: use read ou create.' }), {
      error: 'Escolha ao menos uma permissão.',
    })
    .min(1, 'Escolha ao menos uma permissão.')
    .max(API_KEY_SCOPES.length, 'Permissão repetida.')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Permissão repetida.'),
  /** Credits the key may spend per day (America/Sao_Paulo); absent or null: no limit of its own. */
  dailyCreditLimit: z
    .number({ error: 'O limite diário deve ser um número inteiro de créditos.' })
    .int('O limite diário deve ser um número inteiro de créditos.')
    .min(1, 'O limite diário deve ser de ao menos 1 crédito.')
    .max(
      API_KEY_LIMITS.dailyCreditsMax,
      `O limite diário pode ser de até ${API_KEY_LIMITS.dailyCreditsMax} créditos.`,
    )
    .nullable()
    .optional(),
});
export type CreateApiKeyBody = z.input<typeof createApiKeySchema>;

const apiKeyViewSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  /** `cena_<prefix>`: how the key is recognised in the list, never enough to use it. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  dailyCreditLimit: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const createdApiKeySchema = z.strictObject({
  apiKey: apiKeyViewSchema.extend({
    /** The whole token, in this answer only. */
    token: z.string().regex(API_KEY_TOKEN_PATTERN),
  }),
});

export const apiKeyListSchema = z.strictObject({ apiKeys: z.array(apiKeyViewSchema) });

export const revokedApiKeySchema = z.strictObject({ revoked: z.literal(true) });

/** A key as the admin sees it: whose, how much it was used, whether it still works. */
const adminApiKeySchema = apiKeyViewSchema.extend({
  userId: z.string(),
  userEmail: z.string(),
  requestCount: z.number().int(),
  revokedAt: z.iso.datetime().nullable(),
});
export type AdminApiKey = z.infer<typeof adminApiKeySchema>;

export const adminApiKeyListSchema = z.strictObject({ apiKeys: z.array(adminApiKeySchema) });
