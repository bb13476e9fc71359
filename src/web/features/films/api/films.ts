import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateFilmInput } from '#shared/films';
import { filmsContract } from '#shared/films.contract';
import { VIDEOS_QUERY_KEY, videoRequestQueryKey } from '#web/features/videos';
import { callApi } from '#web/lib/api';

/**
 * `/api/films` (ADR 0014, src/shared/films.contract.ts). The queries live under the `videos` key, so the SSE `video_request` events that keep the
 * history live refresh them too (a scene finishing, a film completing).
 */

const filmCandidatesQueryKey = [...VIDEOS_QUERY_KEY, 'film-candidates'] as const;
const filmScenesQueryKey = (id: string) => [...VIDEOS_QUERY_KEY, 'film-scenes', id] as const;

export function useFilmCandidates() {
  return useQuery({
    queryKey: filmCandidatesQueryKey,
    queryFn: ({ signal }) => callApi(filmsContract.listFilmCandidates, { signal }),
    select: (data) => data.items,
  });
}

export function useFilmScenes(id: string, enabled: boolean) {
  return useQuery({
    queryKey: filmScenesQueryKey(id),
    queryFn: ({ signal }) => callApi(filmsContract.listFilmScenes, { params: { id }, signal }),
    enabled: enabled && id !== '',
    select: (data) => data.items,
    // A film's scenes never change once saved.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `POST /api/films`: the new film goes into the cache so its detail page opens at once. */
export function useCreateFilm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateFilmInput) =>
      (await callApi(filmsContract.createFilm, { body: input })).request,
    onSuccess: (film) => {
      queryClient.setQueryData(videoRequestQueryKey(film.id), film);
      void queryClient.invalidateQueries({
        queryKey: VIDEOS_QUERY_KEY,
        predicate: (query) => query.queryKey[2] !== film.id,
      });
    },
  });
}
