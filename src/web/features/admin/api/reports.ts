import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportDecision } from '#shared/reports';
import { reportsContract } from '#shared/reports.contract';
import { callApi } from '#web/lib/api';
import { ADMIN_REPORTS_KEY } from './keys';

/** `GET /api/admin/reports`: open reports with their video, open contests, and the queue's figures (ADR 0066). */
export function useReportQueue() {
  return useQuery({
    queryKey: ADMIN_REPORTS_KEY,
    queryFn: ({ signal }) => callApi(reportsContract.getReportQueue, { signal }),
    staleTime: 30_000,
    retry: 1,
  });
}

/** Dismiss a report or take its video down; the queue is read again whatever the answer (another admin may have). */
export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: ReportDecision; note: string }) =>
      callApi(reportsContract.decideReport, {
        params: { id },
        body: note ? { decision, note } : { decision },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_REPORTS_KEY }),
  });
}

/** Restore a contested video's media, or uphold its takedown. */
export function useDecideContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ takedownId, decision }: { takedownId: string; decision: 'restore' | 'uphold' }) =>
      callApi(reportsContract.decideContest, { params: { id: takedownId }, body: { decision } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_REPORTS_KEY }),
  });
}
