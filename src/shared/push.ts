import { z } from 'zod';

/**
 * Web Push (ADR 0032, ADR 0038): the server's VAPID public key a browser subscribes with, and the subscription it
 * sends back — `PushSubscription.toJSON()` (https://www.w3.org/TR/push-api/#dom-pushsubscription-tojson).
 */

export const pushKeySchema = z.strictObject({
  /** The VAPID public key, base64url: `applicationServerKey` of `PushManager.subscribe()`. */
  publicKey: z.string(),
});

/** The push service's URL (RFC 8030 §4); browsers give an https: one, and length is bounded as any URL we store. */
const endpointSchema = z
  .url({ protocol: /^https?$/, error: 'endpoint deve ser o endereço https do serviço de notificações.' })
  .max(2048, { error: 'endpoint longo demais.' });

export const pushSubscriptionSchema = z.strictObject({
  endpoint: endpointSchema,
  /** Browsers send it (null when the push service sets no expiry); not used. */
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** RFC 8291 §3.1: the uncompressed P-256 point (65 bytes, first 0x04 — "B" in base64url). */
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, {
      error: 'keys.p256dh deve ser a chave P-256 do navegador (base64url).',
    }),
    /** RFC 8291 §3.2: the 16-byte authentication secret. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, {
      error: 'keys.auth deve ser o segredo de 16 bytes do navegador (base64url).',
    }),
  }),
});

export const pushUnsubscribeSchema = z.strictObject({ endpoint: endpointSchema });

export const pushSubscribedSchema = z.strictObject({ subscribed: z.boolean() });

/** What a notification carries to the service worker (`push` event's JSON): what it shows and where a tap goes. */
export interface PushMessage {
  title: string;
  body: string;
  /** The request's page, absolute. */
  url: string;
  /** One notification per submit on the device: a later one with the same tag replaces it. */
  tag: string;
}
