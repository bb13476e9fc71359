import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingContract } from '#shared/billing.contract';
import { CREDITS_QUERY_KEY } from '#web/features/credits';
import { callApi } from '#web/lib/api';
import { TRANSACTIONS_QUERY_KEY } from './billing-calls';

/**
 * `POST /api/billing/withdrawal` (ADR 0053): refunds an unused package; the balance and the history follow. A
 * boleto purchase is refunded by Pix to the key given (ADR 0053).
 */
export function useWithdrawPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { sessionId: string; pixKey?: string }) =>
      callApi(billingContract.withdrawPurchase, { body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
    },
  });
}
