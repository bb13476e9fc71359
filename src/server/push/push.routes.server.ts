import type pg from 'pg';
import { apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { pushContract } from '#shared/push.contract';
import { removeSubscription, saveSubscription } from './push-subscriptions.server';

interface PushRoutesOptions {
  pool: pg.Pool;
  guards: Guards;
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  /**
   * Production takes https: endpoints only — every browser's push service is https (RFC 8030 §8), and the server
   * POSTs to whatever endpoint is stored. Locally, the tests' push service listens on plain http.
   */
  httpsOnly: boolean;
}

/** `GET /api/me/push-key`, `POST` and `DELETE /api/me/push-subscriptions` (src/shared/push.contract.ts). */
export function pushRoutes({ pool, guards, publicKey, httpsOnly }: PushRoutesOptions) {
  return routesFromContract(
    pushContract,
    { base: '/api/me', guards },
    {
      getPushKey: (c) => c.json({ publicKey }, 200),
      subscribePush: async (c, { body }) => {
        if (httpsOnly && new URL(body.endpoint).protocol !== 'https:') {
          return apiError(c, 400, 'insecure_endpoint', 'O endereço de notificações precisa ser https.');
        }
        await saveSubscription(pool, sessionOf(c).user.id, body);
        return c.json({ subscribed: true }, 200);
      },
      unsubscribePush: async (c, { body }) => {
        await removeSubscription(pool, sessionOf(c).user.id, body.endpoint);
        return c.json({ subscribed: false }, 200);
      },
    },
  );
}
