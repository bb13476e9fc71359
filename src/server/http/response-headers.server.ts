import { randomUUID } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '#server/kernel/errors.server';

/**
 * Every response's request id and security headers, written on Node's response before the handler runs. Hono's
 * `requestId` and `secureHeaders` set them on the answer's web `Headers` (undici's, validated on every `set`), which
 * @hono/node-server then copies back into a plain object: per-request work on every answer, `/healthz` included,
 * which costs about three times bare Hono's CPU per request (`npm run bench:api`, docs/benchmarks.md). Here the security headers are what
 * `secureHeaders(options)` itself sends — read once from a probe answer, so the library stays their definition —
 * and `ServerResponse.setHeader` puts them and the id on the response; `writeHead` adds the handler's own headers to
 * them (https://nodejs.org/api/http.html#responsewriteheadstatuscode-statusmessage-headers: "headers … merged with
 * any headers passed to response.writeHead(), with the headers passed to response.writeHead() given precedence").
 * Without a Node response (Hono's `app.request`), they are set on the answer as before.
 *
 * The request id is Hono's `requestId` rule: the caller's `X-Request-Id` when it is at most 255 word characters,
 * `-` or `=`, else a new UUID.
 */
export function responseHeaders(security: MiddlewareHandler): MiddlewareHandler<AppEnv> {
  let headers: [string, string][] | undefined;
  const probe = new Hono().use(security).get('*', (c) => c.body(null));
  return async (c, next) => {
    headers ??= [...(await probe.request('/')).headers].filter(([name]) => name !== 'content-type');
    const given = c.req.header('x-request-id');
    const id = given && given.length <= 255 && !/[^\w\-=]/.test(given) ? given : randomUUID();
    c.set('requestId', id);
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing) {
      outgoing.setHeader('X-Request-Id', id);
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      return next();
    }
    await next();
    c.res.headers.set('X-Request-Id', id);
    for (const [name, value] of headers) c.res.headers.set(name, value);
  };
}
