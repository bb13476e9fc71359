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

/** 413 for a body refused by a limit (body-limit.server.ts adds `Connection: close` and discards the rest). */
export function payloadTooLarge(c: Context<AppEnv>, message: string) {
  return apiError(c, 413, 'payload_too_large', message);
}
