import { useQuery } from '@tanstack/react-query';
import type { VideoRequestView } from '#shared/video-request';
import { videosContract } from '#shared/videos.contract';
import { VIDEOS_QUERY_KEY } from '#web/features/videos';
import { callApi } from '#web/lib/api';

/**
 * Extensions, edits and the versions timeline (src/shared/video-directing.ts). The versions query lives under the
 * `videos` key, so every SSE `video_request` event refreshes it while a new version is being made.
 */

const versionsQueryKey = (id: string) => [...VIDEOS_QUERY_KEY, 'versions', id] as const;

export function useVersions(id: string) {
  return useQuery({
    queryKey: versionsQueryKey(id),
    queryFn: ({ signal }) => callApi(videosContract.listVersions, { params: { id }, signal }),
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
  const answer =
    derivation === 'extend'
      ? await callApi(videosContract.extendVideo, { params: { id }, body: { prompt: text, clientKey } })
      : await callApi(videosContract.editVideo, { params: { id }, body: { instruction: text, clientKey } });
  return answer.request;
}
