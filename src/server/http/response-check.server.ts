import type { MiddlewareHandler } from 'hono';
import { type AppEnv, apiError } from '../kernel/errors.server';
import { type ApiOperation, responseSchemaOf } from './openapi.server';

/**
 * Under `NODE_ENV=test` every `/api` answer is checked against the schema its operation documents (src/shared),
 * so the whole suite proves the server sends what the web's types and the OpenAPI document say. A mismatch is a
 * bug: it answers 500 with the zod issues, which fails whichever test made the request.
 */
export function checkResponses(operations: readonly ApiOperation[]): MiddlewareHandler<AppEnv> {
  // Fixed paths before parameterised ones: `/api/videos/export.csv` is not `/api/videos/{id}`.
  const matchers = operations
    .filter((operation) => !operation.wildcard)
    .map((operation) => ({
      operation,
      pattern: new RegExp(`^${operation.path.replace(/\./g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
      parameters: (operation.path.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.parameters - b.parameters);

  return async (c, next) => {
    await next();
    const method = c.req.method.toLowerCase();
    const found = matchers.find(
      ({ operation, pattern }) => operation.method === method && pattern.test(c.req.path),
    );
    if (!found || !c.res.headers.get('content-type')?.includes('application/json')) return;
    const schema = responseSchemaOf(found.operation, c.res.status);
    if (!schema) return;
    const body: unknown = await c.res.clone().json();
    const checked = schema.safeParse(body);
    if (checked.success) return;
    c.get('logger').error(
      { issues: checked.error.issues, body },
      'response does not match its documented schema',
    );
    c.res = undefined;
    c.res = apiError(
      c,
      500,
      'response_mismatch',
      `${c.req.method} ${c.req.path} ${found.operation.path}: ${JSON.stringify(checked.error.issues)}`,
    );
  };
}
