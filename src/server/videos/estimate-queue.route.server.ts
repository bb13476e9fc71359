import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { videosContract } from '#shared/videos.contract';
import type { VideosDeps } from './video-answers.server';

/** `GET /api/videos/queue`: what a request created now would wait, per mode (ADR 0061). */
export const estimateQueueRoute =
  ({ pool, queue }: VideosDeps): OperationHandler<typeof videosContract.estimateQueue> =>
  async (c) =>
    c.json(await queue.estimate(pool, sessionOf(c).user.id));
