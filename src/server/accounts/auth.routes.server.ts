import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isClientAbort } from '#server/kernel/client-abort.server';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { decodeJson, isUnstorableText, jsonBodyLimit } from '#server/kernel/request-validation.server';
import { authContract } from '#shared/accounts.contract';
import type { Auth } from './auth.server';
import { localizedAuthError, translateAuthError } from './auth-errors.server';

/**
 * Better Auth's handler at /api/auth/*, behind the same input guard as Cena's own endpoints: a body must be JSON
 * within the size and nesting limits and free of U+0000 (PostgreSQL cannot store it, and Better Auth would pass it
 * on to a query), or it is refused with 4xx before Better Auth reads it. Every answer ≥ 400 leaves in pt-BR with a
 * code (auth-errors.server.ts); an error Better Auth throws (configured with `onAPIError.throw`) is logged
 * through pino here and answered like any other Cena error, never as its empty 500.
 *
 * The client address Better Auth keys rate limits (and records sessions) by comes from X-Forwarded-For, which any
 * client can send, so it is rebuilt here from the socket: without trusted proxies it is the peer address alone;
 * with them the peer is appended, and Better Auth walks the chain from the right past the trusted proxies to the
 * first address it did not get from one of them.
 */
export function authRoutes(auth: Auth, trustedProxies: readonly string[], guards: Guards): Hono<AppEnv> {
  const forwardedHeaders = (c: Context<AppEnv>): Headers => {
    const headers = new Headers(c.req.raw.headers);
    const forwarded = headers.get('x-forwarded-for');
    headers.delete('x-forwarded-for');
    const peer = getConnInfo(c).remote.address;
    if (peer) {
      headers.set('x-forwarded-for', trustedProxies.length > 0 && forwarded ? `${forwarded}, ${peer}` : peer);
    }
    return headers;
  };

  const refuse = (c: Context<AppEnv>, status: ContentfulStatusCode, code: string, message: string) =>
    c.json(translateAuthError(status, localizedAuthError(code, message)), status);

  const handle = async (c: Context<AppEnv>): Promise<Response> => {
    let body: string | undefined;
    if (c.req.method === 'POST') {
      body = await c.req.text();
      if (body.trim() !== '') {
        if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
          return refuse(
            c,
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'Envie os dados em JSON (Content-Type: application/json).',
          );
        }
        const decoded = decodeJson(body);
        if (!decoded.ok) return refuse(c, 400, decoded.code.toUpperCase(), decoded.message);
      }
    }
    let response: Response;
    try {
      response = await auth.handler(
        new Request(c.req.raw.url, { method: c.req.method, headers: forwardedHeaders(c), body }),
      );
    } catch (error) {
      if (isUnstorableText(error)) {
        return refuse(c, 400, 'INVALID_CHARACTERS', 'O texto enviado contém um caractere inválido.');
      }
      if (isClientAbort(c, error)) throw error;
      c.get('logger').error({ err: error }, 'auth request failed');
      return refuse(c, 500, 'INTERNAL_SERVER_ERROR', 'Erro interno. Tente novamente em instantes.');
    }
    if (response.status < 400) return response;
    return localized(c, response);
  };

  // Better Auth reads whole bodies without a limit of its own; no auth request needs more than a form's worth.
  const limited = { before: [jsonBodyLimit], handle };
  return routesFromContract(
    authContract,
    { base: '/api/auth', guards },
    { getAuth: limited, postAuth: limited },
  );
}

/** Better Auth's error answer, same status and headers (Retry-After, cookies), with a pt-BR body. */
async function localized(c: Context<AppEnv>, response: Response): Promise<Response> {
  const text = await response.text();
  let original: unknown;
  try {
    original = text === '' ? undefined : JSON.parse(text);
  } catch {
    original = undefined;
  }
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=UTF-8');
  headers.delete('content-length');
  const body = translateAuthError(response.status, original);
  c.get('logger').info({ status: response.status, code: body.code }, 'auth request refused');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}
