import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { castContract } from '#shared/cast.contract';
import type { CastDeps } from './cast-answers.server';
import { listCastMembers, toCastMemberView } from './cast-members.server';

/** `GET /api/cast`: the signed-in user's members, oldest first. */
export const listCastRoute =
  ({ pool, storage, mediaUrlTtlSeconds }: CastDeps): OperationHandler<typeof castContract.listCast> =>
  async (c) => {
    const members = await listCastMembers(pool, sessionOf(c).user.id);
    const items = await Promise.all(
      members.map((member) => toCastMemberView(member, storage, mediaUrlTtlSeconds)),
    );
    return c.json({ items });
  };
