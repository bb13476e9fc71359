import { useQuery } from '@tanstack/react-query';
import { adminContract } from '#shared/admin.contract';
import { callApi } from '#web/lib/api';
import { ADMIN_PLATFORM_KEY } from './keys';

/** `GET /api/admin/platform`: API keys, webhooks and MCP sessions of the last 24 hours, in one request. */
export function useAdminPlatform() {
  return useQuery({
    queryKey: ADMIN_PLATFORM_KEY,
    queryFn: ({ signal }) => callApi(adminContract.getPlatform, { signal }),
    staleTime: 30_000,
    retry: 1,
  });
}
