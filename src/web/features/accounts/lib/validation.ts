/** Form rules shared by sign-up, reset and the profile (design §6: passwords ≥ 8 everywhere). */

import { MAX_NAME_LENGTH } from '#shared/accounts';
import { PASSWORD_MIN_LENGTH } from '#shared/password';

export { PASSWORD_MIN_LENGTH };
export const NAME_MAX_LENGTH = MAX_NAME_LENGTH;

// Deliberately loose (the server decides): something@something.something, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The `secret` of an `otpauth://totp/…?secret=…` URI, for manual entry; '' when absent. */
export function totpSecret(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** Groups a secret in blocks of four for reading it aloud or typing it: "ABCD EFGH IJ". */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A same-app path to return to after sign-in (not /auth/*, not another origin), else undefined. */
function returnPath(path: string): string | undefined {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\') || path.startsWith('/auth/')) {
    return undefined;
  }
  return path;
}

/**
 * Where to go after sign-in: the guarded page the visitor came from (`state.from`, set by the guard; or `?next=`,
 * which survives the round trip through Google), else /dashboard.
 */
export function redirectTarget(state: unknown, next?: string | null): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  if (returnPath(pathname)) {
    const search = typeof from?.search === 'string' ? from.search : '';
    const hash = typeof from?.hash === 'string' ? from.hash : '';
    return `${pathname}${search}${hash}`;
  }
  return (next && returnPath(next)) || '/dashboard';
}

/** The page Google sends the visitor back to: the login page, which shows the toast and goes on to `target`. */
export function googleReturnPath(target: string): string {
  return `/auth/login?${new URLSearchParams({ signedIn: 'google', next: target }).toString()}`;
}
