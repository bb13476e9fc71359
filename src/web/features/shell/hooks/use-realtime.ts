import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ME_QUERY_KEY } from '#web/features/accounts';
import {
  applySubscriptionEvent,
  SUBSCRIPTION_QUERY_KEY,
  TRANSACTIONS_QUERY_KEY,
} from '#web/features/billing';
import { applyCreditsEvent, CREDITS_QUERY_KEY } from '#web/features/credits';
import { refetchDashboard } from '#web/features/dashboard';
import { applyVideoRequestEvent, refetchVideos } from '#web/features/videos';
import { refreshAfterChange } from '#web/lib/refresh-after-change';
import { connectEventStream, subscribeEvent } from '../lib/event-stream';

/**
 * Holds the app's SSE connection while the signed-in shell is mounted and routes its events into the cache:
 * `credits` → balance (and the dashboard stats); `subscription` → plan badge, profile subscription and payment
 * history; `video_request` → that request, the video lists and the dashboard (stats, recent activity); every
 * connection, the first included → refetch what may have changed before it was listening (the page's first reads
 * can be answered before the stream opens, and a change in between would otherwise only show on a reload); the stream refused (e.g. the session was revoked on
 * another device) → re-check `GET /api/me`, which sends a signed-out user to /auth/login.
 */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribe = [
      subscribeEvent('credits', (data) => {
        applyCreditsEvent(queryClient, data);
        // A package bought in another tab adds a payment and a credit entry to the history.
        void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
        refetchDashboard(queryClient); // the stats' balance
      }),
      subscribeEvent('subscription', (data) => applySubscriptionEvent(queryClient, data)),
      subscribeEvent('video_request', (data) => {
        applyVideoRequestEvent(queryClient, data);
        refetchDashboard(queryClient); // stats and recent activity
      }),
      subscribeEvent('ready', () => {
        void refreshAfterChange(queryClient, { queryKey: CREDITS_QUERY_KEY });
        void refreshAfterChange(queryClient, { queryKey: SUBSCRIPTION_QUERY_KEY });
        void refreshAfterChange(queryClient, { queryKey: TRANSACTIONS_QUERY_KEY });
        refetchVideos(queryClient);
        refetchDashboard(queryClient);
      }),
      subscribeEvent('closed', () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY })),
    ];
    const release = connectEventStream();
    return () => {
      for (const off of unsubscribe) off();
      release();
    };
  }, [queryClient]);
}
