import { sessionTimeZone } from '#server/history/history-page.server';
import { apiError } from '#server/kernel/errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { findVideoRequest } from '#server/video-requests/video-requests.server';
import type { videosContract } from '#shared/videos.contract';
import { isRequestId, notFound, requestView, type VideosDeps } from './video-answers.server';

/**
 * `POST /api/videos/{id}/keep` ('Ficar com esta', ADR 0028): marks a completed variation as the one its submit
 * keeps, on every request of the group in one statement. Keeping the kept one again changes nothing; another
 * user's request reads as missing.
 */
export const keepVariationRoute =
  (deps: VideosDeps): OperationHandler<typeof videosContract.keepVariation> =>
  async (c, { params }) => {
    const { user } = sessionOf(c);
    const userId = user.id;
    const record = isRequestId(params.id) ? await findVideoRequest(deps.pool, userId, params.id) : undefined;
    if (!record) return notFound(c);
    if (record.variationIds.length < 2) {
      return apiError(c, 409, 'not_a_variation', 'Este vídeo não faz parte de um grupo de variações.');
    }
    if (record.status !== 'completed') {
      return apiError(
        c,
        409,
        'not_completed',
        'Só dá para ficar com uma variação depois que ela estiver pronta.',
      );
    }
    if (record.keptVariationId !== record.id) {
      await deps.pool.query(
        `UPDATE video_requests SET kept_variation_id = $1, updated_at = now()
         WHERE user_id = $2 AND id = ANY($3::uuid[]) AND kept_variation_id IS DISTINCT FROM $1`,
        [record.id, userId, record.variationIds],
      );
    }
    return c.json(
      { request: await requestView(deps, { ...record, keptVariationId: record.id }, sessionTimeZone(user)) },
      200,
    );
  };
