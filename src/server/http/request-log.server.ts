import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Logger, lazyChild } from '#server/logger.server';
import { requestIdFrom } from './response-headers.server';

/** Reset links carry their token in the path; logs keep the route, never the token. */
export function redactSecrets(path: string): string {
  return path.replace(/(\/reset-password\/)[^/]+/, '$1:token');
}

/**
 * Each request's id (the one Node's response carries, response-headers.server.ts; a new one in-process), its logger
 * (bound to the id, made on first use) and its access line: one pino line per request, the only access log a
 * deployment has. The access line's fields are fixed and hold no secret (the path is redacted above), so it is
 * written by a child without the root's redaction, whose wildcard paths cloned every line's object (ADR 0071).
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  const access = logger.child({}, { redact: [] });
  return async (c, next) => {
    const started = performance.now();
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing as
      | { requestId?: string }
      | undefined;
    const requestId = outgoing?.requestId ?? requestIdFrom(c.req.header('x-request-id'));
    c.set('requestId', requestId);
    c.set('logger', lazyChild(logger, { requestId }));
    await next();
    access.info(
      {
        requestId,
        method: c.req.method,
        path: redactSecrets(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
}
