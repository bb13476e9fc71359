import { useQuery } from '@tanstack/react-query';
import { adminContract } from '#shared/admin.contract';
import { callApi } from '#web/lib/api';
import { ADMIN_QUEUE_KEY } from './keys';

/** `GET /api/admin/queue` (docs/video-contract.md, "Capacity and the queue"): read again every 15 s. */
export function useAdminQueue() {
  return useQuery({
    queryKey: ADMIN_QUEUE_KEY,
    queryFn: ({ signal }) => callApi(adminContract.getQueue, { signal }),
    staleTime: 10_000,
    refetchInterval: 15_000,
    retry: 1,
  });
}
