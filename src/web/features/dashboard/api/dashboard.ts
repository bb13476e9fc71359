import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardContract } from '#shared/history.contract';
import type { VideoRequestListItem } from '#shared/history-list';
import type { StatsRange } from '#shared/time';
import { QUEUE_POLL_MS } from '#web/features/videos';
import { callApi } from '#web/lib/api';
import { DASHBOARD_QUERY_KEY } from './keys';

/** Calls of the dashboard home (docs/history-contract.md). */

export type { VideoRequestListItem };

const statsQueryKey = (range: StatsRange) => [...DASHBOARD_QUERY_KEY, 'stats', range] as const;
const RECENT_QUERY_KEY = [...DASHBOARD_QUERY_KEY, 'recent'] as const;

export function useDashboardStats(range: StatsRange) {
  return useQuery({
    queryKey: statsQueryKey(range),
    queryFn: ({ signal }) => callApi(dashboardContract.getDashboardStats, { query: { range }, signal }),
    staleTime: 30_000,
    // Switching the range keeps the previous figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/dashboard/recent` → the last 5 requests, newest first. */
export function useRecentActivity() {
  return useQuery({
    queryKey: RECENT_QUERY_KEY,
    queryFn: async ({ signal }) => (await callApi(dashboardContract.listRecentVideos, { signal })).items,
    staleTime: 30_000,
    refetchInterval: (query) => (query.state.data?.some((item) => item.queue) ? QUEUE_POLL_MS : false),
  });
}
