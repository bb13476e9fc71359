import type { OperationHandler } from '#server/kernel/operations.server';
import type { videosContract } from '#shared/videos.contract';
import { retryVideoRequest } from './retry-video-request.server';
import { answerFromRequest, type VideosDeps } from './video-answers.server';

/** `POST /api/videos/{id}/retry` ('Tentar de novo'): a new request with the failed one's inputs. */
export const retryVideoRoute =
  (deps: VideosDeps): OperationHandler<typeof videosContract.retryVideo> =>
  (c, { params, body }) =>
    answerFromRequest(c, deps, {
      id: params.id,
      refusedCode: 'cannot_retry',
      make: (createDeps, userId) => retryVideoRequest(createDeps, { ...body, userId, failedId: params.id }),
    });
