import { useQuery } from '@tanstack/react-query';
import type { VideoAvailability } from '../../../../shared/video-directing';
import { api } from '../../../lib/api';
import { VIDEOS_QUERY_KEY } from './video-request-calls';

export const AVAILABILITY_QUERY_KEY = [...VIDEOS_QUERY_KEY, 'availability'] as const;

/**
 * `GET /api/videos/availability`: which modes can be created now, and what each mode's model accepts. A mode whose model Google stopped serving is
 * refused by the server (503) until the next successful model check, so the form shows it as unavailable.
 */
export function useVideoAvailability() {
  return useQuery({
    queryKey: AVAILABILITY_QUERY_KEY,
    queryFn: ({ signal }) => api.get<VideoAvailability>('/api/videos/availability', signal),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
