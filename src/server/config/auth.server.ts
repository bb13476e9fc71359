import { z } from 'zod';
import { type ConfigReading, emptyAsUndefined, optionalString } from './env-values.server';

/** A comma-separated list of IP addresses or CIDR ranges. */
const ipList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : value,
  z
    .array(
      z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
        error: 'each entry must be an IP address or CIDR range',
      }),
    )
    .default([]),
);

export const authEnv = z.object({
  /** Signs sessions and tokens. Required in production; in local mode one is generated under DATA_DIR. */
  BETTER_AUTH_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Reverse proxies whose X-Forwarded-For is believed (client IP for rate limits and sessions). */
  TRUSTED_PROXIES: ipList,
});

export interface AuthConfig {
  /** Undefined in local mode only: a secret is then generated once and kept under DATA_DIR. */
  secret: string | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  trustedProxies: string[];
}

export function authConfig(env: z.infer<typeof authEnv>, reading: ConfigReading): AuthConfig {
  if (reading.isProduction && !env.BETTER_AUTH_SECRET)
    reading.problems.push('  BETTER_AUTH_SECRET: required in production');
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    reading.problems.push(
      '  GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither',
    );
  }
  return {
    secret: env.BETTER_AUTH_SECRET,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    trustedProxies: env.TRUSTED_PROXIES,
  };
}
