import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSubscription, SUBSCRIPTION_QUERY_KEY } from './billing-calls';

const subscriptionQueryOptions = queryOptions({
  queryKey: SUBSCRIPTION_QUERY_KEY,
  queryFn: ({ signal }) => getSubscription(signal),
  staleTime: 60_000,
});

/** `GET /api/billing/subscription`: the newest active/trialing subscription, `null` = the Free plan. Live over SSE. */
export function useSubscription() {
  return useQuery(subscriptionQueryOptions);
}
