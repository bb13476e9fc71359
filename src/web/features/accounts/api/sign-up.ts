import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '#web/lib/auth-client';
import type { ProfileLanguage } from './me';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** YYYY-MM-DD (the form reads dd/mm/aaaa): the server refuses under 18 (ADR 0066). */
  birthDate: string;
  language: ProfileLanguage;
  /** Where the confirmation link leads once the account is confirmed and signed in (a same-app path). */
  callbackURL: string;
}

/**
 * Sign-up (Better Auth `signUp.email`). The answer is the same for a new or an existing e-mail; a confirmation
 * e-mail is sent and the account signs in only once it is confirmed.
 */
export function useSignUp() {
  return useMutation({
    mutationFn: async ({ name, email, password, birthDate, language, callbackURL }: SignUpInput) => {
      await unwrapAuth(
        authClient.signUp.email({
          name,
          email,
          password,
          callbackURL,
          // additional user fields on the server: the profile's language (e-mails) and the birth date
          ...({ language, birthDate } as Record<string, unknown>),
        }),
      );
    },
  });
}
