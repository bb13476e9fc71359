import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../app/i18n';
import { api, isUnauthorized } from '../../../lib/api';

export const PROFILE_LANGUAGES = ['pt', 'en'] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];

export const TIME_ZONES = ['America/Sao_Paulo', 'America/New_York', 'Europe/London', 'Europe/Paris'] as const;
export type TimeZone = (typeof TIME_ZONES)[number];

export interface MeUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
}

export interface Me {
  user: MeUser;
  profile: { language: ProfileLanguage; timezone: TimeZone };
  isAdmin: boolean;
}

export const ME_QUERY_KEY = ['me'] as const;

/** `GET /api/me`; `null` when signed out (401). Other failures are errors. */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get<Me>('/api/me', signal);
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
