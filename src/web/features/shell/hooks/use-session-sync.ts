import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ME_QUERY_KEY, type Me, toUiLanguage } from '#web/features/accounts';
import { isUnauthorized } from '#web/lib/api';
import { setLanguage } from '#web/lib/language';

/**
 * Keeps the signed-in UI in step with the account:
 * - the UI language follows the profile's language once `GET /api/me` loads (and whenever it changes);
 * - any API answer 401 (session expired or revoked elsewhere) re-checks `GET /api/me`, so the guard signs the
 *   user out of the UI.
 */
export function useSessionSync(me: Me | null | undefined): void {
  const queryClient = useQueryClient();
  const language = me?.profile.language;

  useEffect(() => {
    if (language) void setLanguage(toUiLanguage(language));
  }, [language]);

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (event.query.queryKey[0] === ME_QUERY_KEY[0]) return;
        if (isUnauthorized(event.action.error))
          void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      }),
    [queryClient],
  );
}
