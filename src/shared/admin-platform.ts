import { z } from 'zod';
import { API_KEY_SCOPES } from './api-contract';
import { CUSTOMER_WEBHOOK_EVENTS } from './customer-webhooks';

/**
 * The admin panel's platform figures (issue 50's "Admin", docs/admin-contract.md `getPlatform`): API keys, webhooks
 * to customers and MCP sessions over the last 24 hours, each read from PostgreSQL so every web process answers
 * the same.
 */

export const PLATFORM_WINDOW_HOURS = 24;
/** The busiest keys of the last 24 hours the panel lists. */
export const PLATFORM_BUSIEST_KEYS = 10;
/** The latest failed webhook attempts the panel lists. */
export const PLATFORM_LATEST_FAILURES = 10;
/** An MCP session counts as open while a request carried its id within this many minutes. */
export const MCP_SESSION_IDLE_MINUTES = 30;

const platformKeySchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  /** `cena_<prefix>`, never enough to use the key. */
  prefix: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** Requests in the current UTC hour and the 23 before it (api_key_hourly_requests). */
  requestsLastDay: z.int(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type PlatformKey = z.infer<typeof platformKeySchema>;

const webhookFailureSchema = z.strictObject({
  /** The endpoint's host (never its path or query, which may carry the customer's tokens). */
  host: z.string(),
  event: z.enum(CUSTOMER_WEBHOOK_EVENTS),
  /** The receiver's status; null when it did not answer (timeout, refused, outbound guard). */
  responseCode: z.int().nullable(),
  at: z.iso.datetime(),
});
export type WebhookFailure = z.infer<typeof webhookFailureSchema>;

export const adminPlatformSchema = z.strictObject({
  apiKeys: z.strictObject({
    /** Keys with at least one request in the window. */
    used: z.int(),
    requests: z.int(),
    busiest: z.array(platformKeySchema),
  }),
  webhooks: z.strictObject({
    /** Deliveries created in the window, by state: delivered (a 2xx), retrying (failed, more attempts to come), failed (gave up). */
    delivered: z.int(),
    retrying: z.int(),
    failed: z.int(),
    /** Endpoints disabled now for failing (24 hours of failures, or 410 Gone). */
    endpointsDisabled: z.int(),
    latestFailures: z.array(webhookFailureSchema),
  }),
  mcp: z.strictObject({
    openNow: z.int(),
    openedLastDay: z.int(),
  }),
  generatedAt: z.iso.datetime(),
});
export type AdminPlatform = z.infer<typeof adminPlatformSchema>;
