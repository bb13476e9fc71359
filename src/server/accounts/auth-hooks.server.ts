import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type pg from 'pg';
import { z } from 'zod';
import { MAX_NAME_LENGTH } from '#shared/accounts';
import { AGE_MESSAGES, birthDateSchema, brazilToday, isAdultOn } from '#shared/age';
import { PASSWORD_MAX_LENGTH } from '#shared/password';
import { LANGUAGES } from './accounts.schema.server';
import { localizedAuthError } from './auth-errors.server';
import { claimTotpCode, releaseTotpCode } from './totp-replay.server';

/** What Cena adds around Better Auth's own endpoints: stricter sign-up input, revocation, TOTP replay, reset. */

/** What sign-up accepts: the web's form and nothing else, within limits Better Auth does not set itself. */
const signUpBodySchema = z.strictObject(
  {
    name: z
      .string({ error: 'Nome é obrigatório.' })
      .trim()
      .min(1, 'Nome é obrigatório.')
      .max(MAX_NAME_LENGTH, `Nome deve ter no máximo ${MAX_NAME_LENGTH} caracteres.`)
      // PostgreSQL stores a lone UTF-16 surrogate as U+FFFD: the answer for a new account (read back) and for a
      // taken e-mail (echoed) must carry the same name, or the difference would tell them apart.
      .transform((name) => name.replace(/\p{Cs}/gu, '\uFFFD')),
    email: z.string({ error: 'E-mail é obrigatório.' }).max(254, 'E-mail inválido.'),
    password: z
      .string({ error: 'Senha é obrigatória.' })
      .max(PASSWORD_MAX_LENGTH, `Senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`),
    language: z.enum(LANGUAGES, { error: 'Idioma deve ser "pt" ou "en".' }).optional(),
    birthDate: birthDateSchema,
    callbackURL: z.string().max(2000).optional(),
    rememberMe: z.boolean().optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Campo não permitido: ${issue.keys.join(', ')}.`
        : 'Dados inválidos.',
  },
);

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type TotpClaims = WeakMap<object, { userId: string; code: string }>;

/**
 * Whose TOTP code this is: the signed-in user (enrolment), or the one the sign-in's signed two-factor cookie
 * names (Better Auth's verifyTwoFactor reads the same cookie); undefined when neither, and Better Auth refuses it.
 */
async function twoFactorUserId(ctx: HookContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return undefined;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value;
}

function checkSignUp(ctx: HookContext) {
  const parsed = signUpBodySchema.safeParse(ctx.body);
  if (!parsed.success) {
    throw new APIError(
      'BAD_REQUEST',
      localizedAuthError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Dados inválidos.'),
    );
  }
  // Under 18 is refused here, before Better Auth's endpoint runs: nothing is stored, not even the e-mail (ADR 0066).
  if (!isAdultOn(parsed.data.birthDate, brazilToday())) {
    throw new APIError('FORBIDDEN', localizedAuthError('UNDER_AGE', AGE_MESSAGES.underAge));
  }
  return { context: { body: { ...ctx.body, name: parsed.data.name } } };
}

/**
 * Better Auth answers `{ status: true }` for any token, revoking only the caller's own: a token of another account
 * (or none) answers like an unknown one, and says so.
 */
async function checkRevokedSessionIsOwn(ctx: HookContext, pool: pg.Pool): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  const token: unknown = ctx.body?.token;
  if (!session || typeof token !== 'string') return;
  const owner = await pool.query<{ user_id: string }>('SELECT user_id FROM session WHERE token = $1', [
    token,
  ]);
  if (owner.rows[0]?.user_id !== session.user.id) {
    throw new APIError('NOT_FOUND', localizedAuthError('SESSION_NOT_FOUND', 'Sessão não encontrada.'));
  }
}

/** Each TOTP code signs in once (totp-replay.server.ts); the claim is remembered to give it back on failure. */
async function claimTotp(ctx: HookContext, pool: pg.Pool, claims: TotpClaims): Promise<void> {
  const code: unknown = ctx.body?.code;
  const userId = await twoFactorUserId(ctx);
  if (typeof code !== 'string' || !userId) return;
  if (!(await claimTotpCode(pool, userId, code))) {
    throw new APIError(
      'UNAUTHORIZED',
      localizedAuthError('INVALID_CODE', 'Este código já foi usado. Aguarde o próximo código no aplicativo.'),
    );
  }
  claims.set(ctx.request ?? ctx, { userId, code });
}

/** The spec's reset ends signed in, on the dashboard. */
async function signInAfterReset(ctx: HookContext, userId: string): Promise<void> {
  const user = await ctx.context.internalAdapter.findUserById(userId);
  // A reset proves the e-mail, not the second factor: an account with two-factor on signs in as usual.
  if (!user?.emailVerified || (user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
  const session = await ctx.context.internalAdapter.createSession(user.id);
  await setSessionCookie(ctx, { session, user });
}

/**
 * `afterEach` runs after every auth endpoint (the new account's device cookie, trial/new-account-hooks.server.ts).
 */
export function createAuthHooks(pool: pg.Pool, afterEach: (ctx: HookContext) => void) {
  // The TOTP code each verify-totp request claimed, to give it back if the attempt fails (see totp-replay).
  const totpClaims: TotpClaims = new WeakMap();
  // The user whose password a reset request just set (Better Auth names them only to `onPasswordReset`), so the
  // after-hook can sign them in.
  const passwordResetUsers = new WeakMap<Request, string>();
  return {
    /** For Better Auth's `onPasswordReset`. */
    passwordWasReset(userId: string, request: Request | undefined): void {
      if (request) passwordResetUsers.set(request, userId);
    },
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path === '/sign-up/email') return checkSignUp(ctx);
      if (ctx.path === '/revoke-session') return checkRevokedSessionIsOwn(ctx, pool);
      if (ctx.path === '/two-factor/verify-totp') await claimTotp(ctx, pool, totpClaims);
    }),
    after: createAuthMiddleware(async (ctx) => {
      afterEach(ctx);
      if (ctx.path === '/two-factor/verify-totp') {
        const claim = totpClaims.get(ctx.request ?? ctx);
        if (claim && isAPIError(ctx.context.returned)) await releaseTotpCode(pool, claim.userId, claim.code);
        return;
      }
      if (ctx.path !== '/reset-password' || !ctx.request) return;
      const userId = passwordResetUsers.get(ctx.request);
      if (userId) await signInAfterReset(ctx, userId);
    }),
  };
}
