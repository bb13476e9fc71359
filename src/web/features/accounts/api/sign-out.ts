import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '#shared/routes';
import { isApiError } from '#web/lib/api';
import { authClient, unwrapAuth } from '#web/lib/auth-client';
import { removePushSubscription } from '#web/lib/push-subscription';
import { clearSignedInUser } from './session';

/** A "there is no session" answer: for a sign-out that is success (spec §4). */
function isMissingSession(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || /SESSION/i.test(error.code));
}

/**
 * This browser's push subscription goes first, while the session can still remove it: its endpoint stays with this
 * account until removed (ADR 0048), so the next account to sign in here could not subscribe, and this account's
 * notices would keep reaching a browser it left. A failure here never stops the sign-out.
 */
async function releasePush(): Promise<void> {
  await removePushSubscription().catch(() => undefined);
}

async function signOut(): Promise<void> {
  await releasePush();
  try {
    await unwrapAuth(authClient.signOut());
  } catch (error) {
    if (!isMissingSession(error)) throw error;
  }
}

/**
 * Signs out; on success (or a missing session) goes to /auth/login and clears the user, profile and every cached
 * answer locally. On a real failure nothing is cleared (the session cookie is still there).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      navigate(LOGIN_PATH, { replace: true });
      clearSignedInUser(queryClient);
    },
  });
}

/** "Sair de todos os dispositivos": revokes every session (this one included), then signs out here. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      // Before the revoke: it ends this session too, and the removal needs it.
      await releasePush();
      await unwrapAuth(authClient.revokeSessions());
      await signOut();
    },
    onSuccess: () => {
      navigate(LOGIN_PATH, { replace: true });
      clearSignedInUser(queryClient);
    },
  });
}
