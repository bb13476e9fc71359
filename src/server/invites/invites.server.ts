/**
 * The invites room's entry file (ADR 0003, ADR 0057): what other rooms use of it — invite codes and
 * invitations, the invite rewards and their sweep, the invite marks, the routes. Other rooms import this
 * file, never one inside the room (biome.json).
 */

export { followInviteReversal, inviteCodeFrom, recordInvitation } from './invitations.server';
export { inviteHasher, markAccount, requestMarks } from './invite-marks.server';
export type { WithdrawalRule } from './invite-rewards.server';
export { registerInviteSweep, rewardInvite } from './invite-rewards.server';
export type { DeviceCookie } from './invites.routes.server';
export { inviteLinkRoutes, invitesRoutes } from './invites.routes.server';
