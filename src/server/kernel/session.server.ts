import type { Context, MiddlewareHandler } from 'hono';
import type { Auth, SessionData } from '../accounts/auth.server';
import { type AppEnv, apiError } from './errors.server';

/** The session of each request that passed `requireSession`; gone with the request. */
const sessions = new WeakMap<Request, SessionData>();

/**
 * Lets a request through only with a valid session cookie (401 otherwise); handlers then read it with
 * `sessionOf(c)`. Better Auth may extend the session while reading it: its refreshed cookie is passed on so the
 * browser's copy does not expire before the session does.
 */
export function requireSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { headers, response } = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    if (!response) return apiError(c, 401, 'unauthorized', 'Faça login para continuar.');
    sessions.set(c.req.raw, response);
    await next();
    for (const cookie of headers.getSetCookie()) c.res.headers.append('Set-Cookie', cookie);
  };
}

export function sessionOf(c: Context<AppEnv>): SessionData {
  const session = sessions.get(c.req.raw);
  if (!session) throw new Error('sessionOf() called on a route without requireSession');
  return session;
}
