import { Hono, type MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { rejectQueryParameters } from '../accounts/request-validation.server';
import { sessionOf } from '../accounts/session.server';
import type { AppEnv } from '../http/errors.server';
import { hasRole } from './roles.server';

/** `/api/admin`: the admin guard's check. Later admin routes check the role the same way, on the server. */
export function adminRoutes(pool: pg.Pool, requireSession: MiddlewareHandler<AppEnv>): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/check', requireSession, rejectQueryParameters, async (c) =>
    c.json({ isAdmin: await hasRole(pool, sessionOf(c).user.id, 'admin') }),
  );
}
