import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CastKind, CastMember, UpdateCastMemberInput } from '../../../../shared/cast';
import { api, apiErrorOf, apiFetch } from '../../../lib/api';

/** `/api/cast` (docs/video-contract.md): the user's Elenco. */

export const CAST_QUERY_KEY = ['cast'] as const;

export const castQueryOptions = queryOptions({
  queryKey: CAST_QUERY_KEY,
  queryFn: ({ signal }) => api.get<{ items: CastMember[] }>('/api/cast', signal).then((data) => data.items),
  staleTime: 30_000,
});

export function useCast() {
  return useQuery(castQueryOptions);
}

export interface NewCastMemberPayload {
  name: string;
  kind: CastKind;
  description: string;
  images: File[];
  likenessConsent: boolean;
}

/** `POST /api/cast` as one multipart call; a 400 carries the server's per-field messages (`fields`). */
async function saveCastMember(payload: NewCastMemberPayload): Promise<CastMember> {
  const body = new FormData();
  body.set('name', payload.name);
  body.set('kind', payload.kind);
  if (payload.description.trim()) body.set('description', payload.description);
  if (payload.kind === 'character') body.set('likenessConsent', String(payload.likenessConsent));
  for (const file of payload.images) body.append('images', file, file.name);
  // No Content-Type header: the browser sets multipart/form-data with its boundary.
  const response = await apiFetch('/api/cast', {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body,
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorOf(response, data);
  return (data as { member: CastMember }).member;
}

export function useSaveCastMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCastMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAST_QUERY_KEY }),
  });
}

export function useUpdateCastMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateCastMemberInput }) =>
      api.patch<{ member: CastMember }>(`/api/cast/${encodeURIComponent(id)}`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAST_QUERY_KEY }),
  });
}

export function useDeleteCastMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ deleted: true }>(`/api/cast/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAST_QUERY_KEY }),
  });
}
