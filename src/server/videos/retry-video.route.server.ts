import { apiError } from '#server/kernel/errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { videosContract } from '#shared/videos.contract';
import { retryVideoRequest } from './retry-video-request.server';
import {
  createDeps,
  isRequestId,
  notFound,
  refusalAnswer,
  requestView,
  type VideosDeps,
} from './video-answers.server';

/** `POST /api/videos/{id}/retry` ('Tentar de novo'): JSON, idempotent by clientKey like create. */
export const retryVideoRoute =
  (deps: VideosDeps): OperationHandler<typeof videosContract.retryVideo> =>
  async (c, { params, body }) => {
    if (!isRequestId(params.id)) return notFound(c);
    const result = await retryVideoRequest(
      { ...createDeps(deps), capabilities: deps.capabilities },
      { ...body, userId: sessionOf(c).user.id, failedId: params.id },
    );
    switch (result.kind) {
      case 'created':
        return c.json({ request: await requestView(deps, result.request) }, 201);
      case 'existing':
        return c.json({ request: await requestView(deps, result.request) }, 200);
      case 'not_found':
        return notFound(c);
      case 'refused':
        return apiError(c, 409, 'cannot_retry', result.reason);
      default:
        return refusalAnswer(c, result, 1);
    }
  };
