import { useQuery } from '@tanstack/react-query';
import { authClient } from '#web/lib/auth-client';

/**
 * "Is there a session cookie?" for the sign-in page, through Better Auth's `get-session` (200 with `null` when
 * signed out), so a signed-out visitor's browser logs no 401. The signed-in area uses `useMe` instead.
 */
export function useHasSession() {
  return useQuery({
    queryKey: ['auth-session'],
    queryFn: async () => {
      const { data, error } = await authClient.getSession();
      if (error) return false;
      return Boolean(data?.session);
    },
    staleTime: 0,
    retry: false,
  });
}
