import type { OperationHandler } from '#server/kernel/operations.server';
import { FINISH_NOTE } from '#shared/video-request';
import type { videosContract } from '#shared/videos.contract';
import { finishVideoRequest } from './finish-video-request.server';
import { answerFromRequest, type VideosDeps } from './video-answers.server';

/** `POST /api/videos/{id}/finish` ('Finalizar', ADR 0033): the answer also says how the video is made again. */
export const finishVideoRoute =
  (deps: VideosDeps): OperationHandler<typeof videosContract.finishVideo> =>
  (c, { params, body }) =>
    answerFromRequest(c, deps, {
      id: params.id,
      refusedCode: 'cannot_finish',
      make: (createDeps, userId) => finishVideoRequest(createDeps, { ...body, userId, sourceId: params.id }),
      extra: { method: 'regenerate', note: FINISH_NOTE },
    });
