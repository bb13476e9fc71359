import { z } from 'zod';
import { VIDEO_COST_CREDITS } from './catalogue';

/**
 * Webhooks to the customer's systems (ADR 0064, docs/features/webhooks.md): the endpoints an account registers,
 * the events it may ask for, and what `GET /api/me/webhooks` shows of their deliveries.
 */

/** Event names (Standard Webhooks "Event types": full-stop delimited, `[a-zA-Z0-9_]` identifiers). */
export const CUSTOMER_WEBHOOK_EVENTS = [
  'video.completed',
  'video.failed',
  'story.completed',
  'credits.low',
] as const;
export type CustomerWebhookEvent = (typeof CUSTOMER_WEBHOOK_EVENTS)[number];

/**
 * `credits.low` fires when a spend takes the balance from at least this to below it: the price of one 8-second
 * Quality video (spec §9), so the warning arrives while the next Quality video would already be refused and a Fast
 * one still passes (ADR 0064).
 */
export const CREDITS_LOW_THRESHOLD = VIDEO_COST_CREDITS.quality;

export const WEBHOOK_LIMITS = {
  endpointsPerUser: 10,
  urlMaxLength: 2048,
  /** Deliveries shown per endpoint in `GET /api/me/webhooks`, newest first. */
  recentDeliveries: 20,
} as const;

export const createWebhookSchema = z.strictObject({
  url: z.string().trim().min(1).max(WEBHOOK_LIMITS.urlMaxLength),
  events: z
    .array(z.enum(CUSTOMER_WEBHOOK_EVENTS))
    .min(1)
    .max(CUSTOMER_WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, { error: 'each event once' }),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

const isoTime = z.iso.datetime({ offset: true });

/** One try to deliver: when, the receiver's status code (null: no answer), how long it took. */
const webhookAttemptSchema = z.object({
  at: isoTime,
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int().min(0),
  ok: z.boolean(),
  /** Why an attempt got no answer: `timeout`, `network`, `refused` (the outbound guard), `redirect`. */
  error: z.string().nullable(),
});

const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

const webhookDeliverySchema = z.object({
  id: z.uuid(),
  /** The `webhook-id` the receiver sees: the same on every attempt and resend of this event. */
  eventId: z.string(),
  type: z.enum(CUSTOMER_WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  lastResponseCode: z.number().int().nullable(),
  nextAttemptAt: isoTime.nullable(),
  createdAt: isoTime,
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(CUSTOMER_WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Failed attempts in a row (any delivery); a success resets it. */
  failureStreak: z.number().int().min(0),
  disabledAt: isoTime.nullable(),
  createdAt: isoTime,
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

/** The answer to a registration: the secret is in it this once and never again. */
export const webhookCreatedSchema = z.object({
  endpoint: webhookEndpointSchema.omit({ deliveries: true }).extend({
    secret: z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
  }),
});

export const webhookDeletedSchema = z.object({ deleted: z.literal(true) });
export const webhookResentSchema = z.object({ delivery: webhookDeliverySchema });
