import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import type { Algorithm } from '@node-rs/argon2';
import * as argon2 from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type pg from 'pg';
import { z } from 'zod';
import { MAX_NAME_LENGTH } from '../../shared/accounts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/password';
import type { Config } from '../config.server';
import { createDatabase } from '../db/database.server';
import { trustedOrigins } from '../kernel/same-origin.server';
import type { Logger } from '../logger.server';
import type { Mailer } from '../mail/mailer.server';
import {
  existingAccountMail,
  mailLanguage,
  resetPasswordMail,
  verificationMail,
} from '../mail/templates.server';
import {
  authSchema,
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  LANGUAGES,
  TIME_ZONES,
} from './accounts.schema.server';
import { localizedAuthError } from './auth-errors.server';
import { COOKIE_PREFIX, SessionCache, type SessionRead, sessionCookieName } from './session-cache.server';
import { claimTotpCode, releaseTotpCode } from './totp-replay.server';

/**
 * Better Auth on our PostgreSQL (design §6): e-mail + password with verification, reset, Google when configured,
 * cookie sessions, TOTP two-factor with backup codes, rate limits shared by every process. Decisions that are not
 * Better Auth's defaults are commented where they are made.
 */

const AUTH_BASE_PATH = '/api/auth';
/** Long enough for any message Better Auth writes itself; a client's input (a callbackURL, a token) is cut. */
const MAX_LOGGED_TEXT = 200;

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS: argon2.Options = {
  // Algorithm.Argon2id: the package's const enum cannot be read under isolatedModules.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * Stricter than Better Auth's defaults (3 per 10 s), per client IP and path, counted in the database so every web
 * process shares them. Keys are Better Auth paths (under /api/auth).
 */
export const AUTH_RATE_LIMITS = {
  '/sign-in/*': { window: 60, max: 5 },
  '/sign-up/*': { window: 600, max: 5 },
  '/request-password-reset': { window: 900, max: 3 },
  '/reset-password': { window: 900, max: 5 },
  '/send-verification-email': { window: 900, max: 3 },
  '/two-factor/*': { window: 60, max: 5 },
  // Better Auth counts every other path too (100 per 10 s), in the database: a row read and written on each call.
  // Reading one's own session is what every page does, guesses nothing and changes nothing, so it is not counted.
  '/get-session': false,
} as const;

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

/** Client text in a log line: cut, so a 10 KB callbackURL is not repeated in the log. */
function truncateForLog(value: unknown): unknown {
  if (typeof value === 'string' && value.length > MAX_LOGGED_TEXT) {
    return `${value.slice(0, MAX_LOGGED_TEXT)}… (${value.length} characters)`;
  }
  return value instanceof Error ? { name: value.name, message: truncateForLog(value.message) } : value;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

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

/**
 * A verification link sent without a callback (the one re-sent when an unverified e-mail signs in: the web signs in
 * without `callbackURL`, so the client does not reload the page) would land on `/`; it lands on the dashboard.
 */
function verificationLandsOnDashboard(url: string): string {
  const link = new URL(url);
  const callback = link.searchParams.get('callbackURL');
  if (callback !== null && callback !== '/') return url;
  link.searchParams.set('callbackURL', '/dashboard');
  return link.toString();
}

interface AuthDependencies {
  config: Config;
  logger: Logger;
  pool: pg.Pool;
  mailer: Mailer;
  secret: string;
}

function recipient(user: { email: string; name: string; language?: unknown }) {
  return { email: user.email, name: user.name, language: mailLanguage(user.language) };
}

export function createAuth({ config, logger, pool, mailer, secret }: AuthDependencies) {
  const authLogger = logger.child({ component: 'auth' });
  // E-mails and other after-response work run in the background, so an answer's timing does not depend on
  // whether an e-mail was sent (account enumeration); `settle` lets shutdown wait for them.
  const pending = new Set<Promise<unknown>>();
  // The TOTP code each verify-totp request claimed, to give it back if the attempt fails (see totp-replay).
  const totpClaims = new WeakMap<object, { userId: string; code: string }>();
  // The user whose password a reset request just set (Better Auth names them only to `onPasswordReset`), so the
  // after-hook can sign them in: the spec's reset ends signed in, on the dashboard.
  const passwordResetUsers = new WeakMap<Request, string>();
  // Reads `auth` only when a request comes, once it exists.
  const sessions: SessionCache = new SessionCache(
    (headers): Promise<SessionRead> => auth.api.getSession({ headers, returnHeaders: true }),
    sessionCookieName(config.isProduction),
  );

  const auth = betterAuth({
    appName: 'Cena',
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    database: drizzleAdapter(createDatabase(pool), { provider: 'pg', schema: authSchema, transaction: true }),
    logger: {
      level: 'debug',
      log: (level, message, ...args) => {
        // Better Auth's info messages name e-mail addresses ("sign-up attempt for existing email …"): debug only.
        // Its errors mostly describe a client's bad input (an invalid callbackURL): warn, unless a real exception
        // came with them. Client text is cut, and exceptions are pino's `err` field (stack included).
        const failure = args.find((arg) => arg instanceof Error && !isAPIError(arg));
        const mapped = level === 'info' ? 'debug' : level === 'error' && !failure ? 'warn' : level;
        const details = args.filter((arg) => arg !== failure).map(truncateForLog);
        authLogger[mapped](
          { ...(failure ? { err: failure } : {}), ...(details.length > 0 ? { details } : {}) },
          truncateForLog(message) as string,
        );
      },
    },
    // Better Auth would log its errors on the console and answer an empty 500; thrown, they reach
    // auth.routes.server.ts, which logs them through pino and answers in Cena's shape.
    onAPIError: { throw: true },
    user: {
      additionalFields: {
        language: {
          type: [...LANGUAGES],
          required: false,
          defaultValue: DEFAULT_LANGUAGE,
          input: true,
          validator: { input: z.enum(LANGUAGES) },
        },
        // Changed through PATCH /api/me/profile only.
        timezone: { type: [...TIME_ZONES], required: false, defaultValue: DEFAULT_TIME_ZONE, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => argon2.hash(password, ARGON2_OPTIONS),
        // A malformed stored hash is a wrong password, not a server error.
        verify: ({ hash, password }) => argon2.verify(hash, password).catch(() => false),
      },
      sendResetPassword: ({ user, url }) => mailer.send(resetPasswordMail(recipient(user), url)),
      onPasswordReset: async ({ user }, request) => {
        if (request) passwordResetUsers.set(request, user.id);
      },
      // With requireEmailVerification, Better Auth answers a sign-up for a taken e-mail exactly like a new one;
      // the owner is told by e-mail instead.
      onExistingUserSignUp: ({ user }) =>
        mailer.send(existingAccountMail(recipient(user), `${config.appUrl}/auth/login`)),
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in with the right password but an unverified e-mail sends a fresh link (the 403 says so).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: ({ user, url }) =>
        mailer.send(verificationMail(recipient(user), verificationLandsOnDashboard(url))),
    },
    socialProviders: config.auth.google
      ? { google: { ...config.auth.google, prompt: 'select_account' as const } }
      : {},
    plugins: [twoFactor({ issuer: 'Cena' })],
    rateLimit: { enabled: true, storage: 'database', customRules: AUTH_RATE_LIMITS },
    // A session ended (sign-out, revoke-session(s), password change or reset) or a user changed (two-factor,
    // verification) through Better Auth: this process's cached copy goes at once (session-cache.server.ts).
    databaseHooks: {
      session: { delete: { after: async (session) => sessions.forgetUser(session.userId) } },
      user: { update: { after: async (user) => sessions.forgetUser(user.id) } },
    },
    // Profile changes go through PATCH /api/me/profile, which validates them; Better Auth's own update endpoint
    // would accept any name and language.
    disabledPaths: ['/update-user'],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          const parsed = signUpBodySchema.safeParse(ctx.body);
          if (!parsed.success) {
            throw new APIError(
              'BAD_REQUEST',
              localizedAuthError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Dados inválidos.'),
            );
          }
          return { context: { body: { ...ctx.body, name: parsed.data.name } } };
        }
        if (ctx.path === '/revoke-session') {
          // Better Auth answers `{ status: true }` for any token, revoking only the caller's own: a token of
          // another account (or none) answers like an unknown one, and says so.
          const session = await getSessionFromCtx(ctx);
          const token: unknown = ctx.body?.token;
          if (!session || typeof token !== 'string') return;
          const owner = await pool.query<{ user_id: string }>(
            'SELECT user_id FROM session WHERE token = $1',
            [token],
          );
          if (owner.rows[0]?.user_id !== session.user.id) {
            throw new APIError(
              'NOT_FOUND',
              localizedAuthError('SESSION_NOT_FOUND', 'Sessão não encontrada.'),
            );
          }
          return;
        }
        if (ctx.path === '/two-factor/verify-totp') {
          const code: unknown = ctx.body?.code;
          const userId = await twoFactorUserId(ctx);
          if (typeof code !== 'string' || !userId) return;
          if (!(await claimTotpCode(pool, userId, code))) {
            throw new APIError(
              'UNAUTHORIZED',
              localizedAuthError(
                'INVALID_CODE',
                'Este código já foi usado. Aguarde o próximo código no aplicativo.',
              ),
            );
          }
          totpClaims.set(ctx.request ?? ctx, { userId, code });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/two-factor/verify-totp') {
          const claim = totpClaims.get(ctx.request ?? ctx);
          if (claim && isAPIError(ctx.context.returned))
            await releaseTotpCode(pool, claim.userId, claim.code);
          return;
        }
        if (ctx.path !== '/reset-password' || !ctx.request) return;
        const userId = passwordResetUsers.get(ctx.request);
        if (!userId) return;
        const user = await ctx.context.internalAdapter.findUserById(userId);
        // A reset proves the e-mail, not the second factor: an account with two-factor on signs in as usual.
        if (!user?.emailVerified || (user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
      }),
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      // Better Auth skips origin and CSRF checks when NODE_ENV=test; Cena checks them everywhere.
      disableOriginCheck: false,
      // The HTTP mount rewrites X-Forwarded-For from the socket address (see auth.routes.server.ts).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'], trustedProxies: config.auth.trustedProxies },
      backgroundTasks: {
        handler: (promise) => {
          const tracked: Promise<unknown> = promise
            .catch((error: unknown) => authLogger.error({ err: error }, 'background task failed'))
            .finally(() => pending.delete(tracked));
          pending.add(tracked);
        },
      },
    },
  });

  return {
    auth,
    /** The sessions this process validated lately, for `requireSession`. */
    sessions,
    /** Waits for the e-mails and other background work started so far. */
    async settle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}

export type CenaAuth = ReturnType<typeof createAuth>;
export type Auth = CenaAuth['auth'];
