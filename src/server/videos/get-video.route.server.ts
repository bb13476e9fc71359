import { sessionTimeZone } from '#server/history/history-page.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { findVideoRequest } from '#server/video-requests/video-requests.server';
import type { videosContract } from '#shared/videos.contract';
import { isRequestId, notFound, requestView, type VideosDeps } from './video-answers.server';

/** `GET /api/videos/{id}`: one request of the signed-in user; another user's reads as missing. */
export const getVideoRoute =
  (deps: VideosDeps): OperationHandler<typeof videosContract.getVideo> =>
  async (c, { params }) => {
    const { user } = sessionOf(c);
    const record = isRequestId(params.id) ? await findVideoRequest(deps.pool, user.id, params.id) : undefined;
    if (!record) return notFound(c);
    return c.json({ request: await requestView(deps, record, sessionTimeZone(user)) });
  };
