import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CREDITS_QUERY_KEY } from '#web/features/credits';
import { reconcile, SUBSCRIPTION_QUERY_KEY, TRANSACTIONS_QUERY_KEY } from './billing-calls';

/** `POST /api/billing/reconcile`: fulfils anything the provider has that we miss; refreshes what it may change. */
export function useReconcile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reconcile,
    onSuccess: (data) => {
      queryClient.setQueryData(SUBSCRIPTION_QUERY_KEY, { subscription: data.subscription ?? null });
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
    },
  });
}
