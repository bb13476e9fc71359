import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * An endpoint's signing secret (ADR 0064). Standard Webhooks' symmetric scheme: random, at least 24 bytes (192 bits),
 * shown to the customer base64-encoded after `whsec_`
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md, "Signature scheme").
 * Cena makes 32 bytes, one secret per endpoint (the spec: "Signing keys should be unique per endpoint").
 *
 * Signing needs the secret itself, so it is stored sealed, not hashed: AES-256-GCM under a key derived with HKDF
 * from BETTER_AUTH_SECRET (which never sits in the database), a fresh 12-byte nonce each time. A copy of the
 * database alone signs nothing; changing BETTER_AUTH_SECRET makes every stored secret unreadable (deliveries then
 * fail and the customer registers the endpoint again).
 */

const SECRET_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SEALED_PREFIX = 'v1.';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The sealing key: HKDF-SHA256 over the auth secret, bound to this one use by its info string. */
export function secretSealingKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'cena', 'customer-webhook-secret/v1', 32));
}

export function sealSecret(key: Buffer, secret: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64');
}

/** Throws when the value was sealed under another key or changed. */
export function openSecret(key: Buffer, sealed: string): string {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('unknown sealed secret format');
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
  const nonce = bytes.subarray(0, NONCE_BYTES);
  const tag = bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/**
 * The three Standard Webhooks headers of one attempt: `webhook-id` (the event's, the same on every attempt),
 * `webhook-timestamp` (this attempt's, integer Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256>`
 * over `${id}.${timestamp}.${body}`), signed by the `standardwebhooks` package — the scheme Google's webhooks to
 * Cena follow too (src/server/gemini/standard-webhooks.server.ts verifies those).
 */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}
