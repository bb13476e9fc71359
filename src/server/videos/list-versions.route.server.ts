import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { videosContract } from '#shared/videos.contract';
import { isRequestId, notFound, type VideosDeps } from './video-answers.server';
import { findVersions } from './video-versions.server';

/** `GET /api/videos/{id}/versions`: the original, its edits and extensions, as one timeline. */
export const listVersionsRoute =
  ({ pool }: VideosDeps): OperationHandler<typeof videosContract.listVersions> =>
  async (c, { params }) => {
    const versions = isRequestId(params.id)
      ? await findVersions(pool, sessionOf(c).user.id, params.id)
      : undefined;
    if (!versions) return notFound(c);
    return c.json({ items: versions });
  };
