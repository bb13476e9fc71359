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

/** `GET /api/invites/{code}` (public): the inviter's first name and the invitee's bonus, for the invite's sign-up. */
export function useInvitePreview(code: string | null) {
  return useQuery({
    queryKey: ['invite-preview', code],
    queryFn: ({ signal }) =>
      callApi(invitesContract.getInvitePreview, { params: { code: code ?? '' }, signal }),
    enabled: code !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
