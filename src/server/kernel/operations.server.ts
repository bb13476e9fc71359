import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Contract, Operation, OperationAuth, PathParameters } from '../../shared/api-contract';
import type { AppEnv } from './errors.server';
import { jsonBodyLimit, parseJsonBody, parseQuery, rejectQueryParameters } from './request-validation.server';

/**
 * Mounts a domain's handlers from its declarations (ADR 0017): a handler exists only for a declared operation
 * (the handlers object is typed by the contract, every key required, no other allowed), and the declaration gives
 * the route its path, its guard and its input checks, so a handler receives input already validated.
 */

type JsonBody<B> = B extends { contentType: 'multipart/form-data' }
  ? undefined
  : B extends { schema: infer Schema extends z.ZodType }
    ? z.output<Schema> | (B extends { required: false } ? undefined : never)
    : undefined;

interface OperationInput<O extends Operation> {
  params: PathParameters<O>;
  query: O['query'] extends z.ZodType ? z.output<O['query']> : undefined;
  /** The validated JSON body; a multipart form is read by the handler itself. */
  body: JsonBody<O['body']>;
}

export type OperationHandler<O extends Operation> = (
  c: Context<AppEnv>,
  input: OperationInput<O>,
) => Response | Promise<Response>;

/** A handler, or a handler with the middleware that runs between the guard and the input checks. */
type HandlerSpec<O extends Operation> =
  | OperationHandler<O>
  | { before: MiddlewareHandler<AppEnv>[]; handle: OperationHandler<O> };

export type Handlers<C extends Contract> = { [Name in keyof C]: HandlerSpec<C[Name]> };

/** The middleware that lets a caller through for each kind of operation (the composition root builds them). */
export type Guards = Record<Exclude<OperationAuth, 'none'>, MiddlewareHandler<AppEnv>>;

export interface MountOptions {
  /** Where the Hono app these routes are added to is mounted: `/api/cast`. */
  base: `/api${string}`;
  guards: Guards;
}

/** The declaration each mounted handler serves: what the route test reads to find undeclared routes. */
const declarations = new WeakMap<object, Operation>();

export function declarationOf(handler: object): Operation | undefined {
  return declarations.get(handler);
}

/**
 * `/api/videos/{id}/edits` under `/api/videos` → `/:id/edits`; a wildcard's last parameter is the rest of the path:
 * `/api/auth/{betterAuthPath}` under `/api/auth` → `/*`.
 */
function routePath(operation: Operation, base: string): string {
  if (!operation.path.startsWith(base)) {
    throw new Error(`${operation.method} ${operation.path} is not under ${base}`);
  }
  const relative = operation.path.slice(base.length) || '/';
  if (!operation.wildcard) return relative.replace(/\{(\w+)\}/g, ':$1');
  if (!/\/\{\w+\}$/.test(relative)) {
    throw new Error(`${operation.method} ${operation.path}: a wildcard ends with its parameter`);
  }
  return relative.replace(/\{\w+\}$/, '*').replace(/\{(\w+)\}/g, ':$1');
}

/** A wildcard's parameters: its last one is the rest of the path, `sign-in/email` for `/api/auth/sign-in/email`. */
function wildcardParameters(c: Context<AppEnv>, operation: Operation): Record<string, string> {
  const segments = operation.path.split('/');
  const name = (segments.at(-1) ?? '').slice(1, -1);
  return {
    ...c.req.param(),
    [name]: c.req.path
      .split('/')
      .slice(segments.length - 1)
      .join('/'),
  };
}

function inputChecks(operation: Operation): MiddlewareHandler<AppEnv>[] {
  // A wildcard belongs to another library, which reads its own query and body.
  if (operation.wildcard) return [];
  const checks: MiddlewareHandler<AppEnv>[] = [];
  if (!operation.query) checks.push(rejectQueryParameters);
  const body = operation.body;
  if (body && (body.contentType ?? 'application/json') === 'application/json') checks.push(jsonBodyLimit);
  return checks;
}

async function readInput(c: Context<AppEnv>, operation: Operation) {
  if (operation.wildcard) {
    return { input: { params: wildcardParameters(c, operation), query: undefined, body: undefined } };
  }
  let query: unknown;
  if (operation.query) {
    const parsed = parseQuery(c, operation.query);
    if (!parsed.ok) return { response: parsed.response };
    query = parsed.data;
  }
  let body: unknown;
  const declared = operation.body;
  if (declared && (declared.contentType ?? 'application/json') === 'application/json') {
    // HonoRequest caches the text, so parseJsonBody reads the same body again.
    const empty = declared.required === false && (await c.req.text()).trim() === '';
    if (!empty) {
      const parsed = await parseJsonBody(c, declared.schema);
      if (!parsed.ok) return { response: parsed.response };
      body = parsed.data;
    }
  }
  return { input: { params: c.req.param(), query, body } };
}

/** A Hono app with one route per declaration of `contract`, to be mounted at `base`. */
export function routesFromContract<C extends Contract>(
  contract: C,
  { base, guards }: MountOptions,
  handlers: Handlers<C>,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Fixed paths before parameterised ones: `/api/videos/queue` is not `/api/videos/{id}`.
  const names = Object.keys(contract).sort(
    (a, b) => (contract[a]?.path.split('{').length ?? 0) - (contract[b]?.path.split('{').length ?? 0),
  );
  for (const name of names) {
    const operation = contract[name] as Operation;
    const spec = handlers[name] as HandlerSpec<Operation> | undefined;
    if (!spec) throw new Error(`${name} is declared without a handler`);
    const { before, handle } = typeof spec === 'function' ? { before: [], handle: spec } : spec;
    const final = async (c: Context<AppEnv>) => {
      const read = await readInput(c, operation);
      if ('response' in read) return read.response;
      return handle(c, read.input as OperationInput<Operation>);
    };
    declarations.set(final, operation);
    const guard = operation.auth === 'none' ? [] : [guards[operation.auth]];
    const chain: MiddlewareHandler<AppEnv>[] = [...guard, ...before, ...inputChecks(operation)];
    app.on([operation.method.toUpperCase()], [routePath(operation, base)], ...chain, final);
  }
  return app;
}
