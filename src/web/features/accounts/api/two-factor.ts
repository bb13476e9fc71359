import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '#web/lib/auth-client';
import { ME_QUERY_KEY } from './me';

export interface TwoFactorEnrolment {
  totpURI: string;
  backupCodes: string[];
}

/** Step 1 of enrolment: password → the TOTP URI (QR code) and the backup codes. Two-factor is on only after step 2. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: async ({ password }: { password: string }): Promise<TwoFactorEnrolment> => {
      const data = await unwrapAuth(authClient.twoFactor.enable({ password }));
      if (!data || !('totpURI' in data)) return { totpURI: '', backupCodes: [] };
      return { totpURI: data.totpURI, backupCodes: data.backupCodes };
    },
  });
}

/** Step 2 of enrolment: a code from the authenticator app turns two-factor on. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code }: { code: string }) => {
      await unwrapAuth(authClient.twoFactor.verifyTotp({ code }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ password }: { password: string }) => {
      await unwrapAuth(authClient.twoFactor.disable({ password }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

/** New backup codes (the old ones stop working); shown once. */
export function useGenerateBackupCodes() {
  return useMutation({
    mutationFn: async ({ password }: { password: string }): Promise<string[]> => {
      const data = await unwrapAuth(authClient.twoFactor.generateBackupCodes({ password }));
      return data?.backupCodes ?? [];
    },
  });
}
