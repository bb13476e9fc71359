import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTransactions, TRANSACTIONS_QUERY_KEY } from './billing-calls';

const transactionsQueryOptions = queryOptions({
  queryKey: TRANSACTIONS_QUERY_KEY,
  queryFn: ({ signal }) => getTransactions(signal),
  staleTime: 60_000,
});

/** `GET /api/billing/transactions`: the last 10, newest first (payments in cents, credit entries in credits). */
export function useTransactions() {
  return useQuery(transactionsQueryOptions);
}
