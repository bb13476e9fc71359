import type { z } from 'zod';
import type { finishVideoBodySchema } from '#shared/video-request-form';
import { videosContract } from '#shared/videos.contract';
import { callApi } from '#web/lib/api';

/**
 * `POST /api/videos/{id}/finish` ('Finalizar', ADR 0033): the same inputs made again in another mode, a new linked
 * request; `clientKey` is made once per dialog submit, so a retry answers the same request. The answer's `note`
 * says the video is generated again (not upscaled).
 */
export async function finishVideo(id: string, body: z.input<typeof finishVideoBodySchema>) {
  return callApi(videosContract.finishVideo, { params: { id }, body });
}
