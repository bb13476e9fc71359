import { defineContract } from './api-contract';
import { invitePreviewSchema, invitesResponseSchema } from './invites';

/** `/api/invites` (ADR 0040). */
export const invitesContract = defineContract({
  getInvites: {
    method: 'get',
    path: '/api/invites',
    summary: "The user's invite link and the accounts it brought, with each one's state",
    tag: 'credits',
    auth: 'session',
    responses: {
      200: { description: 'The invite link and its invites, newest first.', schema: invitesResponseSchema },
    },
  },
  getInvitePreview: {
    method: 'get',
    path: '/api/invites/{code}',
    summary: "An invite link's page: the inviter's first name and the bonus the invitee gets (public)",
    tag: 'credits',
    auth: 'none',
    responses: {
      200: { description: '`{ inviterName, bonusCredits, trialCredits }`.', schema: invitePreviewSchema },
    },
    errors: { not_found: { status: 404, description: 'No such invite code (pt-BR message)' } },
  },
});
