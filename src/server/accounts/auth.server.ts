import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type pg from 'pg';
import { z } from 'zod';
import type { Config } from '#server/config.server';
import { createDatabase } from '#server/db/database.server';
import { trustedOrigins } from '#server/kernel/same-origin.server';
import type { Logger } from '#server/logger.server';
import type { Mailer } from '#server/mail/mail.server';
import {
  authSchema,
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  LANGUAGES,
  TIME_ZONES,
} from './accounts.schema.server';
import { createAuthHooks } from './auth-hooks.server';
import { betterAuthLogger, emailAndPasswordOptions, emailVerificationOptions } from './auth-options.server';
import { COOKIE_PREFIX, SessionCache, type SessionRead, sessionCookieName } from './session-cache.server';

/**
 * Better Auth on our PostgreSQL (design §6): e-mail + password with verification, reset, Google when configured,
 * cookie sessions, TOTP two-factor with backup codes, rate limits shared by every process. Decisions that are not
 * Better Auth's defaults are commented where they are made.
 */

const AUTH_BASE_PATH = '/api/auth';
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

/** What a new account gets around Better Auth, decided outside accounts (trial/new-account-hooks.server.ts). */
interface NewAccountHooks {
  emailConfirmed(user: NewAccountUser, request: Request | undefined): Promise<void>;
  userCreated(user: NewAccountUser, context: NewAccountContext | null): Promise<void>;
  setDeviceCookie(context: NewAccountContext): void;
}

interface NewAccountUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** The parts of Better Auth's endpoint context the new-account hooks read. */
interface NewAccountContext {
  request?: Request | undefined;
  setCookie: (
    name: string,
    value: string,
    options: { maxAge: number; path: string; httpOnly: boolean; sameSite: 'lax'; secure: boolean },
  ) => unknown;
}

interface AuthDependencies {
  config: Config;
  logger: Logger;
  pool: pg.Pool;
  mailer: Mailer;
  secret: string;
  newAccounts: NewAccountHooks;
}

/** Better Auth's client-address settings, shared with the trial's per-address limit. */
export const authIpAddress = (config: Config) => ({
  ipAddressHeaders: ['x-forwarded-for'],
  trustedProxies: config.auth.trustedProxies,
});

/** Better Auth's background work (e-mails above all), tracked so shutdown can wait for it. */
function backgroundTasks(authLogger: Logger) {
  // E-mails and other after-response work run in the background, so an answer's timing does not depend on
  // whether an e-mail was sent (account enumeration); `settle` lets shutdown wait for them.
  const pending = new Set<Promise<unknown>>();
  return {
    handler: (promise: Promise<unknown>) => {
      const tracked: Promise<unknown> = promise
        .catch((error: unknown) => authLogger.error({ err: error }, 'background task failed'))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    async settle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}

export function createAuth({ config, logger, pool, mailer, secret, newAccounts }: AuthDependencies) {
  const authLogger = logger.child({ component: 'auth' });
  const background = backgroundTasks(authLogger);
  const ipAddress = authIpAddress(config);
  const hooks = createAuthHooks(pool, newAccounts.setDeviceCookie);
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
    logger: betterAuthLogger(authLogger),
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
        // YYYY-MM-DD, checked (and refused under 18) by the sign-up's before-hook (auth-hooks.server.ts, ADR 0066).
        birthDate: { type: 'string', required: false, input: true },
        // Changed through PATCH /api/me/profile only.
        timezone: { type: [...TIME_ZONES], required: false, defaultValue: DEFAULT_TIME_ZONE, input: false },
      },
    },
    emailAndPassword: emailAndPasswordOptions(mailer, config.appUrl, hooks.passwordWasReset),
    emailVerification: emailVerificationOptions(mailer, (user, request) =>
      newAccounts.emailConfirmed(user, request),
    ),
    socialProviders: config.auth.google
      ? { google: { ...config.auth.google, prompt: 'select_account' as const } }
      : {},
    plugins: [twoFactor({ issuer: 'Cena' })],
    rateLimit: { enabled: true, storage: 'database', customRules: AUTH_RATE_LIMITS },
    // A session ended (sign-out, revoke-session(s), password change or reset) or a user changed (two-factor,
    // verification) through Better Auth: this process's cached copy goes at once (session-cache.server.ts).
    databaseHooks: {
      session: { delete: { after: async (session) => sessions.forgetUser(session.userId) } },
      user: {
        update: { after: async (user) => sessions.forgetUser(user.id) },
        create: { after: async (user, context) => newAccounts.userCreated(user, context) },
      },
    },
    // Profile changes go through PATCH /api/me/profile, which validates them; Better Auth's own update endpoint
    // would accept any name and language.
    disabledPaths: ['/update-user'],
    hooks: { before: hooks.before, after: hooks.after },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      // Better Auth skips origin and CSRF checks when NODE_ENV=test; Cena checks them everywhere.
      disableOriginCheck: false,
      // The HTTP mount rewrites X-Forwarded-For from the socket address (see auth.routes.server.ts).
      ipAddress,
      backgroundTasks: { handler: background.handler },
    },
  });

  return {
    auth,
    /** The sessions this process validated lately, for `requireSession`. */
    sessions,
    /** Waits for the e-mails and other background work started so far. */
    settle: background.settle,
  };
}

export type CenaAuth = ReturnType<typeof createAuth>;
export type Auth = CenaAuth['auth'];
