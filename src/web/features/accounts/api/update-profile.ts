import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfilePatch } from '#shared/accounts';
import { accountsContract } from '#shared/accounts.contract';
import { callApi } from '#web/lib/api';
import { ME_QUERY_KEY } from './me';

/** `PATCH /api/me/profile`; the answer (the new `GET /api/me`) replaces the cached user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfilePatch) => callApi(accountsContract.updateProfile, { body: patch }),
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
