import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import pino from 'pino';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Logger, lazyChild } from '#server/logger.server';
import { requestIdFrom } from './response-headers.server';

/** Reset links carry their token in the path; logs keep the route, never the token. */
export function redactSecrets(path: string): string {
  return path.replace(/(\/reset-password\/)[^/]+/, '$1:token');
}

interface AccessFields {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/**
 * The access line exactly as `logger.info(fields, 'request')` writes it, built as one template: its fields are fixed
 * and hold no secret, so pino's general path (walking the object, serializers, redaction) is work every request paid
 * for nothing — about 4 µs, a tenth of a probe's CPU under `npm run bench:api` (ADR 0071). It goes to the logger's own
 * stream through pino's public symbols (https://github.com/pinojs/pino/blob/main/docs/api.md#pino-symbols), so it
 * keeps its place among the process's other lines; request-log.server.test.ts holds it equal to pino's own line.
 */
export function accessLine(logger: Logger): (fields: AccessFields) => void {
  const own = logger as unknown as Record<symbol, unknown>;
  const stream = own[pino.symbols.streamSym] as { write(line: string): unknown };
  const time = own[pino.symbols.timeSym] as () => string;
  const bindings = own[pino.symbols.chindingsSym] as string;
  const level = pino.levels.values.info;
  return ({ requestId, method, path, status, ms }) => {
    if (!logger.isLevelEnabled('info')) return;
    stream.write(
      `{"level":${level}${time()}${bindings},"requestId":${JSON.stringify(requestId)},"method":${JSON.stringify(method)}` +
        `,"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
}

/**
 * Each request's id (the one Node's response carries, response-headers.server.ts; a new one in-process), its logger
 * (bound to the id, made on first use) and its access line: one line per request, the only access log a deployment
 * has. The path in it is redacted above.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  const access = accessLine(logger);
  return async (c, next) => {
    const started = performance.now();
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing as
      | { requestId?: string }
      | undefined;
    const requestId = outgoing?.requestId ?? requestIdFrom(c.req.header('x-request-id'));
    c.set('requestId', requestId);
    c.set('logger', lazyChild(logger, { requestId }));
    await next();
    access({
      requestId,
      method: c.req.method,
      path: redactSecrets(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
