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
import { referenceImageMaxMegabytes } from '../../shared/catalogue';
import {
  dashboardStatsQuerySchema,
  dashboardStatsSchema,
  historyExportQuerySchema,
  historyPageSchema,
  historyQuerySchema,
  recentActivitySchema,
} from '../../shared/history-filters';
import { promptPreviewRequestSchema, promptPreviewResponseSchema } from '../../shared/prompt-preview';
import {
  editVideoRequestSchema,
  extendVideoRequestSchema,
  MAX_REFERENCE_IMAGES,
  videoAvailabilitySchema,
  videoVersionsResponseSchema,
} from '../../shared/video-directing';
import { videoQueueEstimateSchema } from '../../shared/video-queue';
import {
  createVideoRequestSchema,
  createVideoResponseSchema,
  MAX_CAST_PER_REQUEST,
  videoRequestResponseSchema,
} from '../../shared/video-request';
import type { AppEnv } from '../kernel/errors.server';
import { API_CONTRACTS } from './api-contracts.server';

/**
 * `GET /api/openapi.json`: an OpenAPI 3.1 document of every `/api` route, built from the list below. Request
 * schemas are the zod schemas the routes validate with (`z.toJSONSchema`, input side) and response schemas the
 * ones in src/shared the web infers its types from (output side), so they cannot disagree;
 * openapi.server.test.ts walks the real app's routes so the list cannot drift from them, and
 * api-responses.server.test.ts checks real answers against the response schemas.
 */

export type ApiOperation = Operation;

/** Actions without parameters take no body or `{}`. */
const emptyBody = { schema: z.strictObject({}), required: false } as const;
/** The create form, as sent: the shared schema's fields plus the optional reference image. */
const imagePart = (description: string) =>
  z.string().meta({
    format: 'binary',
    description: `${description}: JPG, PNG or WEBP (by its bytes), up to ${referenceImageMaxMegabytes()} MB.`,
  });

const createVideoForm = createVideoRequestSchema.extend({
  structuredPrompt: z.string().optional().meta({
    description:
      'The structured prompt from POST /api/videos/prompt-preview, as the user edited it: a JSON text of { subject, action, scene, camera, lighting, style, audio, negative } (each ≤ 600 characters). It is what the provider receives and what the technical info shows; invalid → 400 with fields.structuredPrompt.',
  }),
  image: imagePart('First frame (the reference image)').optional(),
  lastFrame: imagePart('Last frame, only with a first frame and where the model supports it').optional(),
  referenceImages: z
    .array(imagePart('Reference image of a character, object or style'))
    .max(MAX_REFERENCE_IMAGES)
    .meta({ description: 'Up to 3 parts named referenceImages.' })
    .optional(),
  castIds: z
    .array(z.uuid())
    .max(MAX_CAST_PER_REQUEST)
    .meta({ description: 'Elenco members (repeatable part): their images go as reference images.' })
    .optional(),
  variations: z
    .enum(['1', '2', '3', '4'])
    .meta({ description: 'How many requests this submit creates, held together (all or none).' })
    .optional(),
});

const UNAUTHORIZED = 'No valid session cookie.';
const DERIVED_RESPONSES = {
  200: {
    description: 'The existing request of this clientKey: `{ request }`.',
    schema: videoRequestResponseSchema,
  },
  201: {
    description: 'Created: `{ request }` (kind extension | edit, sourceRequestId).',
    schema: videoRequestResponseSchema,
  },
  400: 'Invalid body (pt-BR message).',
  401: 'No valid session cookie.',
  402: 'Not enough credits (nothing held).',
  404: 'No such request of this user.',
  409: 'The source cannot be extended or edited now (pt-BR reason: not completed, too old, maximum length, resolution).',
  429: 'Too many requests this minute (Retry-After).',
  503: "The mode's video model is not served by Google right now (`video_unavailable`); nothing was held.",
};
const INVALID = 'Invalid parameters or body (pt-BR message).';

/** TEMPORARY while the domains move their declarations into src/shared/<domain>.contract.ts. */
export const LEGACY_OPERATIONS: readonly ApiOperation[] = [
  // Videos and history
  {
    method: 'get',
    path: '/api/videos',
    summary: 'History: one page of video requests, filtered',
    tag: 'videos',
    auth: 'session',
    query: historyQuerySchema,
    responses: {
      200: { description: 'A HistoryPage (+ `totalCapped`).', schema: historyPageSchema },
      400: INVALID,
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'post',
    path: '/api/videos',
    summary: 'Create a video request (idempotent by clientKey); holds its credits',
    tag: 'videos',
    auth: 'session',
    body: { schema: createVideoForm, contentType: 'multipart/form-data' },
    responses: {
      200: {
        description: 'The existing submit of this clientKey: `{ request, group }`.',
        schema: createVideoResponseSchema,
      },
      201: {
        description:
          'Created: `{ request, group }` — `group` is every request of the submit (its variations), `request` the first.',
        schema: createVideoResponseSchema,
      },
      400: 'Invalid fields: `{ error: { code, message, fields } }`.',
      401: UNAUTHORIZED,
      402: 'Not enough credits for every variation (nothing held).',
      404: 'A `castIds` member is not one of this user (`cast_not_found`); nothing held.',
      409: 'The model takes fewer reference images than the cast and images chosen (`cast_does_not_fit`); nothing held.',
      413: 'Body over 26 MB.',
      415: 'Not multipart/form-data.',
      429: 'Too many requests this minute (Retry-After).',
      503: "The mode's video model is not served by Google right now (`video_unavailable`); nothing was held.",
    },
  },
  {
    method: 'post',
    path: '/api/videos/prompt-preview',
    summary: 'The structured JSON prompt of a text, before paying (free; 20 per user per hour)',
    tag: 'videos',
    auth: 'session',
    body: { schema: promptPreviewRequestSchema },
    responses: {
      200: {
        description:
          '`{ structuredPrompt, builtBy, note, remaining }`: written by the text model, or by the rules with a pt-BR note when the model is unavailable.',
        schema: promptPreviewResponseSchema,
      },
      400: INVALID,
      401: UNAUTHORIZED,
      429: '20 previews this hour (Retry-After: seconds until the next one).',
    },
  },
  {
    method: 'get',
    path: '/api/videos/queue',
    summary: 'What a request created now would wait for capacity, per mode (ADR 0013)',
    tag: 'videos',
    auth: 'session',
    responses: {
      200: {
        description: '`{ fast, quality }`: waiting, etaSeconds, usualSeconds, longerThanUsual.',
        schema: videoQueueEstimateSchema,
      },
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'get',
    path: '/api/videos/availability',
    summary: 'Which modes can be created now (a mode whose model Google stopped serving is `false`)',
    tag: 'videos',
    auth: 'session',
    responses: {
      200: {
        description: "`{ modes, directing }`: each mode's availability and what its model accepts on create.",
        schema: videoAvailabilitySchema,
      },
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'get',
    path: '/api/videos/export.csv',
    summary: 'History as CSV (streamed), with the same filters',
    tag: 'videos',
    auth: 'session',
    query: historyExportQuerySchema,
    responses: {
      200: { description: 'The CSV attachment.', contentType: 'text/csv' },
      400: INVALID,
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'get',
    path: '/api/videos/{id}',
    summary: 'One video request of the signed-in user',
    tag: 'videos',
    auth: 'session',
    responses: {
      200: { description: '`{ request }`.', schema: videoRequestResponseSchema },
      401: UNAUTHORIZED,
      404: 'No such request of this user.',
    },
  },
  {
    method: 'post',
    path: '/api/videos/{id}/extensions',
    summary: 'Extend a completed video (a new linked request, idempotent by clientKey); holds its credits',
    tag: 'videos',
    auth: 'session',
    body: { schema: extendVideoRequestSchema },
    responses: DERIVED_RESPONSES,
  },
  {
    method: 'post',
    path: '/api/videos/{id}/edits',
    summary: 'Edit a completed video by instruction (a new linked version, idempotent by clientKey)',
    tag: 'videos',
    auth: 'session',
    body: { schema: editVideoRequestSchema },
    responses: DERIVED_RESPONSES,
  },
  {
    method: 'get',
    path: '/api/videos/{id}/versions',
    summary: 'The versions of a video: original, edits and extensions, oldest first',
    tag: 'videos',
    auth: 'session',
    responses: {
      200: { description: '`{ items: VideoVersion[] }`.', schema: videoVersionsResponseSchema },
      401: UNAUTHORIZED,
      404: 'No such request of this user.',
    },
  },
  {
    method: 'get',
    path: '/api/dashboard/stats',
    summary: 'Dashboard statistics for a period',
    tag: 'videos',
    auth: 'session',
    query: dashboardStatsQuerySchema,
    responses: {
      200: { description: 'The statistics.', schema: dashboardStatsSchema },
      400: INVALID,
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'get',
    path: '/api/dashboard/recent',
    summary: 'The last 5 video requests',
    tag: 'videos',
    auth: 'session',
    responses: { 200: { description: '`{ items }`.', schema: recentActivitySchema }, 401: UNAUTHORIZED },
  },
];

type JsonSchema = Record<string, unknown>;

/** The schema's input side (what a client sends); what JSON Schema cannot say (a refine) is left open. */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
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
export function responseSchemaOf(operation: ApiOperation, status: number): z.ZodType | undefined {
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

function responseObject(status: number, response: ApiOperation['responses'][number]): JsonSchema {
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
function errorResponses(operation: ApiOperation): Record<string, JsonSchema> {
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

function operationObject(operation: ApiOperation): JsonSchema {
  const parameters = [
    ...pathParameters(operation.path),
    ...(operation.query ? queryParameters(operation.query) : []),
  ];
  const security =
    operation.auth === 'none' ? [] : [{ [operation.auth === 'admin' ? 'adminSession' : 'session']: [] }];
  return {
    operationId: `${operation.method}${operation.path
      .replace(/^\/api/, '')
      .replace(/\{(\w+)\}/g, 'By-$1')
      .replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) =>
        next ? next.toUpperCase() : '',
      )}`,
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

/** Every documented operation: the domains' declarations, and the table they are moving out of. */
export const API_OPERATIONS: readonly ApiOperation[] = [
  ...LEGACY_OPERATIONS,
  ...API_CONTRACTS.flatMap((contract) => Object.values(contract)),
];

/** Operations whose error codes are declared, so the response check holds them to it. */
export const DECLARED_OPERATIONS = new Set<ApiOperation>(
  API_CONTRACTS.flatMap((contract) => Object.values(contract)),
);

export interface OpenApiOptions {
  /** Local mode: the dev mailbox is mounted. */
  devMailbox: boolean;
  /** The public base URL, as the document's server. */
  appUrl?: string;
}

/** The operations a given app mounts. */
export function documentedOperations({ devMailbox }: Pick<OpenApiOptions, 'devMailbox'>): ApiOperation[] {
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
