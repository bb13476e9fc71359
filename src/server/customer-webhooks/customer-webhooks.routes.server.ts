import type { Context } from 'hono';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { WEBHOOK_LIMITS } from '#shared/customer-webhooks';
import { customerWebhooksContract } from '#shared/customer-webhooks.contract';
import { createEndpoint, deleteEndpoint, listEndpoints, resendDelivery } from './webhook-endpoints.server';
import { type TargetRefusal, type TargetRules, targetRefusal } from './webhook-target.server';

export interface CustomerWebhookRoutesOptions {
  pool: pg.Pool;
  boss: PgBoss;
  guards: Guards;
  /** Seals each new secret (webhook-secret.server.ts). */
  sealingKey: Buffer;
  target: TargetRules;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const REFUSALS: Record<TargetRefusal, string> = {
  invalid_url: 'Informe um endereço completo, como https://seu-sistema.com.br/webhooks, sem usuário e senha.',
  insecure_url: 'O endereço do webhook precisa começar com https://.',
  url_not_allowed:
    'Este endereço aponta para uma rede interna (localhost, rede privada ou link-local). Use um endereço público.',
  unknown_host: 'Não encontramos este endereço. Confira o nome do servidor.',
};

const notFound = (c: Context<AppEnv>) => apiError(c, 404, 'not_found', 'Webhook não encontrado.');

/** `/api/me/webhooks` (src/shared/customer-webhooks.contract.ts). */
export function customerWebhooksRoutes({
  pool,
  boss,
  guards,
  sealingKey,
  target,
}: CustomerWebhookRoutesOptions) {
  return routesFromContract(
    customerWebhooksContract,
    { base: '/api/me', guards },
    {
      listWebhooks: async (c) => c.json({ endpoints: await listEndpoints(pool, sessionOf(c).user.id) }, 200),
      createWebhook: async (c, { body }) => {
        const refusal = await targetRefusal(body.url, target);
        if (refusal) return apiError(c, 400, refusal, REFUSALS[refusal]);
        const created = await createEndpoint(pool, sealingKey, sessionOf(c).user.id, body);
        if (created === 'too_many') {
          return apiError(
            c,
            409,
            'too_many_webhooks',
            `Sua conta já tem ${WEBHOOK_LIMITS.endpointsPerUser} webhooks. Remova um para cadastrar outro.`,
          );
        }
        return c.json({ endpoint: created }, 201);
      },
      deleteWebhook: async (c, { params }) => {
        if (!UUID.test(params.id) || !(await deleteEndpoint(pool, sessionOf(c).user.id, params.id))) {
          return notFound(c);
        }
        return c.json({ deleted: true as const }, 200);
      },
      resendWebhookDelivery: async (c, { params }) => {
        if (!UUID.test(params.id) || !UUID.test(params.deliveryId)) return notFound(c);
        const ids = { userId: sessionOf(c).user.id, endpointId: params.id, deliveryId: params.deliveryId };
        const delivery = await resendDelivery(pool, boss, ids);
        return delivery ? c.json({ delivery }, 202) : notFound(c);
      },
    },
  );
}
