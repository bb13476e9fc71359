import { useQuery } from '@tanstack/react-query';
import { videosContract } from '#shared/videos.contract';
import { callApi } from '#web/lib/api';
import { VIDEOS_QUERY_KEY } from './video-request-calls';

const QUEUE_ESTIMATE_QUERY_KEY = [...VIDEOS_QUERY_KEY, 'queue'] as const;

/**
 * `GET /api/videos/queue`: what a request created now would wait, per mode, so the create page says so before the
 * user pays when the wait is longer than the mode's usual time (ADR 0061). A failure just shows no note.
 */
export function useQueueEstimate() {
  return useQuery({
    queryKey: QUEUE_ESTIMATE_QUERY_KEY,
    queryFn: ({ signal }) => callApi(videosContract.estimateQueue, { signal }),
    staleTime: 10_000,
    refetchInterval: 30_000,
    retry: false,
  });
}
