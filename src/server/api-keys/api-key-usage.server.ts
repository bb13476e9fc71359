import type pg from 'pg';
import { PLATFORM_BUSIEST_KEYS, PLATFORM_WINDOW_HOURS, type PlatformKey } from '#shared/admin-platform';
import type { ApiKeyScope } from '#shared/api-keys';
import { shownPrefix } from './api-key-tokens.server';

/**
 * Requests per key over the last 24 hours, for the admin panel (ADR 0063): the keys' hours
 * (`api_key_hourly_requests`, counted by every web process in the statement that lets a keyed request in), summed
 * over the current UTC hour and the 23 before it — so "the last 24 hours" spans 23 to 24 of them. The hours are
 * read by their own index (a range on `hour`), then only the busiest keys are joined to their owners.
 */

interface UsageRow {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  user_id: string;
  email: string;
  last_used_at: Date | null;
  revoked_at: Date | null;
  requests: number;
  used: number;
  total: number;
}

export async function busiestKeysLastDay(
  pool: pg.Pool,
  limit = PLATFORM_BUSIEST_KEYS,
): Promise<{ used: number; requests: number; busiest: PlatformKey[] }> {
  const result = await pool.query<UsageRow>(
    `WITH hours AS (
       SELECT key_id, sum(requests)::int AS requests FROM api_key_hourly_requests
       WHERE hour >= date_trunc('hour', now()) - make_interval(hours => $1 - 1)
       GROUP BY key_id
     ), ranked AS (
       SELECT key_id, requests, (count(*) OVER ())::int AS used, (sum(requests) OVER ())::int AS total
       FROM hours ORDER BY requests DESC, key_id LIMIT $2
     )
     SELECT k.id, k.name, k.prefix, k.scopes, k.user_id, u.email, k.last_used_at, k.revoked_at,
       r.requests, r.used, r.total
     FROM ranked r JOIN api_keys k ON k.id = r.key_id JOIN "user" u ON u.id = k.user_id
     ORDER BY r.requests DESC, k.id`,
    [PLATFORM_WINDOW_HOURS, limit],
  );
  const first = result.rows[0];
  return {
    used: first?.used ?? 0,
    requests: first?.total ?? 0,
    busiest: result.rows.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: shownPrefix(row.prefix),
      userId: row.user_id,
      userEmail: row.email,
      scopes: row.scopes,
      requestsLastDay: row.requests,
      lastUsedAt: row.last_used_at?.toISOString() ?? null,
      revokedAt: row.revoked_at?.toISOString() ?? null,
    })),
  };
}
