import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkSubscription, SUBSCRIPTION_QUERY_KEY } from './billing-calls';

/** `POST /api/billing/check-subscription` (throttled server-side, 30 s): syncs and stores the answer in the cache. */
export function useCheckSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkSubscription,
    onSuccess: (data) => queryClient.setQueryData(SUBSCRIPTION_QUERY_KEY, data),
  });
}
