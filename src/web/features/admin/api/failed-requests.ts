import { useQuery } from '@tanstack/react-query';
import { adminContract } from '#shared/admin.contract';
import { callApi } from '#web/lib/api';
import { ADMIN_FAILED_KEY } from './keys';

/** `GET /api/admin/failed-requests` → requests that failed in the last 24 h, newest first (at most 100). */
export function useFailedRequests() {
  return useQuery({
    queryKey: ADMIN_FAILED_KEY,
    queryFn: async ({ signal }) => (await callApi(adminContract.listFailedRequests, { signal })).items,
    staleTime: 30_000,
    retry: 1,
  });
}
