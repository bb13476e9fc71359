import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { castContract } from '#shared/cast.contract';
import { type CastDeps, isMemberId, memberNotFound } from './cast-answers.server';
import { deleteCastMember } from './cast-members.server';

/** `DELETE /api/cast/{id}`: the member and its images; requests that used it keep their own copies. */
export const deleteCastMemberRoute =
  ({ pool, storage }: CastDeps): OperationHandler<typeof castContract.deleteCastMember> =>
  async (c, { params }) => {
    if (!isMemberId(params.id)) return memberNotFound(c);
    const deleted = await deleteCastMember(pool, storage, sessionOf(c).user.id, params.id);
    if (!deleted) return memberNotFound(c);
    return c.json({ deleted: true });
  };
