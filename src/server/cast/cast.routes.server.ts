import type { Hono } from 'hono';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { castContract } from '#shared/cast.contract';
import type { CastDeps } from './cast-answers.server';
import { createCastMemberRoute } from './create-cast-member.route.server';
import { deleteCastMemberRoute } from './delete-cast-member.route.server';
import { listCastRoute } from './list-cast.route.server';
import { updateCastMemberRoute } from './update-cast-member.route.server';

/**
 * `/api/cast` (src/shared/cast.contract.ts, docs/video-contract.md Elenco): each declared operation and the file
 * that serves it — save (multipart, 1–3 images checked by their bytes), list, rename and delete a user's
 * characters, products and styles.
 */

export function castRoutes({ guards, ...deps }: CastDeps & { guards: Guards }): Hono<AppEnv> {
  return routesFromContract(
    castContract,
    { base: '/api/cast', guards },
    {
      listCast: listCastRoute(deps),
      createCastMember: createCastMemberRoute(deps),
      updateCastMember: updateCastMemberRoute(deps),
      deleteCastMember: deleteCastMemberRoute(deps),
    },
  );
}
