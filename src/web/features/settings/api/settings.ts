import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSettings } from '#shared/accounts';
import { notificationsContract } from '#shared/notifications.contract';
import { callApi } from '#web/lib/api';

/** `GET/PATCH /api/me/settings` (docs/history-contract.md). */

const SETTINGS_QUERY_KEY = ['settings'] as const;

const settingsQueryOptions = queryOptions({
  queryKey: SETTINGS_QUERY_KEY,
  queryFn: ({ signal }) => callApi(notificationsContract.getSettings, { signal }),
  staleTime: 60_000,
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}

/**
 * `PATCH /api/me/settings`: optimistic (the switch moves at once), put back on failure, then refetched so the
 * cache holds what the server stored.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserSettings) => callApi(notificationsContract.updateSettings, { body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: SETTINGS_QUERY_KEY });
      const previous = queryClient.getQueryData<UserSettings>(SETTINGS_QUERY_KEY);
      queryClient.setQueryData<UserSettings>(SETTINGS_QUERY_KEY, (old) => ({ ...old, ...input }));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(SETTINGS_QUERY_KEY, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
  });
}
