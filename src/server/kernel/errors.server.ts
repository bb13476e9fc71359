import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger.server';

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
  };
}

/** Every API error has this shape: a stable code for programs and a pt-BR message for people. */
export interface ApiErrorBody {
  error: { code: string; message: string; requestId?: string };
}

export function apiError(c: Context<AppEnv>, status: ContentfulStatusCode, code: string, message: string) {
  const body: ApiErrorBody = { error: { code, message, requestId: c.get('requestId') } };
  return c.json(body, status);
}
