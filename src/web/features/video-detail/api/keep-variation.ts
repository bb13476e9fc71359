import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videosContract } from '#shared/videos.contract';
import { VIDEOS_QUERY_KEY } from '#web/features/videos';
import { callApi } from '#web/lib/api';

/** 'Ficar com esta' (`POST /api/videos/{id}/keep`, ADR 0028): idempotent, so a double click changes nothing. */
export function useKeepVariation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(videosContract.keepVariation, { params: { id }, body: {} }),
    // Every request of the group now names the kept one: the page, the history and the versions read it afresh.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY }),
  });
}
