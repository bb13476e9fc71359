import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '#web/lib/auth-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** Changes the password (current one required); every other session is revoked. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ currentPassword, newPassword }: ChangePasswordInput) => {
      await unwrapAuth(
        authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }),
      );
    },
  });
}
