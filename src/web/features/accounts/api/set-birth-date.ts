import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsContract } from '#shared/accounts.contract';
import { callApi } from '#web/lib/api';
import { ME_QUERY_KEY } from './me';

/** `POST /api/me/birth-date` (ADR 0066); the answer (the new `GET /api/me`) replaces the cached user. */
export function useSetBirthDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (birthDate: string) => callApi(accountsContract.setBirthDate, { body: { birthDate } }),
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
