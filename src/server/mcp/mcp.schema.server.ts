import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from '#server/api-keys/api-keys.schema.server';

/**
 * MCP sessions (ADR 0063): the server is stateless, but it names each handshake with an `Mcp-Session-Id` (MCP
 * specification 2025-06-18, basic/transports, "Session Management") and records it here, with the key that made it
 * and when a request last carried it, so the admin's figures ("open now", "opened in the last 24 hours") hold
 * across web processes. Rows not seen for a little over a day are dropped when the same key opens a new session.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const mcpSessions = pgTable(
  'mcp_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    index('mcp_sessions_key_idx').on(t.keyId, t.lastSeenAt),
    index('mcp_sessions_started_idx').on(t.startedAt),
    index('mcp_sessions_seen_idx').on(t.lastSeenAt),
  ],
);
