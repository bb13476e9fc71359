import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../kernel/errors.server';
import { jsonBodyLimit } from '../kernel/request-validation.server';
import type { Auth } from './auth.server';

/**
 * Better Auth's handler at /api/auth/*. The client address Better Auth keys rate limits (and records sessions) by
 * comes from X-Forwarded-For, which any client can send, so it is rebuilt here from the socket: without trusted
 * proxies it is the peer address alone; with them the peer is appended, and Better Auth walks the chain from the
 * right past the trusted proxies to the first address it did not get from one of them.
 */
export function authRoutes(auth: Auth, trustedProxies: readonly string[]): Hono<AppEnv> {
  const withClientAddress = (c: Context<AppEnv>): Request => {
    const headers = new Headers(c.req.raw.headers);
    const forwarded = headers.get('x-forwarded-for');
    headers.delete('x-forwarded-for');
    const peer = getConnInfo(c).remote.address;
    if (peer) {
      headers.set('x-forwarded-for', trustedProxies.length > 0 && forwarded ? `${forwarded}, ${peer}` : peer);
    }
    return new Request(c.req.raw, { headers });
  };
  // Better Auth reads whole bodies without a limit of its own; no auth request needs more than a form's worth.
  return new Hono<AppEnv>().on(['GET', 'POST'], '/*', jsonBodyLimit, (c) =>
    auth.handler(withClientAddress(c)),
  );
}
