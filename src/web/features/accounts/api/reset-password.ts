import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '../../../lib/auth-client';

/** Sets a new password with the token of the reset e-mail. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async ({ token, newPassword }: { token: string; newPassword: string }) => {
      await unwrapAuth(authClient.resetPassword({ token, newPassword }));
    },
  });
}
