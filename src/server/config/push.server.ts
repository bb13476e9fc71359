import { z } from 'zod';
import { type ConfigReading, emptyAsUndefined } from './env-values.server';

/**
 * Web Push's VAPID identity (RFC 8292): a P-256 key pair, the public key in the uncompressed form (65 bytes) and
 * the private key as its 32-byte scalar, both base64url — what `npx web-push generate-vapid-keys` prints
 * (https://github.com/web-push-libs/web-push#generatevapidkeys). Browsers bind a subscription to the public key,
 * so changing the pair orphans every subscription.
 */
const base64urlOfLength = (bytes: number, what: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, `must be base64url (${what})`)
      .refine(
        (value) => Buffer.from(value, 'base64url').length === bytes,
        `must decode to ${bytes} bytes (${what})`,
      )
      .optional(),
  );

export const pushEnv = z.object({
  WEB_PUSH_VAPID_PUBLIC_KEY: base64urlOfLength(65, 'the uncompressed P-256 public key'),
  WEB_PUSH_VAPID_PRIVATE_KEY: base64urlOfLength(32, 'the P-256 private key'),
  /**
   * Who runs the sender, for the push services' operators (RFC 8292 §2.1: a mailto: or https: URL). Unset:
   * mailto: SUPPORT_EMAIL.
   */
  WEB_PUSH_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^(mailto|https)$/, error: 'must be a mailto: or https: URL' }).optional(),
  ),
  /**
   * Origins besides the browsers' push services that subscriptions may name and deliveries reach, over http and at
   * any address (ADR 0048): local stand-ins such as the tests' push service on 127.0.0.1. Comma-separated; refused
   * in production, where a push endpoint is a browser's push service or nothing.
   */
  WEB_PUSH_EXTRA_ORIGINS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value) => value.split(',').map((origin) => origin.trim()))
      .pipe(
        z.array(
          z.url({ protocol: /^https?$/ }).refine((origin) => new URL(origin).origin === origin, {
            error: 'each must be an origin only (scheme://host:port, no path or slash)',
          }),
        ),
      )
      .optional(),
  ),
});

export interface PushConfig {
  /** Undefined in local mode only: a pair is then generated once and kept under DATA_DIR. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  subject: string;
  /** WEB_PUSH_EXTRA_ORIGINS; empty in production. */
  extraOrigins: string[];
}

export function pushConfig(
  env: z.infer<typeof pushEnv> & { SUPPORT_EMAIL: string },
  reading: ConfigReading,
): PushConfig {
  const { WEB_PUSH_VAPID_PUBLIC_KEY: publicKey, WEB_PUSH_VAPID_PRIVATE_KEY: privateKey } = env;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    reading.problems.push('  WEB_PUSH_VAPID_PUBLIC_KEY / WEB_PUSH_VAPID_PRIVATE_KEY: set both, or neither');
  } else if (reading.isProduction && !publicKey) {
    // A generated pair lives on one machine's disk: web and worker processes elsewhere would each make their own.
    reading.problems.push(
      '  WEB_PUSH_VAPID_PUBLIC_KEY / WEB_PUSH_VAPID_PRIVATE_KEY: required in production (npx web-push generate-vapid-keys)',
    );
  }
  const extraOrigins = env.WEB_PUSH_EXTRA_ORIGINS ?? [];
  if (reading.isProduction && extraOrigins.length > 0) {
    // A stand-in push service is local only: in production it would be a way to make the server POST anywhere.
    reading.problems.push(
      '  WEB_PUSH_EXTRA_ORIGINS: refused in production (push endpoints are push services only)',
    );
  }
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    subject: env.WEB_PUSH_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
    extraOrigins,
  };
}
