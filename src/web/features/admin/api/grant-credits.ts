import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminGrantInput } from '#shared/admin';
import { adminContract } from '#shared/admin.contract';
import { CREDITS_QUERY_KEY } from '#web/features/credits';
import { callApi } from '#web/lib/api';
import { ADMIN_STATS_KEY, adminUserKey } from './keys';

/**
 * `POST /api/admin/users/:id/credits`: an adjustment grant. The caller passes one idempotency key per open dialog,
 * so a double click grants once. Refreshes the user's detail and the stats (credits issued); and the admin's own
 * balance, in case they granted to themselves.
 */
export function useGrantCredits(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminGrantInput) =>
      callApi(adminContract.grantCredits, { params: { id: userId }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminUserKey(userId) });
      void queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY });
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
    },
  });
}
