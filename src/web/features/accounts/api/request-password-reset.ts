import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '#web/lib/auth-client';

/** 'Esqueceu a senha?': e-mails a reset link that lands on /auth/reset-password?token=… (same answer for any e-mail). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async ({ email }: { email: string }) => {
      await unwrapAuth(authClient.requestPasswordReset({ email, redirectTo: '/auth/reset-password' }));
    },
  });
}
