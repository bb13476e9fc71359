import Stripe from 'stripe';
import type { StripeConfig } from '#server/config.server';

export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    // The SDK adds idempotency keys to its retries, so a retried POST never creates twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  });
}

/** Stripe returns a related object either as its id or, when expanded, as the object itself. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

export const fromUnix = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

export function isMissing(error: unknown): boolean {
  return (error as { code?: string; statusCode?: number }).code === 'resource_missing';
}
