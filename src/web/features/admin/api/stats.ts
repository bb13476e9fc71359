import { useQuery } from '@tanstack/react-query';
import { adminContract } from '#shared/admin.contract';
import { callApi } from '#web/lib/api';
import { ADMIN_STATS_KEY } from './keys';

/** `GET /api/admin/stats` (docs/admin-contract.md). */
export function useAdminStats() {
  return useQuery({
    queryKey: ADMIN_STATS_KEY,
    queryFn: ({ signal }) => callApi(adminContract.getStats, { signal }),
    staleTime: 30_000,
    retry: 1,
  });
}
