import { useQuery } from '@tanstack/react-query';
import type { VideoVersion } from '../../../../shared/video-directing';
import type { VideoRequestView } from '../../../../shared/video-request';
import { api } from '../../../lib/api';
import { VIDEOS_QUERY_KEY } from '../../videos';

/**
 * Extensions, edits and the versions timeline (src/shared/video-directing.ts). The versions query lives under the
 * `videos` key, so every SSE `video_request` event refreshes it while a new version is being made.
 */

export const versionsQueryKey = (id: string) => [...VIDEOS_QUERY_KEY, 'versions', id] as const;

export function useVersions(id: string) {
  return useQuery({
    queryKey: versionsQueryKey(id),
    queryFn: ({ signal }) =>
      api.get<{ items: VideoVersion[] }>(`/api/videos/${encodeURIComponent(id)}/versions`, signal),
    enabled: id !== '',
    select: (data) => data.items,
  });
}

export type Derivation = 'extend' | 'edit';

/** `POST /api/videos/{id}/extensions` | `/edits`; the clientKey is made once per dialog submission. */
export async function deriveVideo(
  id: string,
  derivation: Derivation,
  text: string,
  clientKey: string,
): Promise<VideoRequestView> {
  const path = `/api/videos/${encodeURIComponent(id)}/${derivation === 'extend' ? 'extensions' : 'edits'}`;
  const body = derivation === 'extend' ? { prompt: text, clientKey } : { instruction: text, clientKey };
  const answer = await api.post<{ request: VideoRequestView }>(path, body);
  return answer.request;
}
