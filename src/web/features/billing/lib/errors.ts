import { isApiError } from '#web/lib/api';

/** The server's pt-BR message for an API failure (never for a network failure or a bare HTTP status). */
export function serverMessage(error: unknown): string | undefined {
  if (isApiError(error) && error.status > 0 && error.code !== 'http_error' && error.message)
    return error.message;
  return undefined;
}

/** 409 `subscription_exists`: the user already has a plan — open the portal instead of a new checkout. */
export function isSubscriptionExists(error: unknown): boolean {
  return isApiError(error) && error.code === 'subscription_exists';
}
