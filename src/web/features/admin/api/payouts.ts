import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutStatus } from '#shared/payout';
import { payoutsContract } from '#shared/payouts.contract';
import { callApi } from '#web/lib/api';
import { ADMIN_QUERY_KEY, adminPayoutsKey } from './keys';

/** `GET /api/admin/payouts?status=…` → one status's Pix refunds, newest first (at most 100; ADR 0053). */
export function useAdminPayouts(status: PayoutStatus) {
  return useQuery({
    queryKey: adminPayoutsKey(status),
    queryFn: async ({ signal }) =>
      (await callApi(payoutsContract.listPayouts, { query: { status }, signal })).payouts,
    staleTime: 30_000,
    retry: 1,
  });
}

/**
 * `POST /api/admin/payouts/{claim}/paid`: the transfer was made. Both lists are refreshed whatever the answer: the
 * payout moves from 'Pendentes' to 'Pagos', or someone else already moved it.
 */
export function useMarkPayoutPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claim: string) => callApi(payoutsContract.markPayoutPaid, { params: { claim }, body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'payouts'] }),
  });
}
