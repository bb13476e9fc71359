/**
 * The Better Auth client (same origin, `/api/auth`), with two-factor. Imported only by the signed-in area's chunks.
 *
 * Cena's own `GET /api/me` is the app's source of truth for "who am I" (see features/accounts); this client is used
 * for the auth flows only, so its session atom never polls (no refetch on focus) and two-factor redirects are
 * handled by the sign-in form (the answer's `twoFactorRedirect`), not by a page reload.
 */
import { twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { ApiError } from './api';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  sessionOptions: { refetchOnWindowFocus: false },
  plugins: [twoFactorClient()],
});

/**
 * The error object Better Auth's client returns in `{ data, error }`: Better Auth's own `{ code, message }`, or
 * Cena's `{ error: { code, message } }` when our HTTP layer answered (body too large, server error).
 */
interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
  statusText?: string;
  error?: { code?: string; message?: string } | undefined;
}

export interface AuthClientResult<T> {
  data: T | null;
  error: AuthClientError | null;
}

/** Unwraps a Better Auth client answer: returns its data or throws an `ApiError` (code/message/status). */
export async function unwrapAuth<T>(request: Promise<AuthClientResult<T>>): Promise<T> {
  let result: AuthClientResult<T>;
  try {
    result = await request;
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (result.error) {
    const { status, statusText, error: nested } = result.error;
    const code = result.error.code ?? nested?.code ?? 'http_error';
    const message = result.error.message ?? nested?.message ?? statusText ?? '';
    throw new ApiError(status ?? 0, code, message);
  }
  return result.data as T;
}
