import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContract } from '#shared/admin.contract';
import { SUBSCRIPTION_QUERY_KEY, TRANSACTIONS_QUERY_KEY } from '#web/features/billing';
import { CREDITS_QUERY_KEY } from '#web/features/credits';
import { callApi } from '#web/lib/api';
import { ADMIN_QUERY_KEY } from './keys';

/** `POST /api/admin/reconcile`: the billing reconcile for the signed-in admin's own user. */
export function useAdminReconcile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(adminContract.reconcileOwnBilling, {}),
    onSuccess: () => {
      for (const queryKey of [
        ADMIN_QUERY_KEY,
        SUBSCRIPTION_QUERY_KEY,
        TRANSACTIONS_QUERY_KEY,
        CREDITS_QUERY_KEY,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
