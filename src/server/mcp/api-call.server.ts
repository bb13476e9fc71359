import { apiErrorBodySchema } from '#shared/api-error';

/**
 * How an MCP tool reaches Cena: the same `/api` operation a client with the key would call, answered in this
 * process by the app's own `fetch` (ADR 0063, "MCP and the API reference"). So a tool gets the route's validation,
 * ownership checks, credit hold, idempotency by clientKey, and the key's scopes, limits and last use, with no second
 * path to credits.
 */

/** The app's own fetch (Hono's `app.fetch`), given the outer request's bindings (the client's address). */
export type AppFetch = (request: Request, env?: unknown) => Response | Promise<Response>;

export type ApiAnswer =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; status: number; code: string; message: string; fields?: Record<string, string> };

export interface CenaApi {
  /** The app's public origin: the API's media URLs are relative to it. */
  origin: string;
  call(method: 'GET' | 'POST', path: string, body?: FormData | Record<string, unknown>): Promise<ApiAnswer>;
}

/** Headers of the client's request that the inner request carries on: who calls, and from where. */
const CARRIED_HEADERS = ['authorization', 'x-forwarded-for', 'user-agent'];

const INTERNAL_ERROR = 'Erro interno. Tente novamente em instantes.';

/**
 * The `/api` caller of one MCP request. The inner request names the app's own origin: it is the server's, never a
 * browser's, and carries the client's key, not a cookie, so the same-origin check (ADR 0003's request layers) has
 * nothing to protect there.
 */
export function apiCaller(fetchApp: AppFetch, outer: Request, env: unknown, appOrigin: string): CenaApi {
  const call: CenaApi['call'] = async (method, path, body) => {
    const headers = new Headers({ origin: appOrigin, accept: 'application/json' });
    for (const name of CARRIED_HEADERS) {
      const value = outer.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body) {
      headers.set('content-type', 'application/json');
      payload = JSON.stringify(body);
    }
    const response = await fetchApp(
      new Request(new URL(path, appOrigin), { method, headers, body: payload }),
      env,
    );
    const json: unknown = await response.json().catch(() => undefined);
    if (response.ok) return { ok: true, body: (json ?? {}) as Record<string, unknown> };
    const error = apiErrorBodySchema.safeParse(json).data?.error;
    return {
      ok: false,
      status: response.status,
      code: error?.code ?? 'internal_error',
      message: error?.message ?? INTERNAL_ERROR,
      ...(error?.fields ? { fields: error.fields } : {}),
    };
  };
  return { origin: appOrigin, call };
}
