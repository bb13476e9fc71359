import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CREDITS_QUERY_KEY } from '#web/features/credits';
import { TRANSACTIONS_QUERY_KEY, verifyPayment } from './billing-calls';

/** `POST /api/billing/verify` (idempotent fulfilment); a success refreshes the balance and the payment history. */
export function useVerifyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPayment,
    onSuccess: (data) => {
      if (!data.success) return;
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
    },
  });
}
