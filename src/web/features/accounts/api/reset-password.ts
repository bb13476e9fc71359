import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '#web/lib/auth-client';
import { loadSignedInUser } from './session';

/**
 * Sets a new password with the token of the reset e-mail. The server signs the user in on success (unless
 * two-factor is on), so the new session's user is loaded before the page moves on to /dashboard.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ token, newPassword }: { token: string; newPassword: string }) => {
      await unwrapAuth(authClient.resetPassword({ token, newPassword }));
      await loadSignedInUser(queryClient).catch(() => null);
    },
  });
}
