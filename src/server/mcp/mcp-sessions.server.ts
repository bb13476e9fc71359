import type pg from 'pg';
import { MCP_SESSION_IDLE_MINUTES, PLATFORM_WINDOW_HOURS } from '#shared/admin-platform';

/**
 * MCP sessions as the admin counts them (mcp.schema.server.ts, ADR 0063). The server keeps no state between
 * requests; a session is only a name given at the handshake (`Mcp-Session-Id`) that the client sends back on
 * every request (MCP specification 2025-06-18, basic/transports, "Session Management": "the client MUST include
 * it in the Mcp-Session-Id header on all of its subsequent HTTP requests"), so its last use can be written down.
 */

export interface McpSessionStore {
  /** A new session of the key; its id goes back in the handshake's `Mcp-Session-Id`. */
  open(keyId: string): Promise<string>;
  /** A request carried `id`: the key's own session is seen now (another key's, or an unknown id, is ignored). */
  seen(id: string, keyId: string): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function mcpSessionStore(pool: pg.Pool): McpSessionStore {
  return {
    // Sessions not seen for a day and an hour are of no figure any more: the key's own are dropped here, so the
    // table keeps about a day of each key's sessions with no job to prune it.
    open: async (keyId) => {
      const result = await pool.query<{ id: string }>(
        `WITH pruned AS (
           DELETE FROM mcp_sessions WHERE key_id = $1 AND last_seen_at < now() - interval '25 hours'
         )
         INSERT INTO mcp_sessions (key_id) VALUES ($1) RETURNING id`,
        [keyId],
      );
      return result.rows[0]?.id ?? '';
    },
    // At most one write a minute per session: "open now" is counted in half hours.
    seen: async (id, keyId) => {
      if (!UUID.test(id)) return;
      await pool.query(
        `UPDATE mcp_sessions SET last_seen_at = now()
         WHERE id = $1 AND key_id = $2 AND last_seen_at < now() - interval '1 minute'`,
        [id, keyId],
      );
    },
  };
}

/** Sessions a request carried within the idle time ("open now"), and sessions opened in the last 24 hours. */
export async function mcpSessionCounts(pool: pg.Pool): Promise<{ openNow: number; openedLastDay: number }> {
  const result = await pool.query<{ open_now: number; opened: number }>(
    `SELECT (SELECT count(*) FROM mcp_sessions
               WHERE last_seen_at > now() - make_interval(mins => $1))::int AS open_now,
            (SELECT count(*) FROM mcp_sessions
               WHERE started_at > now() - make_interval(hours => $2))::int AS opened`,
    [MCP_SESSION_IDLE_MINUTES, PLATFORM_WINDOW_HOURS],
  );
  const row = result.rows[0];
  return { openNow: row?.open_now ?? 0, openedLastDay: row?.opened ?? 0 };
}
