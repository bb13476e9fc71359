import type pg from 'pg';
import { apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { isRequestId, notFound } from '#server/videos/videos.server';
import { sharePagePath } from '#shared/share';
import { shareContract } from '#shared/share.contract';
import { activeSlugFor, revokeShareLink, shareableState } from './share-links.server';

interface ShareRoutesOptions {
  pool: pg.Pool;
  guards: Guards;
  /** APP_URL: the links are absolute, to be pasted anywhere. */
  appUrl: string;
}

/** `POST` and `DELETE /api/videos/{id}/share` (src/shared/share.contract.ts): the owner's link of a video. */
export function shareRoutes({ pool, guards, appUrl }: ShareRoutesOptions) {
  return routesFromContract(
    shareContract,
    { base: '/api/videos', guards },
    {
      shareVideo: async (c, { params }) => {
        const userId = sessionOf(c).user.id;
        const state = isRequestId(params.id) ? await shareableState(pool, userId, params.id) : 'not_found';
        if (state === 'not_found') return notFound(c);
        if (state === 'not_completed') {
          return apiError(c, 409, 'not_completed', 'Só um vídeo concluído pode ser compartilhado.');
        }
        if (state === 'taken_down') {
          return apiError(
            c,
            409,
            'taken_down',
            'Este vídeo foi removido após uma denúncia e não pode ser compartilhado.',
          );
        }
        const slug = await activeSlugFor(pool, params.id);
        return c.json({ url: new URL(sharePagePath(slug), appUrl).toString() }, 200);
      },
      revokeShare: async (c, { params }) => {
        const userId = sessionOf(c).user.id;
        if (!isRequestId(params.id)) return notFound(c);
        if ((await shareableState(pool, userId, params.id)) === 'not_found') return notFound(c);
        return c.json({ revoked: await revokeShareLink(pool, userId, params.id) }, 200);
      },
    },
  );
}
