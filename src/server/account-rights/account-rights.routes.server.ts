import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { createGzip, constants as zlibConstants } from 'node:zlib';
import type { Hono } from 'hono';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { DEFAULT_TIME_ZONE } from '#server/accounts/accounts.server';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { BlobStorage } from '#server/storage/storage.server';
import { type DeleteAccountResponse, exportFileName } from '#shared/account-rights';
import { accountRightsContract } from '#shared/account-rights.contract';
import { zonedDay } from '#shared/time';
import { CLOSE_ATTEMPT_WINDOW_MINUTES, closeAccount } from './account-deletion.server';
import { claimExport, exportAccount } from './account-export.server';

/**
 * `/api/me/export` and `DELETE /api/me`: the customer's LGPD rights (docs/accounts-contract.md). A domain of its own
 * because closing an account reaches billing (cancel the subscription), videos and storage, which accounts must not.
 */

export interface AccountRightsRoutesOptions {
  pool: pg.Pool;
  guards: Guards;
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
  too_many_attempts: [
    429,
    'too_many_attempts',
    `Muitas tentativas. Aguarde ${CLOSE_ATTEMPT_WINDOW_MINUTES} minutos e tente de novo.`,
  ],
} as const;

/** Whether the client takes gzip (RFC 9110 §12.5.3: a q of 0 refuses it). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

export function accountRightsRoutes({
  pool,
  guards,
  boss,
  storage,
  authSecret,
  appUrl,
}: AccountRightsRoutesOptions): Hono<AppEnv> {
  return routesFromContract(
    accountRightsContract,
    { base: '/api/me', guards },
    {
      exportMyData: async (c) => {
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
        c.header('Vary', 'Accept-Encoding');
        // A big user's export is 100+ MB of JSON: gzip's fastest level still shrinks it about tenfold at a fraction
        // of the default level's CPU, which would otherwise be most of the export's time.
        const gzip = acceptsGzip(c.req.header('Accept-Encoding'));
        if (gzip) c.header('Content-Encoding', 'gzip');
        const body = gzip
          ? createGzip({ level: zlibConstants.Z_BEST_SPEED, chunkSize: 64 * 1024 })
          : new PassThrough();
        const write = async (chunk: string) => {
          if (body.destroyed) throw new Error('the client went away');
          if (body.write(chunk)) return;
          const waiting = new AbortController();
          const { signal } = waiting;
          await Promise.race([once(body, 'drain', { signal }), once(body, 'close', { signal })]).finally(() =>
            waiting.abort(),
          );
        };
        exportAccount({ pool, storage, appUrl }, user.id, session.id, write, () => body.destroyed).then(
          () => body.end(),
          (error: unknown) => {
            // Headers are gone already: cut the body short so the download shows as failed, not as complete.
            if (!body.destroyed) c.get('logger').error({ err: error }, 'data export failed mid-stream');
            body.destroy(error instanceof Error ? error : new Error(String(error)));
          },
        );
        return c.body(Readable.toWeb(body) as ReadableStream<Uint8Array>);
      },
      deleteAccount: async (c, { body: credentials }) => {
        const userId = sessionOf(c).user.id;
        const outcome = await closeAccount({ pool, boss, authSecret }, userId, credentials);
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
      },
    },
  );
}
