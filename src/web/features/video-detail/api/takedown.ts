import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportsContract } from '#shared/reports.contract';
import { callApi } from '#web/lib/api';

const takedownKey = (id: string) => ['video-takedown', id] as const;

/** `GET /api/videos/{id}/takedown`: whether the video was taken down after a report, and if it may be contested. */
export function useTakedown(requestId: string) {
  return useQuery({
    queryKey: takedownKey(requestId),
    queryFn: ({ signal }) => callApi(reportsContract.getTakedown, { params: { id: requestId }, signal }),
    staleTime: 60_000,
  });
}

/** `POST /api/videos/{id}/takedown/contest`: the owner's one contest (ADR 0066). */
export function useContestTakedown(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      callApi(reportsContract.contestTakedown, { params: { id: requestId }, body: { text } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: takedownKey(requestId) }),
  });
}
