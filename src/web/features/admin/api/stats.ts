import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/admin';
import { api } from '../../../lib/api';
import { ADMIN_STATS_KEY } from './keys';

/** `GET /api/admin/stats` (docs/admin-contract.md). */
export function useAdminStats() {
  return useQuery({
    queryKey: ADMIN_STATS_KEY,
    queryFn: ({ signal }) => api.get<AdminStats>('/api/admin/stats', signal),
    staleTime: 30_000,
    retry: 1,
  });
}
