/** Form rules shared by sign-up, reset and the profile (design §6: passwords ≥ 8 everywhere). */

export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 100;

// Deliberately loose (the server decides): something@something.something, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isPasswordLongEnough(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH;
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

/** Where to go after sign-in: the guarded page the visitor came from (same app, not /auth/*), else /dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.startsWith('/auth/')) {
    return '/dashboard';
  }
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
