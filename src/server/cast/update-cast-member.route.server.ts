import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { castContract } from '#shared/cast.contract';
import { type CastDeps, isMemberId, memberNotFound } from './cast-answers.server';
import { toCastMemberView, updateCastMember } from './cast-members.server';

/** `PATCH /api/cast/{id}`: rename a member or change its description. */
export const updateCastMemberRoute =
  ({ pool, storage, mediaUrlTtlSeconds }: CastDeps): OperationHandler<typeof castContract.updateCastMember> =>
  async (c, { params, body }) => {
    if (!isMemberId(params.id)) return memberNotFound(c);
    const updated = await updateCastMember(pool, sessionOf(c).user.id, params.id, body);
    if (!updated) return memberNotFound(c);
    return c.json({ member: await toCastMemberView(updated, storage, mediaUrlTtlSeconds) });
  };
