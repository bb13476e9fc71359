import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks verification (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md,
 * "Verifying webhook authenticity"), which Google's project webhooks follow
 * (https://ai.google.dev/gemini-api/docs/webhooks): the headers `webhook-id`, `webhook-timestamp` (integer Unix
 * seconds) and `webhook-signature` (space-separated `v1,<base64>` entries — several during a secret rotation); each
 * signature is HMAC-SHA256, keyed by the base64 bytes after the secret's `whsec_`, over
 * `${webhook-id}.${webhook-timestamp}.${raw body}`. The spec's receivers refuse a timestamp more than five minutes
 * from their clock (replay protection) and compare in constant time.
 */

const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

export interface WebhookHeaders {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

export type Verification =
  | { ok: true; id: string }
  | { ok: false; code: 'invalid_signature' | 'stale_timestamp'; reason: string };

const WEBHOOK_ID = /^[A-Za-z0-9_.:-]{1,200}$/;
const UNIX_SECONDS = /^\d{1,12}$/;

function signatureOf(key: Buffer, id: string, timestamp: string, body: string): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
}

/** Any `v1` entry matching any key (one per project, or old and new during a rotation). */
function anySignatureMatches(header: string, expected: Buffer[]): boolean {
  for (const entry of header.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const given = Buffer.from(value, 'base64');
    for (const signature of expected) {
      if (given.length === signature.length && timingSafeEqual(given, signature)) return true;
    }
  }
  return false;
}

/**
 * Checks a delivery on its exact bytes before anything reads it. The signature is checked before the timestamp,
 * so an old timestamp is only reported for a delivery that really was signed (a forged one is just invalid).
 */
export function verifyWebhook(
  headers: WebhookHeaders,
  body: string,
  keys: Buffer[],
  nowMs: number = Date.now(),
): Verification {
  const { id, timestamp, signature } = headers;
  if (!id || !WEBHOOK_ID.test(id) || !timestamp || !UNIX_SECONDS.test(timestamp) || !signature) {
    return { ok: false, code: 'invalid_signature', reason: 'missing or malformed webhook headers' };
  }
  const expected = keys.map((key) => signatureOf(key, id, timestamp, body));
  if (!anySignatureMatches(signature, expected)) {
    return { ok: false, code: 'invalid_signature', reason: 'no signature matches' };
  }
  const skewSeconds = Math.abs(nowMs / 1000 - Number(timestamp));
  if (skewSeconds > TIMESTAMP_TOLERANCE_SECONDS) {
    return { ok: false, code: 'stale_timestamp', reason: `timestamp ${Math.round(skewSeconds)} s from now` };
  }
  return { ok: true, id };
}
