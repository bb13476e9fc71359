import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaptionsView, EditCaptionsInput } from '#shared/captions';
import { captionsContract } from '#shared/captions.contract';
import { callApi } from '#web/lib/api';

/** `/api/videos/{id}/captions` (ADR 0039): read while the job works, start once, save corrections. */

const captionsQueryKey = (id: string) => ['captions', id] as const;

/** Still moving: read again every two seconds until the job is done. */
const working = (captions: CaptionsView | null | undefined) =>
  captions?.status === 'transcribing' || captions?.burn === 'rendering';

export function useCaptions(id: string) {
  return useQuery({
    queryKey: captionsQueryKey(id),
    queryFn: ({ signal }) =>
      callApi(captionsContract.getCaptions, { params: { id }, signal }).then((data) => data.captions),
    refetchInterval: (query) => (working(query.state.data) ? 2_000 : false),
  });
}

export function useStartCaptions(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await callApi(captionsContract.startCaptions, { params: { id }, body: {} })).captions,
    onSuccess: (captions) => queryClient.setQueryData(captionsQueryKey(id), captions),
  });
}

export function useSaveCaptions(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EditCaptionsInput) =>
      (await callApi(captionsContract.editCaptions, { params: { id }, body: input })).captions,
    onSuccess: (captions) => queryClient.setQueryData(captionsQueryKey(id), captions),
  });
}
