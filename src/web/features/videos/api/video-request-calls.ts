import type { AspectRatio, VideoQuality } from '../../../../shared/catalogue';
import type { EditedStructuredPrompt } from '../../../../shared/prompt-preview';
import type { VideoRequestView } from '../../../../shared/video-request';
import { ApiError, api, apiErrorOf, apiFetch } from '../../../lib/api';

/** Calls and cache keys of the `videos` feature (contract: docs/video-contract.md). */

export const VIDEOS_QUERY_KEY = ['videos'] as const;
export const videoRequestQueryKey = (id: string) => [...VIDEOS_QUERY_KEY, 'request', id] as const;

export interface VideoRequestResponse {
  request: VideoRequestView;
}

export interface CreateVideoRequestPayload {
  prompt: string;
  quality: VideoQuality;
  aspectRatio: AspectRatio;
  /** '' when none. */
  seed: string;
  /** Made once per submission attempt and reused on a retry: the server answers a replay with the same request. */
  clientKey: string;
  /** The first frame. */
  image: File | null;
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

/** An API failure of the create call; `fields` holds the server's per-field messages (400 `invalid_request`). */
export class VideoApiError extends ApiError {
  constructor(error: ApiError) {
    super(error.status, error.code, error.message, error.requestId, error.fields);
  }
}

/**
 * `POST /api/videos` as ONE `multipart/form-data` call (prompt, quality, aspectRatio, seed, clientKey, image).
 * 201 (created) and 200 (a replay of the same clientKey) both answer `{ request, group }`: the first request, and
 * every request of the submit (its variations).
 */
export async function createVideoRequest(payload: CreateVideoRequestPayload): Promise<VideoRequestView> {
  const body = new FormData();
  body.set('prompt', payload.prompt);
  body.set('quality', payload.quality);
  body.set('aspectRatio', payload.aspectRatio);
  body.set('seed', payload.seed);
  body.set('clientKey', payload.clientKey);
  if (payload.image) body.set('image', payload.image, payload.image.name);
  if (payload.lastFrame) body.set('lastFrame', payload.lastFrame, payload.lastFrame.name);
  for (const file of payload.referenceImages ?? []) body.append('referenceImages', file, file.name);
  for (const id of payload.castIds ?? []) body.append('castIds', id);
  if (payload.variations && payload.variations > 1) body.set('variations', String(payload.variations));
  if (payload.structuredPrompt) body.set('structuredPrompt', JSON.stringify(payload.structuredPrompt));

  let response: Response;
  try {
    // No Content-Type header: the browser sets multipart/form-data with its boundary.
    response = await apiFetch('/api/videos', {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body,
    });
  } catch (error) {
    throw error instanceof ApiError ? new VideoApiError(error) : error;
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new VideoApiError(apiErrorOf(response, data));
  const request = (data as Partial<VideoRequestResponse> | null)?.request;
  if (!request || typeof request.id !== 'string') {
    throw new VideoApiError(new ApiError(response.status, 'bad_response', 'No request in the answer'));
  }
  return request;
}

/** `GET /api/videos/:id` → the request (404 `not_found` for an unknown id or another user's). */
export async function getVideoRequest(id: string, signal?: AbortSignal): Promise<VideoRequestView> {
  const data = await api.get<VideoRequestResponse>(`/api/videos/${encodeURIComponent(id)}`, signal);
  return data.request;
}
