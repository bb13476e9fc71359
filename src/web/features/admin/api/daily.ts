import { useQuery } from '@tanstack/react-query';
import { DAILY_SERIES_DEFAULT_DAYS, type DailyPoint } from '../../../../shared/admin';
import { api } from '../../../lib/api';
import { adminDailyKey } from './keys';

/** `GET /api/admin/daily?days=` → one point per São Paulo day, oldest first, zeros included. */
export function useAdminDaily(days: number = DAILY_SERIES_DEFAULT_DAYS) {
  return useQuery({
    queryKey: adminDailyKey(days),
    queryFn: async ({ signal }) =>
      (await api.get<{ days: DailyPoint[] }>(`/api/admin/daily?days=${days}`, signal)).days,
    staleTime: 60_000,
    retry: 1,
  });
}
