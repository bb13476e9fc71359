import type { Context, Hono } from 'hono';
import type pg from 'pg';
import { z } from 'zod';
import type { GeminiWebhookConfig } from '#server/config.server';
import { bodyLimit } from '#server/kernel/body-limit.server';
import { type AppEnv, apiError, payloadTooLarge } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { geminiWebhooksContract } from '#shared/gemini-webhooks.contract';
import { notifyProviderEvent } from './provider-wake.server';
import { verifyWebhook } from './standard-webhooks.server';

/**
 * `POST /api/gemini/webhook` (ADR 0018). Google's events are thin — `{type, version, timestamp, data: {id, …}}`,
 * the id of the interaction or operation and no output (https://ai.google.dev/gemini-api/docs/webhooks; the
 * `@google/genai` 3.1.0 Webhook type lists the events) — so the receiver only records the delivery and wakes the
 * job waiting on that generation; the job reads it from Google itself. That keeps the answer fast (one insert and
 * a NOTIFY) and trusts nothing an event says beyond "look now".
 */

/** Thin events are a few hundred bytes: a larger body (announced or streamed) is refused before it is read. */
const eventBodyLimit = bodyLimit({
  maxSize: 64 * 1024,
  onError: (c) => payloadTooLarge(c, 'Evento grande demais.'),
});

const eventSchema = z.object({
  type: z.string().min(1).max(100),
  data: z.object({ id: z.string().optional() }).loose().optional(),
});

/** The events that end a generation or stop it for an answer: the waiting job reads it once. */
const GENERATION_EVENTS = new Set([
  'interaction.completed',
  'interaction.failed',
  'interaction.cancelled',
  'interaction.requires_action',
  'video.generated',
]);
/** An interaction id, or a Veo operation name (`models/{model}/operations/{id}`). */
const RESOURCE_ID = /^[A-Za-z0-9_./-]{1,300}$/;

const REFUSALS = {
  invalid_signature: 'Assinatura do webhook inválida.',
  stale_timestamp: 'Horário do webhook fora da tolerância de 5 minutos.',
} as const;

async function receive(c: Context<AppEnv>, pool: pg.Pool, webhook: GeminiWebhookConfig): Promise<Response> {
  const logger = c.get('logger');
  const body = await c.req.text();
  const webhookId = c.req.header('webhook-id');
  const verified = verifyWebhook(
    {
      id: webhookId,
      timestamp: c.req.header('webhook-timestamp'),
      signature: c.req.header('webhook-signature'),
    },
    body,
    webhook.secrets,
  );
  if (!verified.ok) {
    logger.warn({ webhookId, code: verified.code, reason: verified.reason }, 'Gemini webhook refused');
    return apiError(c, 400, verified.code, REFUSALS[verified.code]);
  }
  let event: z.infer<typeof eventSchema>;
  try {
    event = eventSchema.parse(JSON.parse(body));
  } catch (error) {
    logger.warn({ err: error, webhookId: verified.id }, 'Gemini webhook with a signed body that is no event');
    return apiError(c, 400, 'invalid_event', 'Evento do webhook inválido.');
  }
  const id = event.data?.id;
  const resourceId = id && RESOURCE_ID.test(id) ? id : null;
  const recorded = await inTransaction(pool, async (client) => {
    const inserted = await client.query(
      `INSERT INTO gemini_webhook_events (id, type, resource_id) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO NOTHING`,
      [verified.id, event.type, resourceId],
    );
    if (inserted.rowCount !== 1) return false;
    if (resourceId && GENERATION_EVENTS.has(event.type)) await notifyProviderEvent(client, resourceId);
    return true;
  });
  if (!recorded) {
    logger.warn({ webhookId: verified.id, type: event.type }, 'Gemini webhook replayed; nothing changed');
    return apiError(c, 409, 'replayed_event', 'Este evento já foi recebido.');
  }
  logger.info({ webhookId: verified.id, type: event.type, resourceId }, 'Gemini webhook received');
  return c.json({ received: true as const });
}

export function geminiWebhooksRoutes(options: {
  pool: pg.Pool;
  guards: Guards;
  /** Undefined: webhooks are off and the route answers 404. */
  webhook: GeminiWebhookConfig | undefined;
}): Hono<AppEnv> {
  const { pool, guards, webhook } = options;
  return routesFromContract(
    geminiWebhooksContract,
    { base: '/api/gemini', guards },
    {
      // Without a session: Google signs it instead, over the raw body the handler reads itself.
      receiveGeminiEvent: {
        before: [eventBodyLimit],
        handle: (c) => {
          if (!webhook) {
            return apiError(
              c,
              404,
              'not_found',
              'Os webhooks do Gemini não estão configurados neste servidor.',
            );
          }
          return receive(c, pool, webhook);
        },
      },
    },
  );
}
