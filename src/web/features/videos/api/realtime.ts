import type { QueryClient } from '@tanstack/react-query';
import { refreshAfterChange } from '#web/lib/refresh-after-change';
import { VIDEOS_QUERY_KEY, videoRequestQueryKey } from './video-request-calls';

/**
 * A `video_request` realtime event (`{ id, status, op }`): refetch that request (its media URLs are signed by the
 * server, so the event alone is not enough) and any list of requests (history, a video's versions). Kept free of
 * zod and page code: the signed-in shell imports it.
 */
export function applyVideoRequestEvent(queryClient: QueryClient, data: unknown): void {
  const id = (data as { id?: unknown } | null)?.id;
  if (typeof id === 'string' && id) {
    void refreshAfterChange(queryClient, { queryKey: videoRequestQueryKey(id) });
    void refreshAfterChange(queryClient, {
      queryKey: VIDEOS_QUERY_KEY,
      predicate: (query) => query.queryKey[1] !== 'request',
    });
  } else {
    void refreshAfterChange(queryClient, { queryKey: VIDEOS_QUERY_KEY });
  }
}

/** After an SSE reconnection: anything about videos may have changed meanwhile. */
export function refetchVideos(queryClient: QueryClient): void {
  void refreshAfterChange(queryClient, { queryKey: VIDEOS_QUERY_KEY });
}
