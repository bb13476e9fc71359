import { createHash } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '#server/kernel/errors.server';
import { operationRoute } from '#server/kernel/operation-route.server';
import { EVERY_OPERATION_ERRORS, type Operation } from '#shared/api-contract';
import { apiErrorBodySchema } from '#shared/api-error';
import { API_CONTRACTS } from './api-contracts.server';

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document `@hono/zod-openapi` generates from the routes mounted from the
 * operations' declarations (ADR 0017, ADR 0025). Request schemas are the zod schemas the routes validate with and
 * response schemas the ones in src/shared the web infers its types from, so they cannot disagree;
 * declared-routes.server.test.ts proves every route comes from a declaration, and api-responses.server.test.ts
 * checks real answers against the response schemas.
 */

/** Every operation of every domain, with its name in its contract (the document's operationId). */
const OPERATION_NAMES = new Map<Operation, string>(
  API_CONTRACTS.flatMap((contract) => Object.entries(contract).map(([name, operation]) => [operation, name])),
);
export const API_OPERATIONS: readonly Operation[] = [...OPERATION_NAMES.keys()];

/**
 * The zod schema a documented answer must match: the error body for 4xx/5xx, else the operation's own for that
 * status (undefined for a body that is not JSON, or not ours: Better Auth's, the event stream, the CSV).
 */
export function responseSchemaOf(operation: Operation, status: number): z.ZodType | undefined {
  if (status >= 400) return apiErrorBodySchema;
  const response = operation.responses[status];
  return typeof response === 'object' ? response.schema : undefined;
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

/** What the document says besides its paths: who it is, the codes every operation may answer, the cookies. */
function describe(app: OpenAPIHono<AppEnv>, { appUrl }: OpenApiOptions): Record<string, unknown> {
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'cena.session_token',
    description: "Better Auth's session cookie (`__Secure-cena.session_token` over HTTPS).",
  });
  registry.registerComponent('securitySchemes', 'adminSession', {
    type: 'apiKey',
    in: 'cookie',
    name: 'cena.session_token',
    description: 'The session cookie of an account with the admin role (403 otherwise).',
  });
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key from Perfil → Desenvolvedores, `Authorization: Bearer cena_…` (ADR 0063): only the operations that list it, with its scope (`read` or `create`); `RateLimit` and `RateLimit-Policy` on every answer, `429 api_key_rate_limited` with `Retry-After` past the per-minute limit.',
  });
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Cena API',
      version: '1',
      description:
        'The API of Cena, the pt-BR AI video app. Errors share one shape (`Error`), with a stable code and a pt-BR ' +
        'message. Money is integer cents (BRL), credits integers, times ISO strings (UTC). Besides the codes each ' +
        `operation lists, any may answer ${Object.entries(EVERY_OPERATION_ERRORS)
          .map(([code, status]) => `\`${code}\` (${status})`)
          .join(
            ', ',
          )}. The reference is drawn at [/docs/api](/docs/api); the first video in five minutes, in ` +
        'pt-BR: [/docs/api/guia.md](/docs/api/guia.md) (ADR 0063).',
    },
    ...(appUrl ? { servers: [{ url: appUrl }] } : {}),
    tags: [...new Set(API_OPERATIONS.map((operation) => operation.tag))].map((name) => ({ name })),
  });
  return { ...document, jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema' };
}

/** The document of every declared operation, mounted or not: what the mounted app's document must equal. */
export function buildOpenApiDocument(options: OpenApiOptions): Record<string, unknown> {
  const app = new OpenAPIHono<AppEnv>();
  for (const operation of documentedOperations(options)) {
    app.openAPIRegistry.registerPath(
      operationRoute(OPERATION_NAMES.get(operation) ?? '', operation, operation.path),
    );
  }
  return describe(app, options);
}

/**
 * `GET /api/openapi.json` of `api`, the OpenAPIHono every domain's routes are mounted on (its registry merges
 * theirs): generated at the first request, when every route is mounted, then answered with an ETag and a short
 * public cache.
 */
export function openApiHandler(
  api: OpenAPIHono<AppEnv>,
  options: OpenApiOptions,
): (c: Context<AppEnv>) => Response {
  let answer: { body: string; etag: string } | undefined;
  return (c) => {
    if (!answer) {
      const body = JSON.stringify(describe(api, options));
      answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    const { body, etag } = answer;
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
