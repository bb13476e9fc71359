import { z } from 'zod';
import { defineContract } from './api-contract';

/** Acknowledged: recorded, and the job waiting on the generation (if any) woken. */
const geminiEventReceiptSchema = z.object({ received: z.literal(true) });

/**
 * `/api/gemini` (ADR 0018): Google's Gemini API posts here — the project webhook registered with its
 * WebhookService (docs/features/video-generation.md, "Gemini webhooks") — when a generation finishes, instead of Cena asking every few seconds.
 */
export const geminiWebhooksContract = defineContract({
  receiveGeminiEvent: {
    method: 'post',
    path: '/api/gemini/webhook',
    summary: 'Gemini API webhook',
    description:
      'Signed by Google per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature; HMAC-SHA256 with ' +
      'the secret in GEMINI_WEBHOOK_SECRET), no session. The body is the event as Google sends it ' +
      '(`{type, version, timestamp, data: {id, …}}`): undeclared on purpose, so nothing parses it before the ' +
      'handler checks the signature on its exact bytes. A refused delivery changes nothing and is logged.',
    tag: 'videos',
    auth: 'none',
    responses: { 200: { description: 'Received.', schema: geminiEventReceiptSchema } },
    errors: {
      invalid_signature: {
        status: 400,
        description: 'Missing Standard Webhooks headers, or no signature matches a configured secret.',
      },
      stale_timestamp: {
        status: 400,
        description: 'A genuine signature whose webhook-timestamp is more than 5 minutes from the clock.',
      },
      invalid_event: { status: 400, description: 'Signed, but not a JSON event with a type.' },
      not_found: { status: 404, description: 'Webhooks are not configured on this server.' },
      replayed_event: {
        status: 409,
        description: 'A webhook-id already received: recorded once, acted on once.',
      },
      payload_too_large: { status: 413, description: 'Larger than any event: refused before it is read.' },
    },
  },
});
