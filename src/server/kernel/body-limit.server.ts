import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './errors.server';

/**
 * Hono's `bodyLimit` with a clean refusal. Hono answers 413 while the client is still sending and leaves the
 * connection open (keep-alive); @hono/node-server then drains the rest for at most 500 ms and drops the socket, so
 * a pooling proxy that reuses the connection fails another client's request on it. Here the refusal is answered
 * with `Connection: close` (RFC 9112 §9.6: the sender closes after this response) and only once the rest of the
 * body is read and discarded: Node closes the socket right after a `close` response, and unread bytes make the
 * kernel reset it, which can lose the answer itself. Discarding is bounded in bytes and time: a client sending far
 * past that gets the same answer without waiting for it.
 */

const DISCARD_MAX_BYTES = 8 * 1024 * 1024;
const DISCARD_MAX_MS = 2000;

type Reader = ReadableStreamDefaultReader<Uint8Array>;

async function discardRest(reader: Reader): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), DISCARD_MAX_MS);
  });
  try {
    let left = DISCARD_MAX_BYTES;
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === 'timeout' || next.done) return;
      left -= next.value.length;
      if (left < 0) return;
    }
  } catch {
    // The client went away: nobody is left to answer cleanly.
  } finally {
    clearTimeout(timer);
  }
}

interface BodyLimitOptions {
  maxSize: number;
  onError: (c: Context<AppEnv>) => Response | Promise<Response>;
}

async function refuse(c: Context<AppEnv>, reader: Reader | undefined, options: BodyLimitOptions) {
  if (reader) await discardRest(reader);
  const response = await options.onError(c);
  response.headers.set('Connection', 'close');
  return response;
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
      // Too large to wait for: answered at once, the connection closed behind it.
      return refuse(c, length <= DISCARD_MAX_BYTES ? body.getReader() : undefined, options);
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > options.maxSize) return refuse(c, reader, options);
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}
