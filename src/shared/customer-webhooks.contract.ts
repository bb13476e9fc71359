import { defineContract, EMPTY_BODY } from './api-contract';
import {
  CUSTOMER_WEBHOOK_EVENTS,
  createWebhookSchema,
  WEBHOOK_LIMITS,
  webhookCreatedSchema,
  webhookDeletedSchema,
  webhookListSchema,
  webhookResentSchema,
} from './customer-webhooks';

const NOT_FOUND = {
  status: 404,
  description: 'No such endpoint (or delivery) of this user, or a malformed id',
} as const;

/** `/api/me/webhooks`: the account's endpoints for webhooks to its own systems (ADR 0064). */
export const customerWebhooksContract = defineContract({
  listWebhooks: {
    method: 'get',
    path: '/api/me/webhooks',
    summary: "The account's webhook endpoints, each with its recent deliveries",
    description: `Oldest endpoint first; each with its latest ${WEBHOOK_LIMITS.recentDeliveries} deliveries, newest first, and every attempt of each (time, status code, duration). The secret is never shown again.`,
    tag: 'webhooks',
    auth: 'session',
    responses: { 200: { description: '`{ endpoints }`.', schema: webhookListSchema } },
  },
  createWebhook: {
    method: 'post',
    path: '/api/me/webhooks',
    summary: 'Register an endpoint for some events; its signing secret is in this answer only',
    description: `Events: ${CUSTOMER_WEBHOOK_EVENTS.join(', ')}. Deliveries are signed per Standard Webhooks (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\` with the \`whsec_\` secret; docs/features/webhooks.md). In production the URL must be https and resolve only to public addresses, checked here and at every delivery; at most ${WEBHOOK_LIMITS.endpointsPerUser} endpoints per account.`,
    tag: 'webhooks',
    auth: 'session',
    body: { schema: createWebhookSchema },
    responses: { 201: { description: '`{ endpoint }` with `secret`.', schema: webhookCreatedSchema } },
    errors: {
      invalid_url: { status: 400, description: 'Not an absolute URL, or one with a user and password in it' },
      insecure_url: { status: 400, description: 'Not https: (production)' },
      url_not_allowed: {
        status: 400,
        description: 'The host is or resolves to a loopback, private or link-local address (production)',
      },
      unknown_host: { status: 400, description: 'The host name does not resolve' },
      too_many_webhooks: { status: 409, description: 'The account already has its maximum of endpoints' },
    },
  },
  deleteWebhook: {
    method: 'delete',
    path: '/api/me/webhooks/{id}',
    summary: 'Remove an endpoint and its delivery log; nothing more is sent to it',
    tag: 'webhooks',
    auth: 'session',
    responses: { 200: { description: '`{ deleted: true }`.', schema: webhookDeletedSchema } },
    errors: { not_found: NOT_FOUND },
  },
  resendWebhookDelivery: {
    method: 'post',
    path: '/api/me/webhooks/{id}/deliveries/{deliveryId}/resend',
    summary: "'Reenviar': send one delivery again now, with the same webhook-id",
    description:
      'The delivery goes back in line at once with a new 24-hour retry schedule. A disabled endpoint is enabled again by it (its failure streak starts over).',
    tag: 'webhooks',
    auth: 'session',
    body: EMPTY_BODY,
    responses: { 202: { description: '`{ delivery }`, pending.', schema: webhookResentSchema } },
    errors: { not_found: NOT_FOUND },
  },
});
