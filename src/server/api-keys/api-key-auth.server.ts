import type { Context, MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { authenticateAs, type SessionData, sessionOf } from '#server/kernel/session.server';
import { limitSpending } from '#server/kernel/spend-limit.server';
import type { ApiKeyScope } from '#shared/api-keys';
import { dailySpendLimit } from './api-key-spend.server';
import { bearerToken, hashToken, sendsBearer } from './api-key-tokens.server';

/**
 * `Authorization: Bearer <token>` (ADR 0063): the key resolves to the same session data the cookie gives
 * (`sessionOf(c)`), so a request with a key gets the web's validation, ownership checks, holds and answers. One
 * statement per request finds the key by its prefix and hash, refuses it if revoked, and counts the request (last
 * use, total, this minute's count). Nothing is cached: a revoked key is refused by every process at its next
 * request, with no notification to wait for (the cookie's session cache needs one, ADR 0020, because Better
 * Auth's read is costly; a key's read is this one indexed update, which the cross-process rate limit needs anyway).
 */

export interface ApiKeyAuthOptions {
  pool: pg.Pool;
  /** Requests per key per minute, counted across processes. */
  requestsPerMinute: number;
  now?: () => number;
}

const WINDOW_MS = 60_000;

interface UsedKey {
  id: string;
  scopes: ApiKeyScope[];
  daily_credit_limit: number | null;
  window_requests: number;
  user: SessionData['user'] & { timezone: string; language: string };
}

const HOUR_MS = 3_600_000;

/**
 * The key of `prefix` and `hash`, not revoked, counted as used now; undefined when there is none. The same
 * statement adds the request to the key's hour (`api_key_hourly_requests`, the admin's last 24 hours) and, when it
 * opens a new hour, drops the key's hours older than two days — one round trip, as before the hours were counted.
 */
async function countKeyUse(
  pool: pg.Pool,
  key: { prefix: string; hash: string },
  now: Date,
): Promise<UsedKey | undefined> {
  const window = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  // The hash is compared by the database, not in constant time: a caller chooses the token, never its SHA-256,
  // so timing tells them nothing they can steer.
  const result = await pool.query<UsedKey>(
    `WITH used AS (
       UPDATE api_keys AS k SET
         last_used_at = $3,
         request_count = k.request_count + 1,
         window_requests = CASE WHEN k.window_started_at = $4 THEN k.window_requests + 1 ELSE 1 END,
         window_started_at = $4
       FROM "user" AS u
       WHERE k.prefix = $1 AND k.secret_hash = $2 AND k.revoked_at IS NULL AND u.id = k.user_id
       RETURNING k.id, k.scopes, k.daily_credit_limit, k.window_requests,
         json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'emailVerified', u.email_verified,
           'image', u.image, 'createdAt', u.created_at, 'updatedAt', u.updated_at,
           'twoFactorEnabled', u.two_factor_enabled, 'language', u.language, 'timezone', u.timezone) AS user
     ), counted AS (
       INSERT INTO api_key_hourly_requests AS h (key_id, hour, requests) SELECT id, $5, 1 FROM used
       ON CONFLICT (key_id, hour) DO UPDATE SET requests = h.requests + 1
       RETURNING h.key_id, (xmax = 0) AS opened
     ), pruned AS (
       DELETE FROM api_key_hourly_requests
       WHERE key_id = (SELECT key_id FROM counted WHERE opened) AND hour < $5::timestamptz - interval '47 hours'
     )
     SELECT * FROM used`,
    [key.prefix, key.hash, now, window, hour],
  );
  return result.rows[0];
}

/**
 * The IETF rate limit fields, draft-ietf-httpapi-ratelimit-headers-10 §3 and §4
 * (https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/10/): the policy (`q` requests per `w`
 * seconds) and what is left of it (`r` requests, for `t` seconds), both Structured Field lists naming the policy.
 */
function rateLimitHeaders(c: Context<AppEnv>, limit: number, used: number, nowMs: number): number {
  const resetSeconds = Math.max(1, Math.ceil((WINDOW_MS - (nowMs % WINDOW_MS)) / 1000));
  c.header('RateLimit-Policy', `"minute";q=${limit};w=${WINDOW_MS / 1000}`);
  c.header('RateLimit', `"minute";r=${Math.max(0, limit - used)};t=${resetSeconds}`);
  return resetSeconds;
}

const invalidKey = (c: Context<AppEnv>) =>
  apiError(c, 401, 'invalid_api_key', 'Chave de API inválida ou revogada.');

const KEY_SESSION = 'api-key:';

/** The id of the key a request came with (after the key guard); undefined for a request with the cookie. */
export function apiKeyIdOf(c: Context<AppEnv>): string | undefined {
  const id = sessionOf(c).session.id;
  return id.startsWith(KEY_SESSION) ? id.slice(KEY_SESSION.length) : undefined;
}

function keySession(key: UsedKey, now: Date): SessionData {
  return {
    // Not a Better Auth session: nothing reads more of it than the user (the account's own operations, which
    // do, refuse keys).
    session: {
      id: `${KEY_SESSION}${key.id}`,
      token: '',
      userId: key.user.id,
      expiresAt: new Date(now.getTime() + WINDOW_MS),
      createdAt: now,
      updatedAt: now,
      ipAddress: null,
      userAgent: null,
    },
    // JSON carries the times as text; Better Auth's user has them as dates.
    user: { ...key.user, createdAt: new Date(key.user.createdAt), updatedAt: new Date(key.user.updatedAt) },
  };
}

/** Lets a request with a valid key of `scope` through as its user; the 401/403/429 otherwise. */
function keyGuard(options: ApiKeyAuthOptions, scope: ApiKeyScope): MiddlewareHandler<AppEnv> {
  const now = options.now ?? Date.now;
  return async (c, next) => {
    const bearer = bearerToken(c.req.header('authorization'));
    if (!bearer || bearer === 'malformed') return invalidKey(c);
    const at = now();
    const key = await countKeyUse(
      options.pool,
      { prefix: bearer.prefix, hash: hashToken(bearer.token) },
      new Date(at),
    );
    if (!key) return invalidKey(c);
    c.set('logger', c.get('logger').child({ apiKeyId: key.id }));
    const resetSeconds = rateLimitHeaders(c, options.requestsPerMinute, key.window_requests, at);
    if (key.window_requests > options.requestsPerMinute) {
      c.header('Retry-After', String(resetSeconds));
      return apiError(
        c,
        429,
        'api_key_rate_limited',
        `Muitas requisições com esta chave: o limite é de ${options.requestsPerMinute} por minuto. Tente de novo em ${resetSeconds} s.`,
      );
    }
    if (!key.scopes.includes(scope)) {
      return apiError(
        c,
        403,
        'api_key_scope',
        scope === 'create'
          ? 'Esta chave só pode ler. Para criar vídeos, crie uma chave com a permissão "Criar vídeos".'
          : 'Esta chave não pode ler. Crie uma chave com a permissão "Ler".',
      );
    }
    authenticateAs(c, keySession(key, new Date(at)));
    if (key.daily_credit_limit !== null) limitSpending(c, dailySpendLimit(key.id, key.daily_credit_limit));
    await next();
  };
}

export interface ApiKeyGuards {
  /** The cookie's guard for operations keys never reach: a request with a key is refused there (403). */
  session: MiddlewareHandler<AppEnv>;
  /** An operation a key of `scope` may call: with a Bearer header the key decides, else the cookie. */
  apiKey: (scope: ApiKeyScope) => MiddlewareHandler<AppEnv>;
}

export function apiKeyGuards(session: MiddlewareHandler<AppEnv>, options: ApiKeyAuthOptions): ApiKeyGuards {
  const byScope = { read: keyGuard(options, 'read'), create: keyGuard(options, 'create') };
  return {
    session: async (c, next) => {
      if (!sendsBearer(c.req.header('authorization'))) return session(c, next);
      return apiError(
        c,
        403,
        'api_key_not_allowed',
        'Esta operação não aceita chave de API: use a Cena no navegador, com sua conta.',
      );
    },
    apiKey: (scope) => async (c, next) =>
      sendsBearer(c.req.header('authorization')) ? byScope[scope](c, next) : session(c, next),
  };
}
