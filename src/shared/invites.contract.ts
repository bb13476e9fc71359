import { defineContract } from './api-contract';
import { invitesResponseSchema } from './invites';

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
});
