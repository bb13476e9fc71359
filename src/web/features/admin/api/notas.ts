import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { nfseContract } from '#shared/nfse.contract';
import type { NotaViewState } from '#shared/nota';
import { callApi } from '#web/lib/api';
import { ADMIN_QUERY_KEY, adminNotasKey } from './keys';

/** `GET /api/nfse/notas?state=…` → one state's notas fiscais, newest change first (at most 100; ADR 0041). */
export function useAdminNotas(state: NotaViewState) {
  return useQuery({
    queryKey: adminNotasKey(state),
    queryFn: async ({ signal }) =>
      (await callApi(nfseContract.listNotas, { query: { state }, signal })).notas,
    staleTime: 30_000,
    retry: 1,
  });
}

/**
 * `POST /api/nfse/notas/{id}/retry`: a failed nota back in line for the emitter, under the same reference (so it
 * is never issued twice). Every state's list is refreshed: the nota moves from 'falhou' to 'pendente'.
 */
export function useRetryNota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(nfseContract.retryNota, { params: { id }, body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'notas'] }),
  });
}
