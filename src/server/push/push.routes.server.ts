import type { Context } from 'hono';
import type pg from 'pg';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import {
  checkOutboundUrl,
  type OutboundPolicy,
  OutboundRefused,
} from '#server/outbound/outbound-request.server';
import { pushContract } from '#shared/push.contract';
import { removeSubscription, saveSubscription } from './push-subscriptions.server';

interface PushRoutesOptions {
  pool: pg.Pool;
  guards: Guards;
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  /** Where an endpoint may point (push-endpoint.server.ts): checked here, and again at every delivery. */
  endpointPolicy: OutboundPolicy;
}

/** Why an endpoint is refused, as the contract declares it; undefined when the outbound guard takes it. */
function endpointRefusal(c: Context<AppEnv>, endpoint: string, policy: OutboundPolicy) {
  try {
    checkOutboundUrl(endpoint, policy);
    return undefined;
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    return error.reason === 'insecure_scheme'
      ? apiError(c, 400, 'insecure_endpoint', 'O endereço de notificações precisa ser https.')
      : apiError(
          c,
          400,
          'unknown_push_service',
          'O endereço de notificações precisa ser o serviço de notificações do navegador (Google, Mozilla, Apple ou Microsoft).',
        );
  }
}

/** `GET /api/me/push-key`, `POST` and `DELETE /api/me/push-subscriptions` (src/shared/push.contract.ts). */
export function pushRoutes({ pool, guards, publicKey, endpointPolicy }: PushRoutesOptions) {
  return routesFromContract(
    pushContract,
    { base: '/api/me', guards },
    {
      getPushKey: (c) => c.json({ publicKey }, 200),
      subscribePush: async (c, { body }) => {
        const refused = endpointRefusal(c, body.endpoint, endpointPolicy);
        if (refused) return refused;
        if ((await saveSubscription(pool, sessionOf(c).user.id, body)) === 'taken') {
          return apiError(
            c,
            409,
            'endpoint_taken',
            'Este navegador já recebe as notificações de outra conta. Saia dela neste navegador e ative de novo.',
          );
        }
        return c.json({ subscribed: true }, 200);
      },
      unsubscribePush: async (c, { body }) => {
        await removeSubscription(pool, sessionOf(c).user.id, body.endpoint);
        return c.json({ subscribed: false }, 200);
      },
    },
  );
}
