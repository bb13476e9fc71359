import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import type { Algorithm } from '@node-rs/argon2';
import * as argon2 from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type pg from 'pg';
import { z } from 'zod';
import { MAX_NAME_LENGTH } from '../../shared/accounts';
import type { Config } from '../config.server';
import { createDatabase } from '../db/database.server';
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

/**
 * Better Auth on our PostgreSQL (design §6): e-mail + password with verification, reset, Google when configured,
 * cookie sessions, TOTP two-factor with backup codes, rate limits shared by every process. Decisions that are not
 * Better Auth's defaults are commented where they are made.
 */

const AUTH_BASE_PATH = '/api/auth';
const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 128;
/** `npm run dev` serves the pages from Vite, which proxies /api: its origin must be trusted in local mode. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

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
} as const;

/** What sign-up accepts: the web's form and nothing else, within limits Better Auth does not set itself. */
const signUpBodySchema = z.strictObject(
  {
    name: z
      .string({ error: 'Nome é obrigatório.' })
      .trim()
      .min(1, 'Nome é obrigatório.')
      .max(MAX_NAME_LENGTH, `Nome deve ter no máximo ${MAX_NAME_LENGTH} caracteres.`),
    email: z.string({ error: 'E-mail é obrigatório.' }).max(254, 'E-mail inválido.'),
    password: z
      .string({ error: 'Senha é obrigatória.' })
      .max(MAX_PASSWORD_LENGTH, `Senha deve ter no máximo ${MAX_PASSWORD_LENGTH} caracteres.`),
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

  const auth = betterAuth({
    appName: 'Cena',
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: config.isProduction ? [config.appUrl] : [config.appUrl, VITE_DEV_ORIGIN],
    telemetry: { enabled: false },
    database: drizzleAdapter(createDatabase(pool), { provider: 'pg', schema: authSchema, transaction: true }),
    logger: {
      level: 'debug',
      log: (level, message, ...args) => {
        // Better Auth's info messages name e-mail addresses ("sign-up attempt for existing email …"): debug only.
        const mapped = level === 'info' ? 'debug' : level;
        authLogger[mapped]({ details: args.length > 0 ? args : undefined }, message);
      },
    },
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
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => argon2.hash(password, ARGON2_OPTIONS),
        // A malformed stored hash is a wrong password, not a server error.
        verify: ({ hash, password }) => argon2.verify(hash, password).catch(() => false),
      },
      sendResetPassword: ({ user, url }) => mailer.send(resetPasswordMail(recipient(user), url)),
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
      sendVerificationEmail: ({ user, url }) => mailer.send(verificationMail(recipient(user), url)),
    },
    socialProviders: config.auth.google
      ? { google: { ...config.auth.google, prompt: 'select_account' as const } }
      : {},
    plugins: [twoFactor({ issuer: 'Cena' })],
    rateLimit: { enabled: true, storage: 'database', customRules: AUTH_RATE_LIMITS },
    // Profile changes go through PATCH /api/me/profile, which validates them; Better Auth's own update endpoint
    // would accept any name and language.
    disabledPaths: ['/update-user'],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const parsed = signUpBodySchema.safeParse(ctx.body);
        if (!parsed.success) {
          throw new APIError('BAD_REQUEST', {
            code: 'VALIDATION_ERROR',
            message: parsed.error.issues[0]?.message ?? 'Dados inválidos.',
          });
        }
        return { context: { body: { ...ctx.body, name: parsed.data.name } } };
      }),
    },
    advanced: {
      cookiePrefix: 'cena',
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
    /** Waits for the e-mails and other background work started so far. */
    async settle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}

export type CenaAuth = ReturnType<typeof createAuth>;
export type Auth = CenaAuth['auth'];
