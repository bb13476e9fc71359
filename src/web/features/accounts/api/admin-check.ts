import { useQuery } from '@tanstack/react-query';
import { adminContract } from '#shared/admin.contract';
import { LIMITS } from '#shared/catalogue';
import { callApi, isApiError, isUnauthorized } from '#web/lib/api';

/** Why the admin check could not answer (spec §8 "Admin checks"); the texts live in the `accounts` locale. */
export type AdminCheckFailure = 'attempts' | 'unexpected' | 'failed';

export class AdminCheckError extends Error {
  override readonly name = 'AdminCheckError';
  readonly reason: AdminCheckFailure;
  override readonly cause: unknown;

  constructor(reason: AdminCheckFailure, cause?: unknown) {
    super(`admin check: ${reason}`);
    this.reason = reason;
    this.cause = cause;
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * `GET /api/admin/check`, up to `LIMITS.adminCheckAttempts` attempts `LIMITS.adminCheckPauseMs` apart (spec §4).
 * A 401 is not retried (the session is gone: the auth guard takes over). An answer without a boolean `isAdmin`
 * fails at once ('failed'); HTTP/network failures on every attempt give 'attempts'; anything else 'unexpected'.
 */
async function checkAdmin(signal?: AbortSignal): Promise<boolean> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= LIMITS.adminCheckAttempts; attempt++) {
    try {
      // Checked at run time too: the spec asks a malformed answer to fail at once.
      const answer: { isAdmin?: unknown } | null = await callApi(adminContract.checkAdmin, { signal });
      if (typeof answer?.isAdmin !== 'boolean') throw new AdminCheckError('failed');
      return answer.isAdmin;
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof AdminCheckError) throw error;
      if (isUnauthorized(error)) throw error;
      if (!isApiError(error)) throw new AdminCheckError('unexpected', error);
      lastError = error;
    }
    if (attempt < LIMITS.adminCheckAttempts) await sleep(LIMITS.adminCheckPauseMs, signal);
  }
  throw new AdminCheckError('attempts', lastError);
}

/** The admin guard's role check: never cached, so every visit (and 'Tentar novamente') asks the server again. */
export function useAdminCheck() {
  return useQuery({
    queryKey: ['admin-check'],
    queryFn: ({ signal }) => checkAdmin(signal),
    retry: false, // checkAdmin does its own attempts
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
