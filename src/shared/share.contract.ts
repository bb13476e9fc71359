import { defineContract, EMPTY_BODY } from './api-contract';
import { shareLinkSchema, shareRevokedSchema } from './share';

const NOT_FOUND = { status: 404, description: 'No such request of this user (or a malformed id)' } as const;

/** `/api/videos/{id}/share`: the owner's public link of a completed video or film (ADR 0031). */
export const shareContract = defineContract({
  shareVideo: {
    method: 'post',
    path: '/api/videos/{id}/share',
    summary: 'The public link of a completed video: the active one, or a new one',
    tag: 'videos',
    auth: 'session',
    apiKey: 'create',
    body: EMPTY_BODY,
    responses: {
      200: {
        description: '`{ url }`: `/v/{slug}`, the same while it is not revoked.',
        schema: shareLinkSchema,
      },
    },
    errors: {
      not_found: NOT_FOUND,
      not_completed: { status: 409, description: 'Only a completed video can be shared (pt-BR message)' },
    },
  },
  revokeShare: {
    method: 'delete',
    path: '/api/videos/{id}/share',
    summary: 'Revoke the public link of a video: it answers 404 from the next request on',
    tag: 'videos',
    auth: 'session',
    body: EMPTY_BODY,
    responses: {
      200: { description: '`{ revoked }`: false when there was no active link.', schema: shareRevokedSchema },
    },
    errors: { not_found: NOT_FOUND },
  },
});
