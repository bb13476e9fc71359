import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './errors.server';

/**
 * Hono's `bodyLimit` with a clean refusal. Hono answers 413 while the client is still sending and leaves the
 * connection open (keep-alive); @hono/node-server then drains the rest for at most 500 ms and drops the socket, so
 * a pooling proxy that reuses the connection fails another client's request on it. Here the refusal says
 * `Connection: close` (RFC 9112 §9.6: the sender closes after this response), and the server closes such a
 * connection in stages, reading what the client still sends until it stops (http/lingering-close.server.ts).
 */

interface BodyLimitOptions {
  maxSize: number;
  onError: (c: Context<AppEnv>) => Response | Promise<Response>;
}

/**
 * The header goes on the context before the answer is made, so it is one of the answer's own: set afterwards on the
 * answer's `headers`, @hono/node-server's lightweight Response kept it only while the answer had no plain-object
 * headers of its own, and dropped it when Hono copied the answer.
 */
function refuse(c: Context<AppEnv>, options: BodyLimitOptions) {
  c.header('Connection', 'close');
  return options.onError(c);
}

/** Refuses a body over `maxSize`, announced by Content-Length or streamed; a smaller one is read once and passed on. */
export function bodyLimit(options: BodyLimitOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const announced = c.req.raw.headers.has('transfer-encoding') ? null : c.req.header('content-length');
    if (announced != null) {
      const length = Number.parseInt(announced, 10) || 0;
      if (length <= options.maxSize) return next();
      return refuse(c, options);
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > options.maxSize) return refuse(c, options);
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}
