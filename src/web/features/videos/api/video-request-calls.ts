import type { z } from 'zod';
import type { VideoRequestView } from '#shared/video-request';
import type { createVideoFormSchema } from '#shared/video-request-form';
import { videosContract } from '#shared/videos.contract';
import { callApi } from '#web/lib/api';
import { multipartBody } from '#web/lib/multipart';

/** Calls and cache keys of the `videos` feature (contract: docs/video-contract.md). */

export const VIDEOS_QUERY_KEY = ['videos'] as const;
export const videoRequestQueryKey = (id: string) => [...VIDEOS_QUERY_KEY, 'request', id] as const;

/**
 * The create form as the browser sends it: the input of the shared form schema (src/shared/video-request-form.ts),
 * so a field added there is a field here, and sent. `image`, the first frame's old name, is never sent.
 */
export type CreateVideoRequestPayload = Omit<z.input<typeof createVideoFormSchema>, 'image'>;

/**
 * `POST /api/videos` as ONE `multipart/form-data` call, a part per field of the payload (files as files, lists as
 * repeated parts). `clientKey` is made once per submission attempt and reused on a retry: the server answers a
 * replay with the same request. 201 (created) and 200 (a replay of the same clientKey) both answer
 * `{ request, group }`: the first request, and every request of the submit (its variations). A failure is an
 * ApiError, its `fields` the per-field messages.
 */
export async function createVideoRequest(payload: CreateVideoRequestPayload): Promise<VideoRequestView> {
  return (await callApi(videosContract.createVideo, { form: multipartBody(payload) })).request;
}

/** `GET /api/videos/{id}` → the request (404 `not_found` for an unknown id or another user's). */
export async function getVideoRequest(id: string, signal?: AbortSignal): Promise<VideoRequestView> {
  return (await callApi(videosContract.getVideo, { params: { id }, signal })).request;
}
