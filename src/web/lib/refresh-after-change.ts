import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * Refetches the queries a server-side change touched. `invalidateQueries` alone is not enough for a query whose
 * first fetch is still in flight: TanStack Query joins the refetch to that fetch (it only cancels in-flight fetches
 * of queries that already have data; see `Query.fetch` in @tanstack/query-core), and that fetch's answer may have
 * been read before the change — the page would then keep the old answer until the next change. Such first fetches
 * are cancelled (back to pending) before the invalidation, so the refetch starts after the change.
 */
export async function refreshAfterChange(
  queryClient: QueryClient,
  filters: InvalidateQueryFilters,
): Promise<void> {
  await queryClient.cancelQueries({
    ...filters,
    predicate: (query) =>
      query.state.data === undefined &&
      query.state.fetchStatus === 'fetching' &&
      (filters.predicate?.(query) ?? true),
  });
  await queryClient.invalidateQueries(filters);
}
