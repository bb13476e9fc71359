import { takeChecksJson } from '#server/generation/generation.server';
import { sessionTimeZone } from '#server/history/history.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { findVideoRequestWith } from '#server/video-requests/video-requests.server';
import type { TakeCheckView } from '#shared/take-check';
import type { videosContract } from '#shared/videos.contract';
import { isRequestId, notFound, requestView, type VideosDeps } from './video-answers.server';

/**
 * `GET /api/videos/{id}`: one request of the signed-in user; another user's reads as missing. The request and its
 * take checks in one statement (ADR 0060); a waiting request's place in line is one more (capacity's fair queue).
 */
export const getVideoRoute =
  (deps: VideosDeps): OperationHandler<typeof videosContract.getVideo> =>
  async (c, { params }) => {
    const { user } = sessionOf(c);
    const found = isRequestId(params.id)
      ? await findVideoRequestWith<{ takeChecks: TakeCheckView[] }>(deps.pool, user.id, params.id, {
          takeChecks: takeChecksJson('video_requests.id'),
        })
      : undefined;
    if (!found) return notFound(c);
    const { takeChecks, ...record } = found;
    return c.json({ request: await requestView(deps, record, sessionTimeZone(user), takeChecks) });
  };
