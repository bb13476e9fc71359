import { useQuery } from '@tanstack/react-query';
import { videosContract } from '#shared/videos.contract';
import { callApi } from '#web/lib/api';
import { VIDEOS_QUERY_KEY } from './video-request-calls';

const AVAILABILITY_QUERY_KEY = [...VIDEOS_QUERY_KEY, 'availability'] as const;

/**
 * `GET /api/videos/availability`: which modes can be created now, and what each mode's model accepts. A mode whose model Google stopped serving is
 * refused by the server (503) until the next successful model check, so the form shows it as unavailable.
 */
export function useVideoAvailability() {
  return useQuery({
    queryKey: AVAILABILITY_QUERY_KEY,
    queryFn: ({ signal }) => callApi(videosContract.getAvailability, { signal }),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
