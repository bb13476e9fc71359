import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { stream } from 'hono/streaming';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import {
  type DeleteAccountResponse,
  deleteAccountBodySchema,
  exportFileName,
} from '../../shared/account-rights';
import { zonedDay } from '../../shared/time';
import { type AppEnv, apiError } from '../kernel/errors.server';
import { jsonBodyLimit, parseJsonBody, rejectQueryParameters } from '../kernel/request-validation.server';
import { sessionOf } from '../kernel/session.server';
import type { BlobStorage } from '../storage/blob-storage.server';
import { closeAccount } from './account-deletion.server';
import { claimExport, exportAccount } from './account-export.server';
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
  boss: PgBoss;
  storage: BlobStorage;
  /** Better Auth's secret: two-factor secrets are encrypted with it. */
  authSecret: string;
  appUrl: string;
}

const CLOSE_REFUSALS = {
  wrong_password: [403, 'wrong_password', 'Senha incorreta. Nada foi alterado.'],
  no_password: [
    403,
    'password_not_set',
    'Sua conta não tem senha (entrada pelo Google). Crie uma em "Esqueceu a senha?" na tela de login e tente de novo.',
  ],
  code_required: [403, 'two_factor_required', 'Informe o código de 6 dígitos do seu app autenticador.'],
  wrong_code: [403, 'wrong_two_factor_code', 'Código de verificação inválido. Nada foi alterado.'],
} as const;

export function meRoutes({
  pool,
  requireSession,
  boss,
  storage,
  authSecret,
  appUrl,
}: MeRoutesOptions): Hono<AppEnv> {
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
    })
    .get('/export', requireSession, rejectQueryParameters, async (c) => {
      const { user, session } = sessionOf(c);
      const retryAfter = await claimExport(pool, user.id);
      if (retryAfter !== null) {
        c.header('Retry-After', String(retryAfter));
        return apiError(
          c,
          429,
          'too_many_exports',
          'Você já exportou seus dados várias vezes na última hora. Tente de novo mais tarde.',
        );
      }
      const timeZone = (user as { timezone?: string }).timezone ?? DEFAULT_TIME_ZONE;
      c.header('Content-Type', 'application/json; charset=utf-8');
      c.header(
        'Content-Disposition',
        `attachment; filename="${exportFileName(zonedDay(new Date(), timeZone))}"`,
      );
      c.header('Cache-Control', 'no-store');
      return stream(
        c,
        async (out) => {
          await exportAccount(
            { pool, storage, appUrl },
            user.id,
            session.id,
            async (chunk) => {
              await out.write(chunk);
            },
            () => out.aborted || out.closed,
          );
        },
        async (error, out) => {
          // Headers are gone already: cut the body short so the download shows as failed, not as complete.
          c.get('logger').error({ err: error }, 'data export failed mid-stream');
          out.abort();
        },
      );
    })
    .delete('/', requireSession, rejectQueryParameters, jsonBodyLimit, async (c) => {
      const parsed = await parseJsonBody(c, deleteAccountBodySchema);
      if (!parsed.ok) return parsed.response;
      const userId = sessionOf(c).user.id;
      const outcome = await closeAccount({ pool, boss, authSecret }, userId, parsed.data);
      if (outcome !== 'closed') {
        const [status, code, message] = CLOSE_REFUSALS[outcome];
        return apiError(c, status, code, message);
      }
      const state = await pool.query(
        'SELECT 1 FROM account_deletions WHERE user_id = $1 AND completed_at IS NOT NULL',
        [userId],
      );
      const body: DeleteAccountResponse = { deleted: true, completed: (state.rowCount ?? 0) > 0 };
      return c.json(body);
    });
}
