import type pg from 'pg';
import { busiestKeysLastDay } from '#server/api-keys/api-keys.server';
import { webhookHealthLastDay } from '#server/customer-webhooks/customer-webhooks.server';
import { mcpSessionCounts } from '#server/mcp/mcp.server';
import type { AdminPlatform } from '#shared/admin-platform';

/**
 * The platform's figures for the admin panel (docs/admin-contract.md `getPlatform`), each from the table it lives
 * in, so every web process answers the same: requests per key from the keys' hours (api-keys room), webhook
 * deliveries and failures from the delivery log (customer-webhooks room), MCP sessions from their table (mcp
 * room). /metrics keeps its per-process MCP counters; these are the cluster's.
 */
export async function platformFigures(pool: pg.Pool): Promise<AdminPlatform> {
  const [apiKeys, webhooks, mcp] = await Promise.all([
    busiestKeysLastDay(pool),
    webhookHealthLastDay(pool),
    mcpSessionCounts(pool),
  ]);
  return { apiKeys, webhooks, mcp, generatedAt: new Date().toISOString() };
}
