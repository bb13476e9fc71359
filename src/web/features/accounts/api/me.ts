import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse, Language as ProfileLanguage } from '#shared/accounts';
import { accountsContract } from '#shared/accounts.contract';
import type { Language } from '#shared/language';
import { callApi, isUnauthorized } from '#web/lib/api';

export {
  LANGUAGES as PROFILE_LANGUAGES,
  type Language as ProfileLanguage,
  TIME_ZONES,
  type TimeZone,
} from '#shared/accounts';
export type Me = MeResponse;

export const ME_QUERY_KEY = ['me'] as const;

/** `GET /api/me`; `null` when signed out (401). Other failures are errors. */
async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await callApi(accountsContract.getMe, { signal });
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 30_000,
  refetchOnWindowFocus: true,
});

/** Who is signed in: `data` is the user, `null` when signed out, `undefined` while loading. */
export function useMe() {
  return useQuery(meQueryOptions);
}

/** Profile language (`pt`/`en`) ↔ UI language (`pt-BR`/`en`). */
export function toUiLanguage(language: ProfileLanguage): Language {
  return language === 'en' ? 'en' : 'pt-BR';
}

export function toProfileLanguage(language: Language): ProfileLanguage {
  return language === 'en' ? 'en' : 'pt';
}
