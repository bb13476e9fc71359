import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { declarationOf } from '#server/kernel/operations.server';
import { errorsOf, type Operation } from '#shared/api-contract';
import { responseSchemaOf } from './openapi.server';

/**
 * Under `NODE_ENV=test` every `/api` answer is checked against the schema its operation documents (src/shared),
 * so the whole suite proves the server sends what the web's types and the OpenAPI document say, and every error
 * answer against the codes its operation declares (with their status). A mismatch is a bug: it answers 500 with
 * what differs, which fails whichever test made the request.
 */
export function checkResponses(operations: readonly Operation[]): MiddlewareHandler<AppEnv> {
  const checked = new Set(operations.filter((operation) => !operation.wildcard));
  return async (c, next) => {
    await next();
    // The first declared handler the router matched is the one that answered (or whose guard or checks did):
    // a fixed path is mounted before a parameterised one, `/api/videos/queue` before `/api/videos/{id}`.
    const operation = matchedRoutes(c)
      .map((route) => declarationOf(route.handler))
      .find((declared) => declared !== undefined);
    if (!operation || !checked.has(operation)) return;
    if (!c.res.headers.get('content-type')?.includes('application/json')) return;
    const mismatch = await mismatchOf(operation, c.res);
    if (!mismatch) return;
    c.get('logger').error(mismatch.log, mismatch.reason);
    c.res = undefined;
    c.res = apiError(
      c,
      500,
      'response_mismatch',
      `${c.req.method} ${c.req.path} ${operation.path}: ${mismatch.why}`,
    );
  };
}

/** What is wrong with an answer: a body its documented schema refuses, or an error code not declared. */
async function mismatchOf(operation: Operation, response: Response) {
  const schema = responseSchemaOf(operation, response.status);
  if (!schema) return undefined;
  const body: unknown = await response.clone().json();
  const checked = schema.safeParse(body);
  if (!checked.success) {
    const reason = 'response does not match its documented schema';
    return { reason, log: { issues: checked.error.issues, body }, why: JSON.stringify(checked.error.issues) };
  }
  const undeclared = undeclaredError(operation, response.status, checked.data);
  return undeclared
    ? { reason: 'error code not declared by its operation', log: { body }, why: undeclared }
    : undefined;
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
