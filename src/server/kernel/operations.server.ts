import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { ApiKeyScope, Contract, Operation, OperationAuth, PathParameters } from '#shared/api-contract';
import type { AppEnv } from './errors.server';
import { operationRoute } from './operation-route.server';
import {
  jsonBodyChecks,
  jsonBodyLimit,
  optionalJsonBody,
  queryChecks,
  refuseInvalidInput,
} from './request-validation.server';

/**
 * Mounts a domain's handlers from its declarations (ADR 0017) with `@hono/zod-openapi` (ADR 0025): a handler exists
 * only for a declared operation (the handlers object is typed by the contract, every key required, no other
 * allowed), and the declaration becomes the library's route config (operation-route.server.ts), which gives the
 * route its path, its documentation and its validation, so a handler receives input already validated.
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

/**
 * The middleware that lets a caller through for each kind of operation (the composition root builds them), and
 * for the operations an API key may call: the key's guard of their scope, and what a create runs once its input
 * is read (the Idempotency-Key header), both from the api-keys room (ADR 0063). Without them (tests that mount a
 * room alone) such an operation takes the session guard.
 */
export type Guards = Record<Exclude<OperationAuth, 'none'>, MiddlewareHandler<AppEnv>> & {
  apiKey?: (scope: ApiKeyScope) => MiddlewareHandler<AppEnv>;
  idempotency?: (operation: Operation) => MiddlewareHandler<AppEnv>;
  /** After the caller's guard, on `adultOnly` operations: the account has given its birth date (ADR 0066). */
  adult?: MiddlewareHandler<AppEnv>;
};

/** The guard of `operation` (with the birth-date check of an `adultOnly` one), and what runs after its input checks. */
function guardOf(operation: Operation, guards: Guards) {
  if (operation.auth === 'none') return { guard: [], after: [] };
  const adult = operation.adultOnly && guards.adult ? [guards.adult] : [];
  if (!operation.apiKey || !guards.apiKey) return { guard: [guards[operation.auth], ...adult], after: [] };
  const idempotency = operation.apiKey === 'create' && guards.idempotency;
  return {
    guard: [guards.apiKey(operation.apiKey), ...adult],
    after: idempotency ? [idempotency(operation)] : [],
  };
}

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
 * `/api/videos/{id}/edits` under `/api/videos` → `/{id}/edits`, the path the library routes and documents (merged
 * under its mount point by OpenAPIHono's `route`).
 */
function documentedPath(operation: Operation, base: string): string {
  if (!operation.path.startsWith(base)) {
    throw new Error(`${operation.method} ${operation.path} is not under ${base}`);
  }
  if (operation.wildcard && !/\/\{\w+\}$/.test(operation.path)) {
    throw new Error(`${operation.method} ${operation.path}: a wildcard ends with its parameter`);
  }
  return operation.path.slice(base.length) || '/';
}

/** Hono's form of a documented path; a wildcard's last parameter is the rest of the path (`/{rest}` → `/*`). */
function honoPath(path: string, wildcard: boolean): string {
  return (wildcard ? path.replace(/\{\w+\}$/, '*') : path).replace(/\{(\w+)\}/g, ':$1');
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

/**
 * Our checks that run between the guard and the library's validators: what the library lacks or words otherwise
 * (request-validation.server.ts). A wildcard belongs to another library, which reads its own query and body.
 */
function inputChecks(operation: Operation): MiddlewareHandler<AppEnv>[] {
  if (operation.wildcard) return [];
  const checks = [queryChecks(operation.query !== undefined)];
  const body = operation.body;
  if (!body || body.contentType === 'multipart/form-data') return checks;
  checks.push(jsonBodyLimit);
  checks.push(body.required === false ? optionalJsonBody(body.schema) : jsonBodyChecks);
  return checks;
}

/**
 * The route `app.openapi` validates with: the documented one, less what the library must not read itself — a
 * multipart form (read and checked by its handler) and a body that may be absent (optionalJsonBody).
 */
function validatedRoute(route: RouteConfig, operation: Operation): RouteConfig {
  const body = operation.body;
  if (!body || (body.required !== false && body.contentType !== 'multipart/form-data')) return route;
  const { body: _documented, ...request } = route.request ?? {};
  return { ...route, request };
}

/** What a mounted handler receives: the values the library (or optionalJsonBody) validated. */
function inputOf(c: Context<AppEnv>, operation: Operation): OperationInput<Operation> {
  if (operation.wildcard) {
    return { params: wildcardParameters(c, operation), query: undefined, body: undefined } as never;
  }
  const valid = (target: 'param' | 'query' | 'json'): unknown => c.req.valid(target as never);
  return {
    params: operation.path.includes('{') ? valid('param') : {},
    query: operation.query ? valid('query') : undefined,
    // Undefined for a multipart form, and for an optional body that was not sent.
    body: operation.body?.contentType === 'multipart/form-data' ? undefined : valid('json'),
  } as never;
}

/** A Hono app with one route per declaration of `contract`, to be mounted at `base`. */
export function routesFromContract<C extends Contract>(
  contract: C,
  { base, guards }: MountOptions,
  handlers: Handlers<C>,
): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  // Fixed paths before parameterised ones: `/api/videos/queue` is not `/api/videos/{id}`.
  const names = Object.keys(contract).sort(
    (a, b) => (contract[a]?.path.split('{').length ?? 0) - (contract[b]?.path.split('{').length ?? 0),
  );
  for (const name of names) {
    const operation = contract[name] as Operation;
    const spec = handlers[name] as HandlerSpec<Operation> | undefined;
    if (!spec) throw new Error(`${name} is declared without a handler`);
    const { before, handle } = typeof spec === 'function' ? { before: [], handle: spec } : spec;
    const final = (c: Context<AppEnv>) => handle(c, inputOf(c, operation));
    declarations.set(final, operation);
    const { guard, after } = guardOf(operation, guards);
    const middleware = [...guard, ...before, ...inputChecks(operation), ...after];
    const route = operationRoute(name, operation, documentedPath(operation, base));
    mount(app, { route, operation, middleware, final });
  }
  return app;
}

interface Mounting {
  route: RouteConfig;
  operation: Operation;
  middleware: MiddlewareHandler<AppEnv>[];
  final: (c: Context<AppEnv>) => Response | Promise<Response>;
}

function mount(app: OpenAPIHono<AppEnv>, { route, operation, middleware, final }: Mounting): void {
  // A wildcard is routed by Hono's `*`, which the library's `{name}` paths cannot say: documented, then mounted.
  if (operation.wildcard) {
    app.openAPIRegistry.registerPath(route);
    app.on([operation.method.toUpperCase()], [honoPath(route.path, true)], ...middleware, final);
    return;
  }
  const validated = validatedRoute(route, operation);
  if (validated !== route) app.openAPIRegistry.registerPath(route);
  const hook = refuseInvalidInput({ query: operation.query, json: operation.body?.schema });
  app.openapi({ ...validated, middleware, hide: validated !== route }, final as never, hook as never);
}
