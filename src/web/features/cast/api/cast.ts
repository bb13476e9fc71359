import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CastKind, CastMember, UpdateCastMemberInput } from '#shared/cast';
import { castContract } from '#shared/cast.contract';
import { callApi } from '#web/lib/api';

/** `/api/cast` (src/shared/cast.contract.ts): the user's Elenco. */

const CAST_QUERY_KEY = ['cast'] as const;

const castQueryOptions = queryOptions({
  queryKey: CAST_QUERY_KEY,
  queryFn: ({ signal }) => callApi(castContract.listCast, { signal }).then((data) => data.items),
  staleTime: 30_000,
});

export function useCast() {
  return useQuery(castQueryOptions);
}

interface NewCastMemberPayload {
  name: string;
  kind: CastKind;
  description: string;
  images: File[];
  likenessConsent: boolean;
}

/** `POST /api/cast` as one multipart call; a 400 carries the server's per-field messages (`fields`). */
async function saveCastMember(payload: NewCastMemberPayload): Promise<CastMember> {
  const form = new FormData();
  form.set('name', payload.name);
  form.set('kind', payload.kind);
  if (payload.description.trim()) form.set('description', payload.description);
  if (payload.kind === 'character') form.set('likenessConsent', String(payload.likenessConsent));
  for (const file of payload.images) form.append('images', file, file.name);
  return (await callApi(castContract.createCastMember, { form })).member;
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
      callApi(castContract.updateCastMember, { params: { id }, body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAST_QUERY_KEY }),
  });
}

export function useDeleteCastMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(castContract.deleteCastMember, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAST_QUERY_KEY }),
  });
}
