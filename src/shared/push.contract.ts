import { defineContract } from './api-contract';
import { LIMITS } from './catalogue';
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
    description: `The body is \`PushSubscription.toJSON()\`. The endpoint must be a browser's push service over https (FCM, Mozilla autopush, Apple, Windows); it is checked again, with its resolved addresses, at every delivery (ADR 0048). An endpoint stored for another account stays theirs (409) until they remove it; an account keeps its newest ${LIMITS.pushDevicesPerUser} devices, a new one past that drops the oldest.`,
    tag: 'accounts',
    auth: 'session',
    body: { schema: pushSubscriptionSchema },
    responses: { 200: { description: '`{ subscribed: true }`.', schema: pushSubscribedSchema } },
    errors: {
      insecure_endpoint: { status: 400, description: 'The endpoint is not https: (pt-BR message)' },
      unknown_push_service: {
        status: 400,
        description:
          "The endpoint is not a browser's push service: another host or port, an address, localhost (pt-BR message)",
      },
      endpoint_taken: {
        status: 409,
        description: 'The endpoint is stored for another account, which keeps it (pt-BR message)',
      },
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
