import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a browser's push service (FCM, Mozilla autopush, Apple), written from the Web Push RFCs —
 * not from Cena's code — so it refuses what they refuse. Each rule names its source:
 * - [RFC8030] https://www.rfc-editor.org/rfc/rfc8030 — §5: a push message is a POST to the subscription's push
 *   resource, answered 201 Created with a Location; §5.2: the TTL header is required (a non-negative integer);
 *   §5.3: Urgency is very-low | low | normal | high; §5.4: a Topic is at most 32 characters of the base64url
 *   alphabet; §7.3: a subscription that expired (or was removed) answers 404 — autopush and FCM answer 410 Gone
 *   for one the user unsubscribed (https://autopush.readthedocs.io/en/latest/http.html#error-codes).
 * - [RFC8291] https://www.rfc-editor.org/rfc/rfc8291 — §2, §4: the body is one aes128gcm record (RFC 8188 §2:
 *   salt(16) ‖ rs(4) ‖ idlen(1) ‖ keyid, the keyid being the sender's ephemeral P-256 key), encrypted to the
 *   browser's key pair and authentication secret (§3.3, §3.4: IKM from ECDH and the auth secret, then RFC 8188's
 *   CEK and nonce); the padding delimiter of the last record is 0x02; §4: a push service need take no more than
 *   4096 bytes of body (413 otherwise).
 * - [RFC8292] https://www.rfc-editor.org/rfc/rfc8292 — §3: `Authorization: vapid t=<JWT>, k=<public key>`; §2: the
 *   JWT is ES256-signed, its `aud` is the origin of the push resource, its `exp` is no more than 24 hours ahead,
 *   `sub` a mailto: or https: contact; §4.2: a subscription made with an `applicationServerKey` refuses a message
 *   without valid VAPID (401) or signed with another key (403).
 *
 * A subscription here is a browser's: `subscribe(applicationServerKey)` makes the key pair and the 16-byte auth
 * secret with node:crypto, as the browser would, and returns `PushSubscription.toJSON()`. Messages that pass every
 * check are decrypted with that private key and kept, parsed, in `received`.
 */

interface ReceivedPush {
  endpoint: string;
  /** The decrypted body, parsed as JSON. */
  message: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
}

interface Subscriber {
  endpoint: string;
  applicationServerKey: string;
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
  /**
   * A status to answer instead of accepting (the user unsubscribed: 410; a hiccup: 500 for `times` messages; a
   * redirect, with its Location, that no push service sends).
   */
  answer?: { status: number; times: number; location: string | undefined };
}

export interface FakePushService {
  origin: string;
  received: ReceivedPush[];
  /** A new browser subscription, restricted to `applicationServerKey` (the server's VAPID public key). */
  subscribe(applicationServerKey: string): {
    endpoint: string;
    expirationTime: null;
    keys: { p256dh: string; auth: string };
  };
  /** The next `times` messages to `endpoint` are answered `status` (410: unsubscribed for good), with a Location. */
  answerWith(endpoint: string, status: number, times?: number, location?: string): void;
  /** Refusals so far, with their reasons (a test expects none). */
  refused: { status: number; reason: string }[];
  stop(): Promise<void>;
}

/** RFC 8030 §7.2 / RFC 8291 §4: the body size every push service takes. */
const MAX_BODY_BYTES = 4096;
const MAX_JWT_LIFETIME_SECONDS = 24 * 60 * 60;

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2.2–2.3: the content key and nonce of one message. */
function messageKeys(subscriber: Subscriber, salt: Buffer, senderKey: Buffer) {
  const sharedSecret = subscriber.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.ecdh.getPublicKey(), senderKey]);
  const ikm = hmac(hmac(subscriber.authSecret, sharedSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  return { cek, nonce };
}

/** Decrypts an aes128gcm body (RFC 8188 §2, one record) to its text, or throws saying why. */
function decrypt(subscriber: Subscriber, body: Buffer): string {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  // RFC 8291 §4: the keyid is the sender's uncompressed P-256 key.
  if (idLength !== 65) throw new Error(`keyid of ${idLength} bytes, not the 65 of a P-256 key`);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record (RFC 8291 §4: one only)');
  const { cek, nonce } = messageKeys(subscriber, salt, senderKey);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  const end = plain.lastIndexOf(2);
  if (end < 0 || plain.subarray(end + 1).some((byte) => byte !== 0)) {
    throw new Error('no last-record padding delimiter (0x02)');
  }
  return plain.subarray(0, end).toString('utf8');
}

/** RFC 8292 §2–3: the VAPID header's JWT and key, checked against the subscription; the refusal status or none. */
function vapidProblem(header: string | undefined, subscriber: Subscriber): [number, string] | undefined {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) return [401, 'no vapid Authorization'];
  const [, token = '', key = ''] = match;
  if (key !== subscriber.applicationServerKey) return [403, 'signed with another key than the subscription'];
  const [head = '', claims = '', signature = ''] = token.split('.');
  const decoded = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  const { alg } = decoded(head) as { alg?: string };
  if (alg !== 'ES256') return [403, `JWT alg ${alg}, not ES256`];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return [403, 'JWT signature does not verify'];
  const { aud, exp, sub } = decoded(claims) as { aud?: string; exp?: number; sub?: string };
  if (aud !== new URL(subscriber.endpoint).origin)
    return [403, `aud ${aud} is not the push resource's origin`];
  const now = Math.floor(Date.now() / 1000);
  if (typeof exp !== 'number' || exp <= now) return [403, 'JWT expired'];
  if (exp > now + MAX_JWT_LIFETIME_SECONDS) return [403, 'JWT exp more than 24 hours ahead'];
  if (!/^(mailto:|https:)/.test(sub ?? '')) return [403, `sub ${sub} is not a mailto: or https: contact`];
  return undefined;
}

/** RFC 8030 §5.2–5.4 and RFC 8291 §4: the delivery headers; the refusal status or none. */
function headerProblem(request: IncomingMessage): [number, string] | undefined {
  const ttl = request.headers.ttl;
  if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return [400, 'TTL header missing or not a number'];
  const urgency = request.headers.urgency;
  if (urgency !== undefined && !['very-low', 'low', 'normal', 'high'].includes(String(urgency))) {
    return [400, `Urgency ${urgency}`];
  }
  const topic = request.headers.topic;
  if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(String(topic))) return [400, `Topic ${topic}`];
  if (request.headers['content-encoding'] !== 'aes128gcm') {
    return [415, `Content-Encoding ${request.headers['content-encoding']}, not aes128gcm`];
  }
  return undefined;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakePushService(): Promise<FakePushService> {
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const refused: { status: number; reason: string }[] = [];

  const refuse = (response: ServerResponse, status: number, reason: string, location?: string) => {
    refused.push({ status, reason });
    const headers = { 'content-type': 'text/plain', ...(location ? { location } : {}) };
    response.writeHead(status, headers).end(reason);
  };

  async function handle(request: IncomingMessage, response: ServerResponse, origin: string) {
    const endpoint = `${origin}${request.url ?? ''}`;
    const subscriber = subscribers.get(endpoint);
    const body = await readBody(request);
    if (request.method !== 'POST') return refuse(response, 405, `${request.method} on a push resource`);
    if (!subscriber) return refuse(response, 404, 'no such subscription');
    if (subscriber.answer && subscriber.answer.times > 0) {
      subscriber.answer.times -= 1;
      return refuse(response, subscriber.answer.status, 'told to', subscriber.answer.location);
    }
    const problem = vapidProblem(request.headers.authorization, subscriber) ?? headerProblem(request);
    if (problem) return refuse(response, ...problem);
    if (body.length > MAX_BODY_BYTES) return refuse(response, 413, `${body.length} bytes of body`);
    let text: string;
    try {
      text = decrypt(subscriber, body);
    } catch (error) {
      return refuse(response, 400, `does not decrypt: ${(error as Error).message}`);
    }
    received.push({
      endpoint,
      message: JSON.parse(text),
      ttl: Number(request.headers.ttl),
      urgency: request.headers.urgency as string | undefined,
      topic: request.headers.topic as string | undefined,
    });
    response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
  }

  let origin = '';
  const server: Server = createServer((request, response) => {
    handle(request, response, origin).catch((error: Error) => refuse(response, 500, error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const subscriber: Subscriber = {
        endpoint: `${origin}/push/${randomBytes(24).toString('base64url')}`,
        applicationServerKey,
        ecdh,
        authSecret: randomBytes(16),
      };
      subscribers.set(subscriber.endpoint, subscriber);
      return {
        endpoint: subscriber.endpoint,
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: subscriber.authSecret.toString('base64url'),
        },
      };
    },
    answerWith(endpoint, status, times = Number.POSITIVE_INFINITY, location = undefined) {
      const subscriber = subscribers.get(endpoint);
      if (!subscriber) throw new Error(`no subscription ${endpoint}`);
      subscriber.answer = { status, times, location };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every test app's Web Push identity (a fixed pair: a generated one would be written under DATA_DIR). */
export const TEST_VAPID_ENV = {
  WEB_PUSH_VAPID_PUBLIC_KEY:
    'BH-Nd_1NWQO1f1KIAo21f6B7YWcHXG2uEfpG13Gocdb_Uq840zBJCxC2ldyK5cL3y7-2zqFp5bbi-IhO8s5rCsg',
  WEB_PUSH_VAPID_PRIVATE_KEY: 's4HfXpWTSSu1RiScEMXkJqoVl9pWuphsZsiEzxaZ-bQ',
};
