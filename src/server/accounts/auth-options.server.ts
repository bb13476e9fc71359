import type { Algorithm } from '@node-rs/argon2';
import * as argon2 from '@node-rs/argon2';
import type { BetterAuthOptions } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import type { Logger } from '#server/logger.server';
import {
  existingAccountMail,
  type Mailer,
  mailLanguage,
  resetPasswordMail,
  verificationMail,
} from '#server/mail/mail.server';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/password';

/** Better Auth's settings for its log, passwords and e-mails, where Cena departs from its defaults. */

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

/** Client text in a log line: cut, so a 10 KB callbackURL is not repeated in the log. */
function truncateForLog(value: unknown): unknown {
  if (typeof value === 'string' && value.length > MAX_LOGGED_TEXT) {
    return `${value.slice(0, MAX_LOGGED_TEXT)}… (${value.length} characters)`;
  }
  return value instanceof Error ? { name: value.name, message: truncateForLog(value.message) } : value;
}

export function betterAuthLogger(authLogger: Logger): BetterAuthOptions['logger'] {
  return {
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
  };
}

function recipient(user: { email: string; name: string; language?: unknown }) {
  return { email: user.email, name: user.name, language: mailLanguage(user.language) };
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

export function emailAndPasswordOptions(
  mailer: Mailer,
  appUrl: string,
  passwordWasReset: (userId: string, request: Request | undefined) => void,
) {
  return {
    enabled: true,
    minPasswordLength: PASSWORD_MIN_LENGTH,
    maxPasswordLength: PASSWORD_MAX_LENGTH,
    requireEmailVerification: true,
    revokeSessionsOnPasswordReset: true,
    password: {
      hash: (password: string) => argon2.hash(password, ARGON2_OPTIONS),
      // A malformed stored hash is a wrong password, not a server error.
      verify: ({ hash, password }: { hash: string; password: string }) =>
        argon2.verify(hash, password).catch(() => false),
    },
    sendResetPassword: ({ user, url }) => mailer.send(resetPasswordMail(recipient(user), url)),
    onPasswordReset: async ({ user }, request) => passwordWasReset(user.id, request),
    // With requireEmailVerification, Better Auth answers a sign-up for a taken e-mail exactly like a new one;
    // the owner is told by e-mail instead.
    onExistingUserSignUp: ({ user }) =>
      mailer.send(existingAccountMail(recipient(user), `${appUrl}/auth/login`)),
  } satisfies BetterAuthOptions['emailAndPassword'];
}

export function emailVerificationOptions(
  mailer: Mailer,
  afterEmailVerification: NonNullable<BetterAuthOptions['emailVerification']>['afterEmailVerification'],
) {
  return {
    sendOnSignUp: true,
    // Signing in with the right password but an unverified e-mail sends a fresh link (the 403 says so).
    sendOnSignIn: true,
    autoSignInAfterVerification: true,
    sendVerificationEmail: ({ user, url }) =>
      mailer.send(verificationMail(recipient(user), verificationLandsOnDashboard(url))),
    // Once per account: Better Auth calls it only when the e-mail goes from unconfirmed to confirmed.
    afterEmailVerification,
  } satisfies BetterAuthOptions['emailVerification'];
}
