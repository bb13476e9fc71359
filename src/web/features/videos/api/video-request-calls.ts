import type { AspectRatio, VideoQuality } from '#shared/catalogue';
import type { EditedStructuredPrompt } from '#shared/prompt-preview';
import type { VideoRequestView } from '#shared/video-request';
import { videosContract } from '#shared/videos.contract';
import { callApi } from '#web/lib/api';

/** Calls and cache keys of the `videos` feature (contract: docs/video-contract.md). */

export const VIDEOS_QUERY_KEY = ['videos'] as const;
export const videoRequestQueryKey = (id: string) => [...VIDEOS_QUERY_KEY, 'request', id] as const;

export interface CreateVideoRequestPayload {
  prompt: string;
  quality: VideoQuality;
  aspectRatio: AspectRatio;
  /** '' when none. */
  seed: string;
  /** Made once per submission attempt and reused on a retry: the server answers a replay with the same request. */
  clientKey: string;
  /** The first frame. */
  firstFrame: File | null;
  /** Only with a first frame. */
  lastFrame?: File | null;
  referenceImages?: File[];
  /** Elenco members whose images go as reference images. */
  castIds?: string[];
  /** How many requests this submit creates (1–4). */
  variations?: number;
  /** The structured prompt from 'Ver prompt estruturado', as the user left it: what the video model receives. */
  structuredPrompt?: EditedStructuredPrompt | null;
}

/**
 * `POST /api/videos` as ONE `multipart/form-data` call (prompt, quality, aspectRatio, seed, clientKey, firstFrame and the other images).
 * 201 (created) and 200 (a replay of the same clientKey) both answer `{ request, group }`: the first request, and
 * every request of the submit (its variations). A failure is an ApiError, its `fields` the per-field messages.
 */
export async function createVideoRequest(payload: CreateVideoRequestPayload): Promise<VideoRequestView> {
  const form = new FormData();
  form.set('prompt', payload.prompt);
  form.set('quality', payload.quality);
  form.set('aspectRatio', payload.aspectRatio);
  form.set('seed', payload.seed);
  form.set('clientKey', payload.clientKey);
  if (payload.firstFrame) form.set('firstFrame', payload.firstFrame, payload.firstFrame.name);
  if (payload.lastFrame) form.set('lastFrame', payload.lastFrame, payload.lastFrame.name);
  for (const file of payload.referenceImages ?? []) form.append('referenceImages', file, file.name);
  for (const id of payload.castIds ?? []) form.append('castIds', id);
  if (payload.variations && payload.variations > 1) form.set('variations', String(payload.variations));
  if (payload.structuredPrompt) form.set('structuredPrompt', JSON.stringify(payload.structuredPrompt));
  return (await callApi(videosContract.createVideo, { form })).request;
}

/** `GET /api/videos/{id}` → the request (404 `not_found` for an unknown id or another user's). */
export async function getVideoRequest(id: string, signal?: AbortSignal): Promise<VideoRequestView> {
  return (await callApi(videosContract.getVideo, { params: { id }, signal })).request;
}
