import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CREDITS_QUERY_KEY } from '#web/features/credits';
import { createVideoRequest, VIDEOS_QUERY_KEY, videoRequestQueryKey } from './video-request-calls';

/**
 * `POST /api/videos` (multipart, idempotent under `clientKey`). On success the new request is put in the cache (the
 * confirmation page shows it at once) and the balance and video lists refetch (the hold lowered the balance).
 */
export function useCreateVideoRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVideoRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(videoRequestQueryKey(request.id), request);
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      void queryClient.invalidateQueries({
        queryKey: VIDEOS_QUERY_KEY,
        predicate: (query) => query.queryKey[2] !== request.id,
      });
    },
    onError: (error) => {
      // A 402 means our balance was stale: show the real one.
      if ((error as { status?: number }).status === 402)
        void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
    },
  });
}
