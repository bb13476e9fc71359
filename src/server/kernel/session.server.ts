import type { Session, User } from 'better-auth';
import type { Context, MiddlewareHandler } from 'hono';
import { type AppEnv, apiError } from './errors.server';

/** A signed-in request's session: the fields Better Auth keeps whatever plugins `accounts/auth.server.ts` adds. */
export interface SessionData {
  session: Session;
  user: User;
}

/**
 * Where `requireSession` reads a request's session from its cookies, with the headers Better Auth wants set (a
 * refreshed cookie). The composition root supplies it (accounts/session-cache.server.ts), so the kernel does not
 * depend on the accounts domain.
 */
export interface SessionSource {
  read(headers: Headers): Promise<{ headers: Headers; response: SessionData | null }>;
  /** The user changed something: their next request reads the session afresh. */
  forgetUser(userId: string): void;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The session of each request that passed `requireSession`, gone with the request. Keyed by the request's context,
 * not its `Request`: a body limit on a chunked upload replaces `c.req.raw` with a new Request that wraps the body.
 */
const sessions = new WeakMap<Context<AppEnv>, SessionData>();

/**
 * Lets a request through only with a valid session cookie (401 otherwise); handlers then read it with
 * `sessionOf(c)`. Better Auth may extend the session while reading it: its refreshed cookie is passed on so the
 * browser's copy does not expire before the session does. A write (profile, account deletion) may change what the
 * session carries, so the user's next request reads it afresh.
 */
export function requireSession(source: SessionSource): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { headers, response } = await source.read(c.req.raw.headers);
    if (!response) return apiError(c, 401, 'unauthorized', 'Faça login para continuar.');
    sessions.set(c, response);
    await next();
    if (!READ_METHODS.has(c.req.method)) source.forgetUser(response.user.id);
    for (const cookie of headers.getSetCookie()) c.res.headers.append('Set-Cookie', cookie);
  };
}

/**
 * A request authenticated some other way than the cookie — an API key (api-keys room, ADR 0063) — carries the
 * same session data, so every handler reads its user with `sessionOf(c)` whatever proved it.
 */
export function authenticateAs(c: Context<AppEnv>, data: SessionData): void {
  sessions.set(c, data);
}

export function sessionOf(c: Context<AppEnv>): SessionData {
  const session = sessions.get(c);
  if (!session) throw new Error('sessionOf() called on a route without requireSession');
  return session;
}
