import { queryOptions, useQuery } from '@tanstack/react-query';
import { isFinalVideoStatus } from '#shared/video-status';
import { isApiError } from '#web/lib/api';
import { getVideoRequest, videoRequestQueryKey } from './video-request-calls';

/** Safety net only: the SSE `video_request` event refetches at once; this covers a silently dead stream. */
const FALLBACK_POLL_MS = 30_000;

/**
 * A place in line changes when other people's requests start, which no event of this user's announces: while a
 * shown request waits, its query is read again this often (ADR 0061).
 */
export const QUEUE_POLL_MS = 3_000;

export const videoRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: videoRequestQueryKey(id),
    queryFn: ({ signal }) => getVideoRequest(id, signal),
    enabled: id !== '',
    staleTime: 10_000,
    // 4xx (404 not found, 401) are answers, not glitches: no retry.
    retry: (failures, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.queue) return QUEUE_POLL_MS;
      return data && !isFinalVideoStatus(data.status) ? FALLBACK_POLL_MS : false;
    },
  });

/** `GET /api/videos/:id`, kept live by the SSE `video_request` event (see `./realtime.ts`). */
export function useVideoRequest(id: string) {
  return useQuery(videoRequestQueryOptions(id));
}
