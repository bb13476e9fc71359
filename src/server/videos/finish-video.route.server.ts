import { apiError } from '#server/kernel/errors.server';
import { invalidFields } from '#server/kernel/form-errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { FINISH_NOTE } from '#shared/video-request';
import type { videosContract } from '#shared/videos.contract';
import { finishVideoRequest } from './finish-video-request.server';
import {
  createDeps,
  isRequestId,
  notFound,
  refusalAnswer,
  requestView,
  type VideosDeps,
} from './video-answers.server';

/** `POST /api/videos/{id}/finish` ('Finalizar', ADR 0033): JSON, idempotent by clientKey like create. */
export const finishVideoRoute =
  (deps: VideosDeps): OperationHandler<typeof videosContract.finishVideo> =>
  async (c, { params, body }) => {
    if (!isRequestId(params.id)) return notFound(c);
    const result = await finishVideoRequest(
      { ...createDeps(deps), capabilities: deps.capabilities },
      { ...body, userId: sessionOf(c).user.id, sourceId: params.id },
    );
    const answer = async (request: Parameters<typeof requestView>[1]) => ({
      request: await requestView(deps, request),
      method: 'regenerate' as const,
      note: FINISH_NOTE,
    });
    switch (result.kind) {
      case 'created':
        return c.json(await answer(result.request), 201);
      case 'existing':
        return c.json(await answer(result.request), 200);
      case 'not_found':
        return notFound(c);
      case 'refused':
        return apiError(c, 409, 'cannot_finish', result.reason);
      case 'invalid':
        return invalidFields(c, result.fields);
      default:
        return refusalAnswer(c, result, 1);
    }
  };
