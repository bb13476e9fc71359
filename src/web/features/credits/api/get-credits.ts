import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditsResponse } from '#shared/credits';
import { creditsContract } from '#shared/credits.contract';
import { callApi } from '#web/lib/api';
import { refreshAfterChange } from '#web/lib/refresh-after-change';
export type Credits = CreditsResponse;

export const CREDITS_QUERY_KEY = ['credits'] as const;

const creditsQueryOptions = queryOptions({
  queryKey: CREDITS_QUERY_KEY,
  queryFn: ({ signal }) => callApi(creditsContract.getCredits, { signal }),
  staleTime: 60_000,
});

/** `GET /api/credits`: balance, expiring-soon summary, grants, recent ledger entries. Kept live by the SSE stream. */
export function useCredits() {
  return useQuery(creditsQueryOptions);
}

/**
 * A `credits` realtime event: show the new balance at once, then refetch the rest (expiring-soon, grants, entries).
 */
export function applyCreditsEvent(queryClient: QueryClient, data: unknown): void {
  const balance = (data as { balance?: unknown } | null)?.balance;
  if (typeof balance === 'number' && Number.isFinite(balance)) {
    queryClient.setQueryData<Credits>(CREDITS_QUERY_KEY, (old) => (old ? { ...old, balance } : old));
  }
  // Not a bare invalidation: a first read still on its way began before the change, and would be joined.
  void refreshAfterChange(queryClient, { queryKey: CREDITS_QUERY_KEY });
}
