/**
 * The fetch wrapper for Cena's JSON API (`/api/*`): same-origin cookies, JSON in and out, and every failure as an
 * `ApiError` — the server's `{ error: { code, message, requestId } }` shape when there is one, else a generic code
 * (`network_error` when the request never got an answer, `http_error` for an answer without that shape).
 * Imported only by the signed-in area's chunks.
 */
import {
  type BodyOf,
  type Operation,
  type PathParameters,
  pathOf,
  type QueryOf,
  type ResponseOf,
} from '#shared/api-contract';
import { apiErrorBodySchema } from '#shared/api-error';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer (offline, DNS, aborted). */
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  /** Per-field messages of a rejected form (400 `invalid_request`), keyed by field name; empty otherwise. */
  readonly fields: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    requestId?: string,
    fields: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for a 401 — the session is missing or expired. */
export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * `fetch` for the API with same-origin cookies; a request that never got an answer rejects with an ApiError
 * `network_error` (an abort stays the AbortError TanStack Query expects).
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
}

/** The ApiError a failed answer stands for: the server's error body when it sent one, else `http_error`. */
function apiErrorOf(response: Response, data: unknown): ApiError {
  const body = apiErrorBodySchema.safeParse(data);
  if (body.success) {
    const { code, message, requestId, fields } = body.data.error;
    return new ApiError(response.status, code, message, requestId, fields);
  }
  return new ApiError(response.status, 'http_error', response.statusText || `HTTP ${response.status}`);
}

/** Reads a failed answer's body (JSON or not) into its ApiError. */
export async function readApiError(response: Response): Promise<ApiError> {
  return apiErrorOf(response, await response.json().catch(() => null));
}

type ParametersOption<O extends Operation> = keyof PathParameters<O> extends never
  ? { params?: undefined }
  : { params: PathParameters<O> };

type BodyOption<O extends Operation> = O['body'] extends { contentType: 'multipart/form-data' }
  ? { form: FormData; body?: undefined }
  : O['body'] extends { required: false }
    ? { body?: BodyOf<O>; form?: undefined }
    : O['body'] extends object
      ? { body: BodyOf<O>; form?: undefined }
      : { body?: undefined; form?: undefined };

/** One call's arguments, typed by its declaration: path parameters, query, JSON body or multipart form. */
export type CallOptions<O extends Operation> = ParametersOption<O> &
  BodyOption<O> & { query?: QueryOf<O>; signal?: AbortSignal };

/** The query string of defined values, in the declaration's parameter names. */
function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one declared operation (src/shared/*.contract.ts, ADR 0017): its path, method and body come from the
 * declaration, and the answer is typed by the declared response schema, so a changed shape is a type error in the
 * page that reads it. Failures are ApiErrors.
 */
export async function callApi<O extends Operation>(
  operation: O,
  options: CallOptions<O>,
): Promise<ResponseOf<O>> {
  const { params, query, body, form, signal } = options as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    form?: FormData;
    signal?: AbortSignal;
  };
  const path = `${pathOf(operation, (params ?? {}) as PathParameters<O>)}${queryString(query)}`;
  // A form goes without Content-Type: the browser sets multipart/form-data with its boundary.
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!form && body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await apiFetch(path, {
    method: operation.method.toUpperCase(),
    headers,
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    signal: signal ?? null,
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorOf(response, data);
  return data as ResponseOf<O>;
}
