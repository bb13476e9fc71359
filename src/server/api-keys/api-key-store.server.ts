import type pg from 'pg';
import { type AdminApiKey, API_KEY_LIMITS, type ApiKeyScope, type ApiKeyView } from '#shared/api-keys';
import { issueToken, shownPrefix } from './api-key-tokens.server';

/** The rows of `api_keys` as Perfil → Desenvolvedores, the admin and the data export read them (ADR 0063). */

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  daily_credit_limit: number | null;
  created_at: Date;
  last_used_at: Date | null;
}

const VIEW_COLUMNS = 'id, name, prefix, scopes, daily_credit_limit, created_at, last_used_at';

const keyView = (row: KeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: shownPrefix(row.prefix),
  scopes: row.scopes,
  dailyCreditLimit: row.daily_credit_limit,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

export interface NewKey {
  name: string;
  scopes: ApiKeyScope[];
  dailyCreditLimit: number | null;
}

/**
 * A new key with its token (the only time it exists outside the client), or `too_many` when the account has its
 * maximum of active keys. The count and the insert are one statement; two concurrent creates may both pass the
 * count, which the bound (a guard against runaway scripts, not a quota) tolerates.
 */
export async function createKey(
  pool: pg.Pool,
  userId: string,
  key: NewKey,
): Promise<{ view: ApiKeyView; token: string } | 'too_many'> {
  const { token, prefix, secretHash } = issueToken();
  const result = await pool.query<KeyRow>(
    `INSERT INTO api_keys (user_id, name, prefix, secret_hash, scopes, daily_credit_limit)
     SELECT $1, $2, $3, $4, $5, $6
     WHERE (SELECT count(*) FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL) < $7
     RETURNING ${VIEW_COLUMNS}`,
    [userId, key.name, prefix, secretHash, key.scopes, key.dailyCreditLimit, API_KEY_LIMITS.activeMax],
  );
  const row = result.rows[0];
  return row ? { view: keyView(row), token } : 'too_many';
}

/** The user's active keys, newest first. */
export async function listKeys(pool: pg.Pool, userId: string): Promise<ApiKeyView[]> {
  const result = await pool.query<KeyRow>(
    `SELECT ${VIEW_COLUMNS} FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
    [userId],
  );
  return result.rows.map(keyView);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Revokes the key `id` — of `by.userId`, or of anyone when an admin revokes it (`by.adminId`, recorded on the row
 * as `revoked_by`: the audit of who turned a customer's key off). True when the key exists (revoking twice changes
 * nothing, the first revoke's time and author stay); false for an unknown id, a malformed one, or another user's key.
 */
export async function revokeKey(
  pool: pg.Pool,
  id: string,
  by: { userId: string } | { adminId: string },
): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const [owner, admin] = 'adminId' in by ? [null, by.adminId] : [by.userId, null];
  const result = await pool.query(
    `UPDATE api_keys SET revoked_by = CASE WHEN revoked_at IS NULL THEN $3 ELSE revoked_by END,
       revoked_at = coalesce(revoked_at, now())
     WHERE id = $1 AND ($2::text IS NULL OR user_id = $2)`,
    [id, owner, admin],
  );
  return result.rowCount === 1;
}

/** The admin's view (ADR 0063): the busiest keys of every account, with their owners. */
export async function busiestKeys(pool: pg.Pool, limit = 100): Promise<AdminApiKey[]> {
  const result = await pool.query<
    KeyRow & { user_id: string; email: string; request_count: number; revoked_at: Date | null }
  >(
    `SELECT k.id, k.name, k.prefix, k.scopes, k.daily_credit_limit, k.created_at, k.last_used_at, k.user_id,
       u.email, k.request_count, k.revoked_at
     FROM api_keys k JOIN "user" u ON u.id = k.user_id
     ORDER BY k.request_count DESC, k.created_at DESC LIMIT $1`,
    [limit],
  );
  return result.rows.map((row) => ({
    ...keyView(row),
    userId: row.user_id,
    userEmail: row.email,
    requestCount: Number(row.request_count),
    revokedAt: row.revoked_at?.toISOString() ?? null,
  }));
}
