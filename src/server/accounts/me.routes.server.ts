import { eq, sql } from 'drizzle-orm';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { stream } from 'hono/streaming';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import {
  type DeleteAccountResponse,
  deleteAccountBodySchema,
  exportFileName,
} from '../../shared/account-rights';
import {
  DEFAULT_TIME_ZONE,
  type MeResponse,
  profilePatchSchema,
  TIME_ZONES,
  type TimeZone,
} from '../../shared/accounts';
import { zonedDay } from '../../shared/time';
import { createDatabase } from '../db/database.server';
import { type AppEnv, apiError } from '../kernel/errors.server';
import { jsonBodyLimit, parseJsonBody, rejectQueryParameters } from '../kernel/request-validation.server';
import { sessionOf } from '../kernel/session.server';
import type { BlobStorage } from '../storage/blob-storage.server';
import { closeAccount } from './account-deletion.server';
import { claimExport, exportAccount } from './account-export.server';
import { user } from './accounts.schema.server';
import { hasRole } from './roles.server';

/** `/api/me`: who is signed in, their profile and whether they are an admin (docs/accounts-contract.md). */

const meColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  twoFactorEnabled: user.twoFactorEnabled,
  createdAt: user.createdAt,
  language: user.language,
  timezone: user.timezone,
};

function toMe({ language, timezone, createdAt, ...fields }: MeRow, isAdmin: boolean): MeResponse {
  return {
    user: { ...fields, createdAt: createdAt.toISOString() },
    profile: {
      language,
      // The column is free text (the list of zones may shrink); an unknown zone reads as the default.
      timezone: (TIME_ZONES as readonly string[]).includes(timezone)
        ? (timezone as TimeZone)
        : DEFAULT_TIME_ZONE,
    },
    isAdmin,
  };
}

type MeRow = Pick<typeof user.$inferSelect, keyof typeof meColumns>;

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
  const db = createDatabase(pool);
  const me = async (userId: string): Promise<MeResponse | undefined> => {
    const [[row], isAdmin] = await Promise.all([
      db.select(meColumns).from(user).where(eq(user.id, userId)),
      hasRole(pool, userId, 'admin'),
    ]);
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
      await db
        .update(user)
        .set({ name, language, timezone, updatedAt: sql`now()` })
        .where(eq(user.id, userId));
      const found = await me(userId);
      return found ? c.json(found) : userGone(c);
    })
    .get('/export', requireSession, rejectQueryParameters, async (c) => {
      const { user: account, session } = sessionOf(c);
      const retryAfter = await claimExport(pool, account.id);
      if (retryAfter !== null) {
        c.header('Retry-After', String(retryAfter));
        return apiError(
          c,
          429,
          'too_many_exports',
          'Você já exportou seus dados várias vezes na última hora. Tente de novo mais tarde.',
        );
      }
      const timeZone = (account as { timezone?: string }).timezone ?? DEFAULT_TIME_ZONE;
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
            account.id,
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
