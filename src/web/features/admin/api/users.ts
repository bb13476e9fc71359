import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminContract } from '#shared/admin.contract';
import { callApi, isApiError } from '#web/lib/api';
import { adminUserKey, adminUserSearchKey } from './keys';

/** The server's minimum (userSearchQuerySchema): shorter texts are not sent. */
export const USER_SEARCH_MIN_CHARS = 2;

/** `GET /api/admin/users?email=` → accounts whose e-mail starts with the text (at most 20, alphabetical). */
export function useUserSearch(email: string) {
  const text = email.trim();
  return useQuery({
    queryKey: adminUserSearchKey(text.toLowerCase()),
    queryFn: async ({ signal }) =>
      (await callApi(adminContract.searchUsers, { query: { email: text }, signal })).items,
    enabled: text.length >= USER_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });
}

/** `GET /api/admin/users/:id` → the account, balance, subscription, grants and latest requests. */
export function useAdminUser(id: string | null) {
  return useQuery({
    queryKey: adminUserKey(id ?? ''),
    queryFn: ({ signal }) => callApi(adminContract.getUser, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    staleTime: 10_000,
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
  });
}
