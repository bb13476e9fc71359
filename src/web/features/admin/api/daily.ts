import { useQuery } from '@tanstack/react-query';
import { DAILY_SERIES_DEFAULT_DAYS } from '#shared/admin';
import { adminContract } from '#shared/admin.contract';
import { callApi } from '#web/lib/api';
import { adminDailyKey } from './keys';

/** `GET /api/admin/daily?days=` → one point per São Paulo day, oldest first, zeros included. */
export function useAdminDaily(days: number = DAILY_SERIES_DEFAULT_DAYS) {
  return useQuery({
    queryKey: adminDailyKey(days),
    queryFn: async ({ signal }) =>
      (await callApi(adminContract.getDailySeries, { query: { days }, signal })).days,
    staleTime: 60_000,
    retry: 1,
  });
}
