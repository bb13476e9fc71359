import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardStats, VideoRequestListItem } from '../../../../shared/history-filters';
import type { StatsRange } from '../../../../shared/time';
import { api } from '../../../lib/api';
import { QUEUE_POLL_MS } from '../../videos';
import { DASHBOARD_QUERY_KEY } from './keys';

/** Calls of the dashboard home (docs/history-contract.md). */

export type { VideoRequestListItem };

export const statsQueryKey = (range: StatsRange) => [...DASHBOARD_QUERY_KEY, 'stats', range] as const;
export const RECENT_QUERY_KEY = [...DASHBOARD_QUERY_KEY, 'recent'] as const;

export function useDashboardStats(range: StatsRange) {
  return useQuery({
    queryKey: statsQueryKey(range),
    queryFn: ({ signal }) =>
      api.get<DashboardStats>(`/api/dashboard/stats?range=${encodeURIComponent(range)}`, signal),
    staleTime: 30_000,
    // Switching the range keeps the previous figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/dashboard/recent` → the last 5 requests, newest first. */
export function useRecentActivity() {
  return useQuery({
    queryKey: RECENT_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await api.get<{ items: VideoRequestListItem[] }>('/api/dashboard/recent', signal)).items,
    staleTime: 30_000,
    refetchInterval: (query) => (query.state.data?.some((item) => item.queue) ? QUEUE_POLL_MS : false),
  });
}
