import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '#web/lib/auth-client';
import { loadSignedInUser } from './session';

export interface VerifyTwoFactorInput {
  method: 'totp' | 'backup';
  code: string;
}

/** Second step of a sign-in with two-factor on: an authenticator code or a backup code. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ method, code }: VerifyTwoFactorInput) => {
      if (method === 'totp') await unwrapAuth(authClient.twoFactor.verifyTotp({ code }));
      else await unwrapAuth(authClient.twoFactor.verifyBackupCode({ code }));
      await loadSignedInUser(queryClient);
    },
  });
}
