import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '#shared/routes';
import { isApiError } from '#web/lib/api';
import { authClient, unwrapAuth } from '#web/lib/auth-client';
import { clearSignedInUser } from './session';

/** A "there is no session" answer: for a sign-out that is success (spec §4). */
function isMissingSession(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || /SESSION/i.test(error.code));
}

async function signOut(): Promise<void> {
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
      await unwrapAuth(authClient.revokeSessions());
      await signOut();
    },
    onSuccess: () => {
      navigate(LOGIN_PATH, { replace: true });
      clearSignedInUser(queryClient);
    },
  });
}
