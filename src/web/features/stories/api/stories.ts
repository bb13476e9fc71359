import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '#shared/api-contract';
import type { CreateStoryInput, FinishStoryInput, Story, UpdateStoryInput } from '#shared/stories';
import { storiesContract } from '#shared/stories.contract';
import { isFinalVideoStatus } from '#shared/video-status';
import { CREDITS_QUERY_KEY } from '#web/features/credits';
import { VIDEOS_QUERY_KEY } from '#web/features/videos';
import { apiFetch, callApi, isApiError } from '#web/lib/api';

/**
 * `/api/stories` ('Roteiro', ADR 0062, src/shared/stories.contract.ts). The queries live under the `videos` key, so
 * the SSE `video_request` events that keep the history live refresh a story too (a shot's draft arriving, the film
 * completing), as the film board's do.
 */

const storiesQueryKey = [...VIDEOS_QUERY_KEY, 'stories'] as const;
export const storyQueryKey = (id: string) => [...VIDEOS_QUERY_KEY, 'story', id] as const;

export function useStories() {
  return useQuery({
    queryKey: storiesQueryKey,
    queryFn: ({ signal }) => callApi(storiesContract.listStories, { signal }),
    select: (data) => data.items,
  });
}

/** A take or the film still being made: the events say when it moves on; this read is only the safety net. */
const FALLBACK_POLL_MS = 30_000;
const working = (story: Story | undefined): boolean =>
  story !== undefined &&
  [...story.shots.map((shot) => shot.request), story.film].some(
    (request) => request !== null && !isFinalVideoStatus(request.status),
  );

/**
 * The film is made but the story is not finished yet: its captions are being written from the lines (a few seconds,
 * no event of their own), so the board reads again soon.
 */
const CAPTIONS_POLL_MS = 2_000;
const captionsPending = (story: Story | undefined): boolean =>
  story?.status === 'finishing' && story.film !== null && story.film.status === 'completed';

export function useStory(id: string) {
  return useQuery({
    queryKey: storyQueryKey(id),
    queryFn: ({ signal }) => callApi(storiesContract.getStory, { params: { id }, signal }),
    select: (data) => data.story,
    enabled: id !== '',
    // 4xx (another user's story, an unknown id) are answers, not glitches: no retry.
    retry: (failures, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
    refetchInterval: (query) => {
      const story = query.state.data?.story;
      if (captionsPending(story)) return CAPTIONS_POLL_MS;
      return working(story) ? FALLBACK_POLL_MS : false;
    },
  });
}

/** Puts an answer's story in the cache, so the board shows it at once. */
function useStoreStory() {
  const queryClient = useQueryClient();
  return (story: Story) => queryClient.setQueryData(storyQueryKey(story.id), { story });
}

/** `POST /api/stories`: the planner writes the shot list (free); the story goes into the cache for its board. */
export function useCreateStory() {
  const store = useStoreStory();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateStoryInput) =>
      (await callApi(storiesContract.createStory, { body: input })).story,
    onSuccess: (story) => {
      store(story);
      void queryClient.invalidateQueries({ queryKey: storiesQueryKey });
    },
  });
}

export const saveStory = async (id: string, body: UpdateStoryInput): Promise<Story> =>
  (await callApi(storiesContract.updateStory, { params: { id }, body })).story;

/**
 * The last edit when the page goes away (reload, tab closed): `keepalive` lets the PATCH outlive the page
 * (https://developer.mozilla.org/en-US/docs/Web/API/RequestInit#keepalive), so a reload loses nothing.
 */
export function saveStoryOnLeave(id: string, body: UpdateStoryInput): void {
  void apiFetch(pathOf(storiesContract.updateStory, { id }), {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

/** Every call that spends credits refreshes the balance and the story it changed. */
function useChargeDone() {
  const queryClient = useQueryClient();
  const store = useStoreStory();
  return (story?: Story) => {
    if (story) store(story);
    void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
  };
}

export function useDraftStory(id: string) {
  const done = useChargeDone();
  return useMutation({
    mutationFn: async (clientKey: string) =>
      (await callApi(storiesContract.draftStory, { params: { id }, body: { clientKey } })).story,
    onSuccess: done,
  });
}

export function useRerollShot(id: string) {
  const done = useChargeDone();
  return useMutation({
    mutationFn: async ({ shotId, clientKey }: { shotId: string; clientKey: string }) =>
      (await callApi(storiesContract.rerollStoryShot, { params: { id, shotId }, body: { clientKey } })).story,
    onSuccess: done,
  });
}

export function useFinishStory(id: string) {
  const done = useChargeDone();
  return useMutation({
    mutationFn: async (input: FinishStoryInput) =>
      (await callApi(storiesContract.finishStory, { params: { id }, body: input })).request,
    onSuccess: () => done(),
  });
}
