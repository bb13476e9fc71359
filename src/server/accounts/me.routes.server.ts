import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { z } from 'zod';
import { type AppEnv, apiError } from '../kernel/errors.server';
import { jsonBodyLimit, parseJsonBody, rejectQueryParameters } from '../kernel/request-validation.server';
import { sessionOf } from '../kernel/session.server';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  LANGUAGES,
  type Language,
  TIME_ZONES,
  type TimeZone,
} from './accounts.schema.server';
import { MAX_NAME_LENGTH } from './auth.server';
import { hasRole } from './roles.server';

/** `/api/me`: who is signed in, their profile and whether they are an admin (docs/accounts-contract.md). */

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

interface MeResponse {
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
    createdAt: string;
  };
  profile: { language: Language; timezone: TimeZone };
  isAdmin: boolean;
}

interface UserRow {
  id: string;
  name: string;
  email: string;
  email_verified: boolean;
  two_factor_enabled: boolean;
  created_at: Date;
  language: string;
  timezone: string;
}

const USER_COLUMNS = 'id, name, email, email_verified, two_factor_enabled, created_at, language, timezone';

function toMe(row: UserRow, isAdmin: boolean): MeResponse {
  return {
    user: {
      id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: row.email_verified,
      twoFactorEnabled: row.two_factor_enabled,
      createdAt: row.created_at.toISOString(),
    },
    profile: {
      language: (LANGUAGES as readonly string[]).includes(row.language)
        ? (row.language as Language)
        : DEFAULT_LANGUAGE,
      timezone: (TIME_ZONES as readonly string[]).includes(row.timezone)
        ? (row.timezone as TimeZone)
        : DEFAULT_TIME_ZONE,
    },
    isAdmin,
  };
}

/** The session was valid a moment ago, but its user has just been deleted. */
const userGone = (c: Context<AppEnv>) => apiError(c, 401, 'unauthorized', 'Faça login para continuar.');

export interface MeRoutesOptions {
  pool: pg.Pool;
  requireSession: MiddlewareHandler<AppEnv>;
}

export function meRoutes({ pool, requireSession }: MeRoutesOptions): Hono<AppEnv> {
  const me = async (userId: string): Promise<MeResponse | undefined> => {
    const [result, isAdmin] = await Promise.all([
      pool.query<UserRow>(`SELECT ${USER_COLUMNS} FROM "user" WHERE id = $1`, [userId]),
      hasRole(pool, userId, 'admin'),
    ]);
    const row = result.rows[0];
    return row && toMe(row, isAdmin);
  };

  return new Hono<AppEnv>()
    .get('/', requireSession, rejectQueryParameters, async (c) => {
      const found = await me(sessionOf(c).user.id);
      return found ? c.json(found) : userGone(c);
    })
    .patch('/profile', requireSession, rejectQueryParameters, jsonBodyLimit, async (c) => {
      const parsed = await parseJsonBody(c, profilePatchSchema);
      if (!parsed.ok) return parsed.response;
      const { name, language, timezone } = parsed.data;
      const userId = sessionOf(c).user.id;
      await pool.query(
        `UPDATE "user" SET name = COALESCE($2, name), language = COALESCE($3, language),
           timezone = COALESCE($4, timezone), updated_at = now()
         WHERE id = $1`,
        [userId, name ?? null, language ?? null, timezone ?? null],
      );
      const found = await me(userId);
      return found ? c.json(found) : userGone(c);
    });
}
