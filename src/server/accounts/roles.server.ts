import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type pg from 'pg';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { sessionOf } from '#server/kernel/session.server';
import type { Role } from './accounts.schema.server';

/** Whether the user holds the role, read from `user_roles` on every call: a revoked role stops working at once. */
export async function hasRole(pool: pg.Pool, userId: string, role: Role): Promise<boolean> {
  const result = await pool.query<{ held: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM user_roles WHERE user_id = $1 AND role = $2) AS held',
    [userId, role],
  );
  return result.rows[0]?.held === true;
}

/** Grants the role; granting it again changes nothing. Returns whether it was newly granted. */
export async function grantRole(pool: pg.Pool, userId: string, role: Role): Promise<boolean> {
  const result = await pool.query(
    'INSERT INTO user_roles (user_id, role) VALUES ($1, $2) ON CONFLICT (user_id, role) DO NOTHING',
    [userId, role],
  );
  return result.rowCount === 1;
}

/**
 * The guard of `admin` operations: a session, then the role checked on the server on every request (the admin
 * page's address is only a URL, never the protection; docs/admin-contract.md).
 */
export function requireAdmin(
  pool: pg.Pool,
  requireSession: MiddlewareHandler<AppEnv>,
): MiddlewareHandler<AppEnv> {
  return every(requireSession, async (c, next) => {
    if (!(await hasRole(pool, sessionOf(c).user.id, 'admin'))) {
      return apiError(c, 403, 'forbidden', 'Acesso restrito a administradores.');
    }
    await next();
  });
}
