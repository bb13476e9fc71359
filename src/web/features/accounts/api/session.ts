import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY, type Me, meQueryOptions } from './me';

/** After a sign-in: drop what a previous user may have left in the cache and load the new `GET /api/me`. */
export async function loadSignedInUser(queryClient: QueryClient): Promise<Me | null> {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
  return queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
}

/** After a sign-out: the user, profile and every other cached answer are gone locally. */
export function clearSignedInUser(queryClient: QueryClient): void {
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
  queryClient.setQueryData(ME_QUERY_KEY, null);
}
