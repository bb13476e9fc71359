import { useQuery } from '@tanstack/react-query';
import { invitesContract } from '#shared/invites.contract';
import { callApi } from '#web/lib/api';

/** `GET /api/invites` (ADR 0040): the invite link and the accounts it brought. */
export function useInvites() {
  return useQuery({
    queryKey: ['invites'],
    queryFn: ({ signal }) => callApi(invitesContract.getInvites, { signal }),
    staleTime: 60_000,
  });
}
