import { defineContract } from './api-contract';
import { pushKeySchema, pushSubscribedSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from './push';

/** `/api/me/push-key` and `/api/me/push-subscriptions`: this device's Web Push opt-in (ADR 0038). */
export const pushContract = defineContract({
  getPushKey: {
    method: 'get',
    path: '/api/me/push-key',
    summary: "The server's VAPID public key, to subscribe this browser with",
    tag: 'accounts',
    auth: 'session',
    responses: { 200: { description: '`{ publicKey }`, base64url.', schema: pushKeySchema } },
  },
  subscribePush: {
    method: 'post',
    path: '/api/me/push-subscriptions',
    summary: "Subscribe this browser to the account's notifications (idempotent)",
    description:
      'The body is `PushSubscription.toJSON()`. An endpoint already stored for another account moves to this one: a browser holds one subscription per site, so the device now belongs to whoever subscribed last.',
    tag: 'accounts',
    auth: 'session',
    body: { schema: pushSubscriptionSchema },
    responses: { 200: { description: '`{ subscribed: true }`.', schema: pushSubscribedSchema } },
    errors: {
      insecure_endpoint: { status: 400, description: 'An http: endpoint in production (pt-BR message)' },
    },
  },
  unsubscribePush: {
    method: 'delete',
    path: '/api/me/push-subscriptions',
    summary: "Stop this browser's notifications (idempotent)",
    tag: 'accounts',
    auth: 'session',
    body: { schema: pushUnsubscribeSchema },
    responses: {
      200: {
        description: "`{ subscribed: false }`; an endpoint of another account's is left alone.",
        schema: pushSubscribedSchema,
      },
    },
  },
});
