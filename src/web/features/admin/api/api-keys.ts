import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApiKeysContract } from '#shared/api-keys.contract';
import { callApi } from '#web/lib/api';
import { ADMIN_API_KEYS_KEY, ADMIN_PLATFORM_KEY } from './keys';

/** `GET /api/admin/api-keys` → the busiest API keys of every account, with their requests (ADR 0063). */
export function useAdminApiKeys() {
  return useQuery({
    queryKey: ADMIN_API_KEYS_KEY,
    queryFn: async ({ signal }) => (await callApi(adminApiKeysContract.listAllApiKeys, { signal })).apiKeys,
    staleTime: 30_000,
    retry: 1,
  });
}

/**
 * `DELETE /api/admin/api-keys/{id}`: refused at once by every process; both lists that show keys (the busiest of
 * all time, the platform's last 24 hours) are refreshed either way.
 */
export function useAdminRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(adminApiKeysContract.adminRevokeApiKey, { params: { id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_API_KEYS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_PLATFORM_KEY }),
      ]),
  });
}
