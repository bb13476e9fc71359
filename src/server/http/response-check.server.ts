import type { MiddlewareHandler } from 'hono';
import { errorsOf, type Operation } from '../../shared/api-contract';
import { type AppEnv, apiError } from '../kernel/errors.server';
import { responseSchemaOf } from './openapi.server';

/**
 * Under `NODE_ENV=test` every `/api` answer is checked against the schema its operation documents (src/shared),
 * so the whole suite proves the server sends what the web's types and the OpenAPI document say, and every error
 * answer against the codes its operation declares (with their status). A mismatch is a bug: it answers 500 with
 * what differs, which fails whichever test made the request.
 */
export function checkResponses(operations: readonly Operation[]): MiddlewareHandler<AppEnv> {
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
    if (checked.success) {
      const undeclared = undeclaredError(found.operation, c.res.status, checked.data);
      if (!undeclared) return;
      c.get('logger').error({ body }, 'error code not declared by its operation');
      c.res = undefined;
      c.res = apiError(c, 500, 'response_mismatch', `${c.req.method} ${found.operation.path}: ${undeclared}`);
      return;
    }
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

/** Why an error answer is not one its operation declares, or undefined when it is (or it is not an error). */
function undeclaredError(operation: Operation, status: number, body: unknown): string | undefined {
  if (status < 400) return undefined;
  const code = (body as { error: { code: string } }).error.code;
  const declared = errorsOf(operation)[code];
  if (declared === status) return undefined;
  return declared === undefined
    ? `error code ${code} (${status}) is not in the operation's declaration`
    : `error code ${code} answered with ${status}, declared with ${declared}`;
}
