import type { Context } from 'hono';
import type { AppEnv } from './errors.server';

/**
 * True when `error` is the client hanging up (closed tab, lost connection) while its body was being read:
 * @hono/node-server aborts the request's signal and the body stream fails with Node's "aborted"
 * (ECONNRESET). That is the client's doing, not a server fault: nobody is left to answer, and it is logged at
 * info, never as an error.
 */
export function isClientAbort(c: Context<AppEnv>, error: unknown): boolean {
  if (c.req.raw.signal.aborted) return true;
  const { code, message, name } = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  return (
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    name === 'AbortError' ||
    message === 'aborted'
  );
}
