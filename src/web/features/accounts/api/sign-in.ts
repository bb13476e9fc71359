import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '#web/lib/auth-client';
import { loadSignedInUser } from './session';

export interface SignInInput {
  email: string;
  password: string;
}

/** `twoFactor: true` when the account has two-factor on: the form asks for a code next. */
export interface SignInResult {
  twoFactor: boolean;
}

/**
 * E-mail + password sign-in (Better Auth `signIn.email`). No `callbackURL`: with one, Better Auth's client
 * navigates by itself (a full page load), losing the toast and the page the visitor came from.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password }: SignInInput): Promise<SignInResult> => {
      const data = await unwrapAuth(authClient.signIn.email({ email, password }));
      if (data && typeof data === 'object' && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
        return { twoFactor: true };
      }
      await loadSignedInUser(queryClient);
      return { twoFactor: false };
    },
  });
}
