import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyBody } from '#shared/api-keys';
import { apiKeysContract } from '#shared/api-keys.contract';
import { callApi } from '#web/lib/api';

/** `/api/me/api-keys` (src/shared/api-keys.contract.ts): the account's API keys (ADR 0063). */

const API_KEYS_QUERY_KEY = ['api-keys'] as const;

const apiKeysQueryOptions = queryOptions({
  queryKey: API_KEYS_QUERY_KEY,
  queryFn: ({ signal }) => callApi(apiKeysContract.listApiKeys, { signal }).then((data) => data.apiKeys),
  staleTime: 30_000,
});

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}

/** Creates a key; its answer carries the token, shown once by the section and never cached. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => callApi(apiKeysContract.createApiKey, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(apiKeysContract.revokeApiKey, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
