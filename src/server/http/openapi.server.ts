import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { deleteAccountBodySchema, deleteAccountResponseSchema } from '../../shared/account-rights';
import {
  meResponseSchema,
  profilePatchSchema,
  settingsPatchSchema,
  userSettingsSchema,
} from '../../shared/accounts';
import {
  adminCheckSchema,
  adminGrantResultSchema,
  adminGrantSchema,
  adminStatsSchema,
  adminUserDetailSchema,
  dailyQuerySchema,
  dailySeriesSchema,
  environmentCheckSchema,
  failedRequestsSchema,
  fixTransactionsResultSchema,
  unknownOutcomesSchema,
  userSearchQuerySchema,
  userSearchSchema,
} from '../../shared/admin';
import {
  EVERY_OPERATION_ERRORS,
  errorStatus,
  implicitErrors,
  type Operation,
} from '../../shared/api-contract';
import { apiErrorBodySchema } from '../../shared/api-error';
import {
  checkoutSchema,
  creditCheckoutSchema,
  reconcileResponseSchema,
  redirectResponseSchema,
  subscriptionResponseSchema,
  transactionsResponseSchema,
  verifyResponseSchema,
  verifySchema,
  webhookReceiptSchema,
} from '../../shared/billing';
import {
  CAST_DESCRIPTION_MAX_LENGTH,
  CAST_IMAGES_MAX,
  CAST_IMAGES_MIN,
  CAST_KINDS,
  CAST_NAME_MAX_LENGTH,
  castDeletedSchema,
  castListSchema,
  castMemberResponseSchema,
  updateCastMemberSchema,
} from '../../shared/cast';
import { devMailboxSchema } from '../../shared/dev-mailbox';
import { createFilmSchema, filmCandidatesResponseSchema, filmScenesResponseSchema } from '../../shared/films';
import { imagePart } from '../../shared/image-part';
import { takeCheckStatsSchema } from '../../shared/take-check';
import { adminQueueSchema } from '../../shared/video-queue';
import { videoRequestResponseSchema } from '../../shared/video-request';
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
/** This document: checked for its shape, not restated. */
const openApiDocumentSchema = z.object({
  openapi: z.literal('3.1.0'),
  paths: z.record(z.string(), z.unknown()),
});
/** `POST /api/cast`, as sent: the text fields plus 1–3 image parts. */
const createCastForm = z.strictObject({
  name: z.string().max(CAST_NAME_MAX_LENGTH),
  kind: z.enum(CAST_KINDS),
  description: z.string().max(CAST_DESCRIPTION_MAX_LENGTH).optional(),
  likenessConsent: z
    .enum(['true', 'on', 'false'])
    .meta({ description: "Required `true` for a character: the portrayed person's consent (LGPD art. 11)." })
    .optional(),
  images: z
    .array(imagePart('An image of the member'))
    .min(CAST_IMAGES_MIN)
    .max(CAST_IMAGES_MAX)
    .meta({ description: '1 to 3 parts named images.' }),
});

const UNAUTHORIZED = 'No valid session cookie.';
const FORBIDDEN = 'Signed in, but not an admin.';
const INVALID = 'Invalid parameters or body (pt-BR message).';

/** TEMPORARY while the domains move their declarations into src/shared/<domain>.contract.ts. */
export const LEGACY_OPERATIONS: readonly ApiOperation[] = [
  // Meta
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    tag: 'meta',
    auth: 'none',
    responses: { 200: { description: 'The document.', schema: openApiDocumentSchema } },
  },

  // Accounts
  {
    method: 'get',
    path: '/api/auth/{betterAuthPath}',
    summary: 'Better Auth endpoints (sign-up, sign-in, session, e-mail verification, password reset, 2FA)',
    description:
      'Handled by Better Auth (GET and POST on /api/auth/*): see https://www.better-auth.com/docs/concepts/api ' +
      'for the endpoints and their bodies, e.g. GET /api/auth/get-session, POST /api/auth/sign-in/email.',
    tag: 'accounts',
    auth: 'none',
    wildcard: true,
    responses: { 200: 'See Better Auth.' },
  },
  {
    method: 'post',
    path: '/api/auth/{betterAuthPath}',
    summary: 'Better Auth endpoints (sign-up, sign-in, session, e-mail verification, password reset, 2FA)',
    description: 'Handled by Better Auth: see https://www.better-auth.com/docs/concepts/api.',
    tag: 'accounts',
    auth: 'none',
    wildcard: true,
    responses: { 200: 'See Better Auth.' },
  },
  {
    method: 'get',
    path: '/api/me',
    summary: 'The signed-in user, their profile and whether they are an admin',
    tag: 'accounts',
    auth: 'session',
    responses: {
      200: { description: '`{ user, profile, isAdmin }`.', schema: meResponseSchema },
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'patch',
    path: '/api/me/profile',
    summary: 'Change name, language or time zone',
    tag: 'accounts',
    auth: 'session',
    body: { schema: profilePatchSchema },
    responses: {
      200: { description: 'The updated `{ user, profile, isAdmin }`.', schema: meResponseSchema },
      400: INVALID,
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'get',
    path: '/api/me/export',
    summary: 'Export my data (LGPD art. 18): a JSON attachment cena-meus-dados-{date}.json',
    description:
      'Streamed: profile and settings, subscriptions, payments, sessions (device and times), credit grants and ' +
      'ledger entries, every video request with signed links to its media (valid 7 days). At most 5 per hour.',
    tag: 'accounts',
    auth: 'session',
    responses: {
      200: { description: 'The export, as an attachment.', contentType: 'application/json' },
      401: UNAUTHORIZED,
      429: 'Too many exports in the last hour (Retry-After).',
    },
  },
  {
    method: 'delete',
    path: '/api/me',
    summary: 'Delete my account (LGPD art. 18)',
    description:
      'Needs the password, and the authenticator code when two-factor is on. Signs out every device at once, ' +
      'cancels any subscription, deletes profile, settings, video requests and their media, and keeps payment ' +
      'and credit records without personal data. `completed` is false while the background job finishes.',
    tag: 'accounts',
    auth: 'session',
    body: { schema: deleteAccountBodySchema },
    responses: {
      200: { description: '`{ deleted: true, completed }`.', schema: deleteAccountResponseSchema },
      400: INVALID,
      401: UNAUTHORIZED,
      403: 'Wrong password or two-factor code (nothing changed).',
      429: 'Five password or code checks within 15 minutes: wait (nothing changed).',
    },
  },
  {
    method: 'get',
    path: '/api/me/settings',
    summary: 'Notification settings',
    tag: 'accounts',
    auth: 'session',
    responses: {
      200: { description: '`{ notifyOnVideoReady }`.', schema: userSettingsSchema },
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'patch',
    path: '/api/me/settings',
    summary: 'Change notification settings',
    tag: 'accounts',
    auth: 'session',
    body: { schema: settingsPatchSchema },
    responses: {
      200: { description: '`{ notifyOnVideoReady }`.', schema: userSettingsSchema },
      400: INVALID,
      401: UNAUTHORIZED,
    },
  },

  // Realtime
  {
    method: 'get',
    path: '/api/events',
    summary: "Server-sent events: changes to the user's video requests and credits",
    tag: 'realtime',
    auth: 'session',
    responses: {
      200: { description: 'An event stream.', contentType: 'text/event-stream' },
      401: UNAUTHORIZED,
    },
  },

  // Elenco
  {
    method: 'get',
    path: '/api/cast',
    summary: "The signed-in user's cast: characters, products and styles",
    tag: 'cast',
    auth: 'session',
    responses: {
      200: { description: '`{ items }`, oldest first.', schema: castListSchema },
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'post',
    path: '/api/cast',
    summary: 'Save a cast member with 1–3 images',
    tag: 'cast',
    auth: 'session',
    body: { schema: createCastForm, contentType: 'multipart/form-data' },
    responses: {
      201: { description: '`{ member }`.', schema: castMemberResponseSchema },
      400: 'Invalid fields (`fields`): name, kind, images, likenessConsent missing for a character.',
      401: UNAUTHORIZED,
      409: 'The cast is full (`cast_full`).',
      413: 'Body over 16 MB.',
      415: 'Not multipart/form-data.',
    },
  },
  {
    method: 'patch',
    path: '/api/cast/{id}',
    summary: 'Rename a cast member or change its description',
    tag: 'cast',
    auth: 'session',
    body: { schema: updateCastMemberSchema },
    responses: {
      200: { description: '`{ member }`.', schema: castMemberResponseSchema },
      400: INVALID,
      401: UNAUTHORIZED,
      404: 'No such member of this user.',
    },
  },
  {
    method: 'delete',
    path: '/api/cast/{id}',
    summary: 'Delete a cast member and its images (requests that used it keep their copies)',
    tag: 'cast',
    auth: 'session',
    body: emptyBody,
    responses: {
      200: { description: '`{ deleted: true }`.', schema: castDeletedSchema },
      400: INVALID,
      401: UNAUTHORIZED,
      404: 'No such member of this user.',
    },
  },

  // Films
  {
    method: 'post',
    path: '/api/films',
    summary:
      "Save a film joined from the user's completed videos of one ratio (ADR 0014): no credits, idempotent by clientKey",
    tag: 'films',
    auth: 'session',
    body: { schema: createFilmSchema },
    responses: {
      200: {
        description: 'The film already saved with this clientKey: `{ request }`.',
        schema: videoRequestResponseSchema,
      },
      201: {
        description:
          'Saved: `{ request }` of kind `film`, `pending`, then `rendering` and `completed` (live `video_request` events).',
        schema: videoRequestResponseSchema,
      },
      400: INVALID,
      401: UNAUTHORIZED,
      404: 'A scene is not one of this user’s videos.',
      409: 'Scenes of different aspect ratios (`mixed_aspect_ratios`), a scene not completed (`scene_not_ready`), or a clientKey used by another request (`client_key_reused`).',
      422: 'A trim outside its scene, or shorter than half a second (`trim_outside_scene`).',
    },
  },
  {
    method: 'get',
    path: '/api/films/candidates',
    summary: "The user's completed videos the scene board can join (newest first)",
    tag: 'films',
    auth: 'session',
    responses: {
      200: {
        description: '`{ items }` with signed thumbnail and video URLs.',
        schema: filmCandidatesResponseSchema,
      },
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'get',
    path: '/api/films/{id}/scenes',
    summary: "A film's scenes in order, each with its video and trim",
    tag: 'films',
    auth: 'session',
    responses: {
      200: { description: '`{ items }`.', schema: filmScenesResponseSchema },
      401: UNAUTHORIZED,
      404: 'No such film of this user.',
    },
  },

  // Billing
  {
    method: 'post',
    path: '/api/billing/stripe/webhook',
    summary: 'Stripe webhook',
    description: 'Signed by Stripe (Stripe-Signature header), no session. 404 when Stripe is not configured.',
    tag: 'billing',
    auth: 'none',
    responses: {
      200: { description: 'Received.', schema: webhookReceiptSchema },
      400: 'Bad signature or payload.',
      404: 'Stripe is not configured.',
    },
  },
  {
    method: 'post',
    path: '/api/billing/checkout',
    summary: 'Start a subscription checkout',
    tag: 'billing',
    auth: 'session',
    body: { schema: checkoutSchema },
    responses: {
      200: { description: '`{ url }` of the checkout.', schema: redirectResponseSchema },
      400: INVALID,
      401: UNAUTHORIZED,
      409: 'Already subscribed.',
      502: 'Payment provider failed.',
    },
  },
  {
    method: 'post',
    path: '/api/billing/credit-checkout',
    summary: 'Start a credit package checkout',
    tag: 'billing',
    auth: 'session',
    body: { schema: creditCheckoutSchema },
    responses: {
      200: { description: '`{ url }` of the checkout.', schema: redirectResponseSchema },
      400: INVALID,
      401: UNAUTHORIZED,
      502: 'Provider failed.',
    },
  },
  {
    method: 'post',
    path: '/api/billing/portal',
    summary: 'Open the billing portal',
    tag: 'billing',
    auth: 'session',
    body: emptyBody,
    responses: {
      200: { description: '`{ url }` of the portal.', schema: redirectResponseSchema },
      401: UNAUTHORIZED,
      502: 'Provider failed.',
    },
  },
  {
    method: 'post',
    path: '/api/billing/verify',
    summary: 'Verify (and fulfil) a finished checkout session',
    tag: 'billing',
    auth: 'session',
    body: { schema: verifySchema },
    responses: {
      200: { description: 'The verification result.', schema: verifyResponseSchema },
      400: INVALID,
      401: UNAUTHORIZED,
      502: 'Provider failed.',
    },
  },
  {
    method: 'get',
    path: '/api/billing/subscription',
    summary: 'The current subscription',
    tag: 'billing',
    auth: 'session',
    responses: {
      200: { description: '`{ subscription }` (null without one).', schema: subscriptionResponseSchema },
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'post',
    path: '/api/billing/check-subscription',
    summary: 'Sync the subscription with the provider (at most once per window) and answer it',
    tag: 'billing',
    auth: 'session',
    body: emptyBody,
    responses: {
      200: { description: '`{ subscription }`.', schema: subscriptionResponseSchema },
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'post',
    path: '/api/billing/reconcile',
    summary: "Fulfil the user's paid but unfulfilled payments",
    tag: 'billing',
    auth: 'session',
    body: emptyBody,
    responses: {
      200: { description: '`{ fulfilled, subscription }`.', schema: reconcileResponseSchema },
      401: UNAUTHORIZED,
      502: 'Provider failed.',
    },
  },
  {
    method: 'get',
    path: '/api/billing/transactions',
    summary: 'Recent transactions',
    tag: 'billing',
    auth: 'session',
    responses: {
      200: { description: '`{ transactions }`.', schema: transactionsResponseSchema },
      401: UNAUTHORIZED,
    },
  },

  // Admin (docs/admin-contract.md)
  {
    method: 'get',
    path: '/api/admin/check',
    summary: 'Whether the signed-in user is an admin',
    tag: 'admin',
    auth: 'session',
    responses: { 200: { description: '`{ isAdmin }`.', schema: adminCheckSchema }, 401: UNAUTHORIZED },
  },
  {
    method: 'get',
    path: '/api/admin/stats',
    summary: 'Business statistics (AdminStats)',
    tag: 'admin',
    auth: 'admin',
    responses: {
      200: { description: 'AdminStats.', schema: adminStatsSchema },
      401: UNAUTHORIZED,
      403: FORBIDDEN,
    },
  },
  {
    method: 'get',
    path: '/api/admin/queue',
    summary: 'The fair queue and the provider budgets (AdminQueue; ADR 0013)',
    tag: 'admin',
    auth: 'admin',
    responses: {
      200: {
        description: 'Waiting requests per mode and, per project and model, in-flight, rates and 429s.',
        schema: adminQueueSchema,
      },
      401: UNAUTHORIZED,
      403: FORBIDDEN,
    },
  },
  {
    method: 'get',
    path: '/api/admin/take-checks',
    summary: 'The take guarantee over the last 30 days: checked, failed, re-rolled, refunded, and why',
    tag: 'admin',
    auth: 'admin',
    responses: {
      200: { description: 'TakeCheckStats.', schema: takeCheckStatsSchema },
      401: UNAUTHORIZED,
      403: FORBIDDEN,
    },
  },
  {
    method: 'get',
    path: '/api/admin/daily',
    summary: 'Signups, revenue and videos per São Paulo day, oldest first',
    tag: 'admin',
    auth: 'admin',
    query: dailyQuerySchema,
    responses: {
      200: { description: '`{ days }`.', schema: dailySeriesSchema },
      400: INVALID,
      401: UNAUTHORIZED,
      403: FORBIDDEN,
    },
  },
  {
    method: 'get',
    path: '/api/admin/failed-requests',
    summary: 'Requests failed in the last 24 hours, newest first',
    tag: 'admin',
    auth: 'admin',
    responses: {
      200: { description: '`{ items }`.', schema: failedRequestsSchema },
      401: UNAUTHORIZED,
      403: FORBIDDEN,
    },
  },
  {
    method: 'get',
    path: '/api/admin/unknown-outcomes',
    summary: 'Requests refunded without knowing whether the provider accepted them (ADR 0015), to reconcile',
    tag: 'admin',
    auth: 'admin',
    responses: {
      200: { description: '`{ items }`, newest first, at most 100.', schema: unknownOutcomesSchema },
      401: UNAUTHORIZED,
      403: FORBIDDEN,
    },
  },
  {
    method: 'get',
    path: '/api/admin/users',
    summary: 'Accounts whose e-mail starts with the text',
    tag: 'admin',
    auth: 'admin',
    query: userSearchQuerySchema,
    responses: {
      200: { description: '`{ items }`.', schema: userSearchSchema },
      400: INVALID,
      401: UNAUTHORIZED,
      403: FORBIDDEN,
    },
  },
  {
    method: 'get',
    path: '/api/admin/users/{id}',
    summary: 'One account: balance, subscription, grants and latest requests',
    tag: 'admin',
    auth: 'admin',
    responses: {
      200: { description: 'AdminUserDetail.', schema: adminUserDetailSchema },
      401: UNAUTHORIZED,
      403: FORBIDDEN,
      404: 'Usuário não encontrado.',
    },
  },
  {
    method: 'post',
    path: '/api/admin/users/{id}/credits',
    summary: 'Grant credits (an adjustment), once per idempotencyKey',
    tag: 'admin',
    auth: 'admin',
    body: { schema: adminGrantSchema },
    responses: {
      200: {
        description: 'Granted before with this idempotencyKey: `{ grant, balance, created: false }`.',
        schema: adminGrantResultSchema,
      },
      201: {
        description: 'Granted now: `{ grant, balance, created: true }`.',
        schema: adminGrantResultSchema,
      },
      400: INVALID,
      401: UNAUTHORIZED,
      403: FORBIDDEN,
      404: 'Usuário não encontrado.',
    },
  },
  {
    method: 'post',
    path: '/api/admin/reconcile',
    summary: "Billing reconcile of the signed-in admin's own user",
    tag: 'admin',
    auth: 'admin',
    body: emptyBody,
    responses: {
      200: { description: '`{ fulfilled, subscription }`.', schema: reconcileResponseSchema },
      401: UNAUTHORIZED,
      403: FORBIDDEN,
      502: 'Provider failed.',
    },
  },
  {
    method: 'post',
    path: '/api/admin/environment',
    summary: 'Which services are configured (never a secret)',
    tag: 'admin',
    auth: 'admin',
    body: emptyBody,
    responses: {
      200: { description: 'EnvironmentCheck.', schema: environmentCheckSchema },
      401: UNAUTHORIZED,
      403: FORBIDDEN,
    },
  },
  {
    method: 'post',
    path: '/api/admin/fix-transactions',
    summary: 'Audit history transactions and grants and post compensating entries',
    tag: 'admin',
    auth: 'admin',
    body: emptyBody,
    responses: {
      200: { description: '`{ fixed, totalProcessed, errors }`.', schema: fixTransactionsResultSchema },
      401: UNAUTHORIZED,
      403: FORBIDDEN,
    },
  },

  // Local mode
  {
    method: 'get',
    path: '/api/dev/mailbox',
    summary: 'Local mode only (no SMTP): the e-mails Cena would have sent, newest first',
    tag: 'dev',
    auth: 'none',
    localOnly: true,
    responses: { 200: { description: '`{ messages }`.', schema: devMailboxSchema } },
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
  for (const [code, declaration] of Object.entries({ ...own, ...input })) {
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
