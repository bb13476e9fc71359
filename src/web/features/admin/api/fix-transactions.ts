import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContract } from '#shared/admin.contract';
import { TRANSACTIONS_QUERY_KEY } from '#web/features/billing';
import { CREDITS_QUERY_KEY } from '#web/features/credits';
import { callApi } from '#web/lib/api';
import { ADMIN_QUERY_KEY } from './keys';

/** `POST /api/admin/fix-transactions`: audits the history and posts compensating entries; refreshes the figures. */
export function useFixTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(adminContract.fixTransactions, {}),
    onSuccess: (result) => {
      if (result.fixed === 0) return;
      for (const queryKey of [ADMIN_QUERY_KEY, TRANSACTIONS_QUERY_KEY, CREDITS_QUERY_KEY]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
