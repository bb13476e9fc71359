import { useQuery } from '@tanstack/react-query';
import { adminContract } from '#shared/admin.contract';
import { callApi } from '#web/lib/api';
import { ADMIN_TAKE_CHECKS_KEY } from './keys';

/** `GET /api/admin/take-checks` (docs/video-contract.md, "Take guarantee"): the last 30 days. */
export function useTakeCheckStats() {
  return useQuery({
    queryKey: ADMIN_TAKE_CHECKS_KEY,
    queryFn: ({ signal }) => callApi(adminContract.getTakeChecks, { signal }),
    staleTime: 30_000,
    retry: 1,
  });
}
