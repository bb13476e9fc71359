/**
 * The fetch wrapper for Cena's JSON API (`/api/*`): same-origin cookies, JSON in and out, and every failure as an
 * `ApiError` — the server's `{ error: { code, message, requestId } }` shape when there is one, else a generic code
 * (`network_error` when the request never got an answer, `http_error` for an answer without that shape).
 * Imported only by the signed-in area's chunks.
 */
import { type ApiErrorBody, apiErrorBodySchema } from '../../shared/api-error';

export type { ApiErrorBody };

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
export function apiErrorOf(response: Response, data: unknown): ApiError {
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

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal }: ApiRequestOptions = {},
): Promise<T> {
  const response = await apiFetch(path, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: signal ?? null,
  });

  const text = await response.text().catch(() => '');
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }

  if (!response.ok) throw apiErrorOf(response, data);
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
