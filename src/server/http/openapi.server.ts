import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  EVERY_OPERATION_ERRORS,
  errorStatus,
  implicitErrors,
  type Operation,
} from '../../shared/api-contract';
import { apiErrorBodySchema } from '../../shared/api-error';
import type { AppEnv } from '../kernel/errors.server';
import { API_CONTRACTS } from './api-contracts.server';

/**
 * `GET /api/openapi.json`: an OpenAPI 3.1 document generated from the operations' declarations (ADR 0017). Request
 * schemas are the zod schemas the routes validate with (`z.toJSONSchema`, input side) and response schemas the
 * ones in src/shared the web infers its types from (output side), so they cannot disagree;
 * declared-routes.server.test.ts proves every route comes from a declaration, and api-responses.server.test.ts
 * checks real answers against the response schemas.
 */

/** Every operation of every domain, with its name in its contract (the document's operationId). */
const OPERATION_NAMES = new Map<Operation, string>(
  API_CONTRACTS.flatMap((contract) => Object.entries(contract).map(([name, operation]) => [operation, name])),
);
export const API_OPERATIONS: readonly Operation[] = [...OPERATION_NAMES.keys()];

type JsonSchema = Record<string, unknown>;

/** The schema's input side (what a client sends); what JSON Schema cannot say (a refine) is left open. */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  delete json.$schema;
  return json as JsonSchema;
}

/** A response body: the schema's output side (what the server sends). */
function responseJsonSchema(schema: z.ZodType): JsonSchema {
  return toJsonSchema(schema, 'output');
}

/**
 * The zod schema a documented answer must match: the error body for 4xx/5xx, else the operation's own for that
 * status (undefined for a body that is not JSON, or not ours: Better Auth's, the event stream, the CSV).
 */
export function responseSchemaOf(operation: Operation, status: number): z.ZodType | undefined {
  if (status >= 400) return apiErrorBodySchema;
  const response = operation.responses[status];
  return typeof response === 'object' ? response.schema : undefined;
}

const errorSchema = responseJsonSchema(apiErrorBodySchema);

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const json = toJsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function pathParameters(path: string): JsonSchema[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function responseObject(status: number, response: Operation['responses'][number]): JsonSchema {
  const {
    description,
    contentType = 'application/json',
    schema,
  } = typeof response === 'string' ? { description: response } : response;
  const body =
    status >= 400 ? { $ref: '#/components/schemas/Error' } : schema ? responseJsonSchema(schema) : {};
  return { description, content: { [contentType]: { schema: body } } };
}

/**
 * The operation's error codes grouped by status, each named in its status's description. The codes every
 * operation may answer (EVERY_OPERATION_ERRORS) are said once, in the document's description.
 */
function errorResponses(operation: Operation): Record<string, JsonSchema> {
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
      {
        description: lines.join('; '),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

function operationObject(operation: Operation): JsonSchema {
  const parameters = [
    ...pathParameters(operation.path),
    ...(operation.query ? queryParameters(operation.query) : []),
  ];
  const security =
    operation.auth === 'none' ? [] : [{ [operation.auth === 'admin' ? 'adminSession' : 'session']: [] }];
  return {
    operationId: OPERATION_NAMES.get(operation),
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    security,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: operation.body.required ?? true,
            content: {
              [operation.body.contentType ?? 'application/json']: {
                schema: toJsonSchema(operation.body.schema),
              },
            },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [
          status,
          responseObject(Number(status), response),
        ]),
      ),
      ...errorResponses(operation),
    },
    ...(operation.wildcard ? { 'x-cena-wildcard': true } : {}),
  };
}

export interface OpenApiOptions {
  /** Local mode: the dev mailbox is mounted. */
  devMailbox: boolean;
  /** The public base URL, as the document's server. */
  appUrl?: string;
}

/** The operations a given app mounts. */
export function documentedOperations({ devMailbox }: Pick<OpenApiOptions, 'devMailbox'>): Operation[] {
  return API_OPERATIONS.filter((operation) => devMailbox || !operation.localOnly);
}

export function buildOpenApiDocument(options: OpenApiOptions): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of documentedOperations(options)) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation) };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Cena API',
      version: '1',
      description:
        'The API of Cena, the pt-BR AI video app. Errors share one shape (`Error`), with a stable code and a pt-BR ' +
        'message. Money is integer cents (BRL), credits integers, times ISO strings (UTC). Besides the codes each ' +
        `operation lists, any may answer ${Object.entries(EVERY_OPERATION_ERRORS)
          .map(([code, status]) => `\`${code}\` (${status})`)
          .join(', ')}.`,
    },
    ...(options.appUrl ? { servers: [{ url: options.appUrl }] } : {}),
    tags: [...new Set(API_OPERATIONS.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cena.session_token',
          description: "Better Auth's session cookie (`__Secure-cena.session_token` over HTTPS).",
        },
        adminSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cena.session_token',
          description: 'The session cookie of an account with the admin role (403 otherwise).',
        },
      },
    },
  };
}

/** Built once per app; answered with an ETag and a short public cache. */
export function openApiHandler(options: OpenApiOptions): (c: Context<AppEnv>) => Response {
  const body = JSON.stringify(buildOpenApiDocument(options));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    c.header('ETag', etag);
    // Compression weakens the tag on the way out (W/"…"): compare without the weak prefix.
    const sent = (c.req.header('if-none-match') ?? '')
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''));
    if (sent.includes(etag)) return c.body(null, 304);
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  };
}
