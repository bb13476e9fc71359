import type { QueryClient } from '@tanstack/react-query';
import { refreshAfterChange } from '#web/lib/refresh-after-change';

/**
 * The dashboard home's cache keys, kept free of page code: the signed-in shell imports this to refetch the stats
 * and the recent activity on `video_request` / `credits` realtime events.
 */
export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

/** Refetches (if shown) or marks stale every dashboard query: stats for every range and the recent list. */
export function refetchDashboard(queryClient: QueryClient): void {
  void refreshAfterChange(queryClient, { queryKey: DASHBOARD_QUERY_KEY });
}
