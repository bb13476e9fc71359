import type { TFunction } from 'i18next';
import { isApiError } from '#web/lib/api';
import { PASSWORD_MIN_LENGTH } from './validation';

/**
 * The text to show for a failed auth request: a translation for the Better Auth codes we know (so an English
 * server message never reaches a pt-BR screen, and the other way round), else the server's message, else
 * `fallback` (the spec's "message or '…'").
 */
export function authErrorMessage(error: unknown, t: TFunction<'accounts'>, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 0) return t('errors.network');
  if (error.status === 429) return t('errors.tooManyRequests');
  switch (error.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return t('errors.invalidCredentials');
    case 'INVALID_PASSWORD':
      return t('errors.incorrectPassword');
    case 'PASSWORD_TOO_SHORT':
      return t('errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
    case 'PASSWORD_TOO_LONG':
      return t('errors.passwordTooLong');
    case 'INVALID_TOKEN':
      return t('errors.invalidToken');
    case 'INVALID_EMAIL':
      return t('errors.invalidEmail');
    case 'INVALID_CODE':
    case 'INVALID_TOTP':
    case 'INVALID_OTP':
      return t('errors.invalidCode');
    case 'INVALID_BACKUP_CODE':
      return t('errors.invalidBackupCode');
    case 'INVALID_TWO_FACTOR_COOKIE':
      return t('errors.twoFactorExpired');
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return t('errors.locked');
    case 'EMAIL_NOT_VERIFIED':
      return t('errors.emailNotVerified');
    case 'UNDER_AGE':
      return t('signUp.underAge');
    // Cena's own guard, or Better Auth's: the page was opened at an address the server does not serve.
    case 'cross_site_request':
    case 'INVALID_ORIGIN':
    case 'MISSING_OR_NULL_ORIGIN':
      return t('errors.wrongOrigin');
    default:
      return error.message || fallback;
  }
}

export function hasCode(error: unknown, code: string): boolean {
  return isApiError(error) && error.code === code;
}
