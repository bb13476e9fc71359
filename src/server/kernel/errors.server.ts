import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '#server/logger.server';
import type { ApiErrorBody } from '#shared/api-error';

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
  };
}

export function apiError(c: Context<AppEnv>, status: ContentfulStatusCode, code: string, message: string) {
  const body: ApiErrorBody = { error: { code, message, requestId: c.get('requestId') } };
  return c.json(body, status);
}

/**
 * 413 for a body refused before it was read. The unread rest is drained for a moment and then the socket is cut
 * (@hono/node-server's drainIncoming), so the answer says `Connection: close` (RFC 9112 §9.6): a pooling client
 * then opens a new connection instead of sending its next request into the one being cut.
 */
export function payloadTooLarge(c: Context<AppEnv>, message: string) {
  c.header('Connection', 'close');
  return apiError(c, 413, 'payload_too_large', message);
}
