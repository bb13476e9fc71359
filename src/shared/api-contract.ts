import { z } from 'zod';

/**
 * One declaration per API operation (ADR 0017): method, path, who may call it, its zod schemas and the error codes
 * it answers. Each domain declares its operations once, in `src/shared/<domain>.contract.ts`; the server mounts its
 * handlers from them (src/server/kernel/operations.server.ts), `/api/openapi.json` is a loop over them, and the
 * web's client (src/web/lib/api.ts) takes its argument and result types from them.
 */

type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * - `session`: Better Auth's session cookie (401 without it);
 * - `admin`: the session cookie of an account with the `admin` role (401 / 403);
 * - `none`: public (or signed some other way, see the description).
 */
export type OperationAuth = 'session' | 'admin' | 'none';

/**
 * The scopes an API key is given (ADR 0063): `read` reaches the operations that only read, `create` the ones that
 * make videos and spend credits. An operation a key may call says which one it needs (`Operation.apiKey`).
 */
export const API_KEY_SCOPES = ['read', 'create'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

interface ResponseDeclaration {
  description: string;
  /** JSON by default. */
  contentType?: string;
  /** The body's zod schema (JSON answers); none for a body that is not JSON, or not ours. */
  schema?: z.ZodType;
}

/** An error code's HTTP status, with what it means when the code alone does not say it. */
export type ErrorDeclaration = number | { status: number; description: string };

interface OperationBody {
  schema: z.ZodType;
  /** JSON (validated before the handler runs) by default; a multipart form is read by its handler. */
  contentType?: 'application/json' | 'multipart/form-data';
  /** False for actions that take no body or `{}`. */
  required?: boolean;
}

export interface Operation {
  method: HttpMethod;
  /** OpenAPI form, parameters in braces: `/api/videos/{id}`. */
  path: `/api/${string}`;
  summary: string;
  description?: string;
  tag: string;
  auth: OperationAuth;
  /**
   * A `session` operation an API key (`Authorization: Bearer`) may call too, with this scope (ADR 0063). Without
   * it a key is refused (403 `api_key_not_allowed`): account, billing, key and admin operations never take one.
   * A `create` operation also takes an `Idempotency-Key` header.
   */
  apiKey?: ApiKeyScope;
  /**
   * Spends money or credits (a generation, a purchase): the account must have given its birth date, which is adult
   * (ADR 0066, "The age rule"); an account without one — made before the rule, or with Google — is refused with 403
   * `birth_date_required` until it gives one (`POST /api/me/birth-date`). Nothing else of theirs is held back.
   */
  adultOnly?: true;
  /** A strict object of string parameters; without it, any query parameter is refused (400). */
  query?: z.ZodType;
  body?: OperationBody;
  /** The answers that are not errors: status → description, or description with the body's schema. */
  responses: Readonly<Record<number, string | ResponseDeclaration>>;
  /**
   * The error codes this operation answers besides the ones every operation of its kind may answer
   * (`implicitErrors`), each with its HTTP status.
   */
  errors?: Readonly<Record<string, ErrorDeclaration>>;
  /** Mounted only in local mode (no SMTP): the dev mailbox. */
  localOnly?: boolean;
  /**
   * A wildcard handed to another library (`/api/auth/*`, Better Auth): one documented entry, the path's last
   * parameter standing for the rest of the path.
   */
  wildcard?: boolean;
}

export type Contract = Readonly<Record<string, Operation>>;

/** The body of an action without parameters: none, or `{}`. */
export const EMPTY_BODY = { schema: z.strictObject({}), required: false } as const;

/** Keeps each declaration's literal types (paths, statuses, schemas), which the server and the web read. */
export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

/** `/api/videos/{id}/edits` → `'id'`. */
type ParameterNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParameterNames<Rest>
  : never;

export type PathParameters<O extends Operation> = { [Name in ParameterNames<O['path']>]: string };

/** What a successful answer's JSON body is, from the schemas of the operation's responses. */
export type ResponseOf<O extends Operation> = {
  [Status in keyof O['responses']]: O['responses'][Status] extends { schema: infer Schema extends z.ZodType }
    ? z.output<Schema>
    : never;
}[keyof O['responses']];

/** What a client sends as the JSON body. */
export type BodyOf<O extends Operation> = O['body'] extends { schema: infer Schema extends z.ZodType }
  ? z.input<Schema>
  : never;

/** What a client sends as the query string. */
export type QueryOf<O extends Operation> = O['query'] extends z.ZodType ? z.input<O['query']> : never;

/** The concrete path of one call: each `{name}` replaced by its encoded value. */
export function pathOf<O extends Operation>(operation: O, parameters: PathParameters<O>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent((parameters as Record<string, string>)[name] ?? ''),
  );
}

/** The status of a declared error. */
export function errorStatus(declaration: ErrorDeclaration): number {
  return typeof declaration === 'number' ? declaration : declaration.status;
}

/**
 * Codes any operation may answer whatever it declares, from the layers every request passes: the address checks
 * (`uri_too_long`, U+0000 in the path or query, an unknown query parameter), the same-origin check, a client
 * that hangs up, and the last-resort 500.
 */
export const EVERY_OPERATION_ERRORS = {
  invalid_characters: 400,
  request_aborted: 400,
  invalid_request: 400,
  cross_site_request: 403,
  uri_too_long: 414,
  internal_error: 500,
} as const satisfies Record<string, number>;

/** The codes an operation answers because of its kind: who may call it and what body it reads. */
export function implicitErrors(operation: Operation): Record<string, number> {
  return {
    ...EVERY_OPERATION_ERRORS,
    ...(operation.auth === 'none' ? {} : { unauthorized: 401 }),
    ...(operation.auth === 'admin' ? { forbidden: 403 } : {}),
    ...(operation.adultOnly ? { birth_date_required: 403 } : {}),
    ...(operation.auth === 'none' ? {} : apiKeyErrors(operation.apiKey)),
    ...(operation.body ? { payload_too_large: 413, unsupported_media_type: 415 } : {}),
    ...(operation.body && operation.body.contentType !== 'multipart/form-data'
      ? { invalid_json: 400, too_deep: 400 }
      : {}),
  };
}

/**
 * What a `session` or `admin` operation answers a request with an API key (ADR 0063): refused where keys do not reach; where
 * they do, a bad or revoked key, a missing scope, the key's rate limit, and on creates a bad or reused
 * Idempotency-Key.
 */
function apiKeyErrors(scope: ApiKeyScope | undefined): Record<string, number> {
  if (!scope) return { api_key_not_allowed: 403 };
  const keyed = { invalid_api_key: 401, api_key_scope: 403, api_key_rate_limited: 429 };
  return scope === 'create' ? { ...keyed, invalid_idempotency_key: 400, idempotency_key_reused: 409 } : keyed;
}

/** Every code the operation may answer, with its status. */
export function errorsOf(operation: Operation): Record<string, number> {
  const declared = Object.entries(operation.errors ?? {}).map(
    ([code, declaration]) => [code, errorStatus(declaration)] as const,
  );
  return { ...implicitErrors(operation), ...Object.fromEntries(declared) };
}
