import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '#web/lib/auth-client';

/** Google sign-in: Better Auth answers with the provider URL and the browser leaves the app. */
export function useSignInWithGoogle() {
  return useMutation({
    mutationFn: async ({ callbackURL }: { callbackURL: string }) => {
      await unwrapAuth(
        authClient.signIn.social({ provider: 'google', callbackURL, errorCallbackURL: '/auth/login' }),
      );
    },
  });
}
