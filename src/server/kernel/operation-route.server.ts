import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import { EVERY_OPERATION_ERRORS, errorStatus, implicitErrors, type Operation } from '#shared/api-contract';
import { apiErrorBodySchema } from '#shared/api-error';

/**
 * One declaration (src/shared/*.contract.ts, ADR 0017) as `@hono/zod-openapi`'s route config (ADR 0025): what
 * `app.openapi` validates with and what the OpenAPI document says about the operation. The contracts stay plain
 * zod data, which the web bundles; only the server knows the library.
 */

/** The error body every 4xx/5xx answer shares: one `Error` component in the document. */
const errorBodySchema = apiErrorBodySchema.openapi('Error');

const errorContent = { 'application/json': { schema: errorBodySchema } };

/** `/api/videos/{id}/edits` → a params schema of `id`; undefined for a path without parameters. */
function pathParameters(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name as string);
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
}

function successResponses(operation: Operation): RouteConfig['responses'] {
  return Object.fromEntries(
    Object.entries(operation.responses).map(([status, response]) => {
      const {
        description,
        contentType = 'application/json',
        schema,
      } = typeof response === 'string' ? { description: response } : response;
      // A body that is not JSON, or not ours (Better Auth's, the event stream, the CSV), is described in words.
      return [status, { description, content: { [contentType]: { schema: schema ?? z.unknown() } } }];
    }),
  );
}

/**
 * The operation's error codes grouped by status, each named in its status's description. The codes every
 * operation may answer (EVERY_OPERATION_ERRORS) are said once, in the document's description.
 */
function errorResponses(operation: Operation): RouteConfig['responses'] {
  const byStatus = new Map<number, string[]>();
  const own = { ...implicitErrors(operation), ...operation.errors };
  const input = operation.query || operation.body ? { invalid_request: 400 } : {};
  for (const [code, declaration] of Object.entries({ ...input, ...own })) {
    if (code in EVERY_OPERATION_ERRORS && !(code in input) && !operation.errors?.[code]) continue;
    const status = errorStatus(declaration);
    const line = typeof declaration === 'number' ? `\`${code}\`` : `\`${code}\`: ${declaration.description}`;
    byStatus.set(status, [...(byStatus.get(status) ?? []), line]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, lines]) => [
      status,
      { description: lines.join('; '), content: errorContent },
    ]),
  );
}

type RequestBody = NonNullable<NonNullable<RouteConfig['request']>['body']>;
type DocumentedSchema = NonNullable<Extract<RequestBody['content'][string], { schema?: unknown }>['schema']>;

/**
 * A multipart form's schema as JSON Schema: zod-to-openapi cannot draw `z.file()` parts, which zod's own converter
 * writes as `format: binary` strings. Handed over as plain JSON Schema, the library documents the form and leaves
 * reading it to the handler's `readForm` (kernel/form-errors.server.ts), which validates it with the same schema.
 */
function multipartSchema(schema: z.ZodType): DocumentedSchema {
  const { $schema: _dialect, ...document } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  // zod's JSON Schema type and the library's SchemaObject describe the same JSON; their TypeScript shapes differ.
  return document as unknown as DocumentedSchema;
}

/** Who may call: the session cookie, or an API key where the operation takes one (ADR 0063). */
function securityOf(operation: Operation): RouteConfig['security'] {
  if (operation.auth === 'none') return [];
  if (operation.auth === 'admin') return [{ adminSession: [] }];
  return operation.apiKey ? [{ session: [] }, { apiKey: [] }] : [{ session: [] }];
}

/** A create a key may call takes an Idempotency-Key (api-keys/idempotency.server.ts). */
const idempotencyHeader = z.object({
  'idempotency-key': z.string().optional().openapi({
    description:
      'Optional. The same key with the same request answers what the first made, charging once; with another request, 409 `idempotency_key_reused`. A body without `clientKey` gets one derived from the key. A quoted string (`"<uuid>"`) or a bare token, up to 255 visible characters.',
  }),
});

function requestOf(operation: Operation, path: string): RouteConfig['request'] {
  const params = pathParameters(path);
  const body = operation.body;
  return {
    ...(params ? { params } : {}),
    ...(operation.apiKey === 'create' ? { headers: idempotencyHeader } : {}),
    ...(operation.query ? { query: operation.query as z.ZodObject } : {}),
    ...(body
      ? {
          body: {
            required: body.required ?? true,
            content:
              body.contentType === 'multipart/form-data'
                ? { 'multipart/form-data': { schema: multipartSchema(body.schema) } }
                : { [body.contentType ?? 'application/json']: { schema: body.schema } },
          },
        }
      : {}),
  };
}

/** The route config of `operation` named `name`, at `path` (OpenAPI form, relative to where it is mounted). */
export function operationRoute(name: string, operation: Operation, path: string) {
  return createRoute({
    method: operation.method,
    path,
    operationId: name,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    security: securityOf(operation),
    request: requestOf(operation, path),
    responses: { ...successResponses(operation), ...errorResponses(operation) },
    ...(operation.wildcard ? { 'x-cena-wildcard': true } : {}),
  });
}
