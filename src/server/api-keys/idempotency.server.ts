import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type pg from 'pg';
import type { z } from 'zod';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { sessionOf } from '#server/kernel/session.server';
import type { Operation } from '#shared/api-contract';

/**
 * The `Idempotency-Key` header on every create an API key may call (ADR 0063), per
 * draft-ietf-httpapi-idempotency-key-header (https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/):
 * an sf-string (`"…"`; Stripe's unquoted form is taken too), with a fingerprint of the request it came with.
 *
 * Built on the clientKey, not beside it: a create whose body names no clientKey gets one derived from the user and
 * the key, so the same key lands on the same request and hold, and concurrent identical requests are one charge by
 * the create's own idempotency (videos/create-video-request.server.ts). What this adds is the other half: the same
 * key with another request (method, path or body) is refused with 409 — the issue's interface; the draft suggests
 * 422 — before anything runs. A request refused (4xx/5xx) gives its key back, so it can be corrected and sent
 * again; keys are kept with the account (erased with it).
 */

const MAX_KEY_LENGTH = 255;

/** The key as sent: the sf-string's content, or the bare token Stripe's clients send; undefined when malformed. */
function parseKey(header: string): string | undefined {
  const trimmed = header.trim();
  const quoted = /^"((?:[\x20-\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/.exec(trimmed);
  // Unquoted, a key is one token of visible characters without the quotes and backslash of the quoted form.
  const key = quoted
    ? quoted[1]?.replace(/\\(["\\])/g, '$1')
    : /^[\x21\x23-\x5b\x5d-\x7e]+$/.exec(trimmed)?.[0];
  if (!key || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) return undefined;
  return key;
}

/** A stable uuid (version 8 layout) for the user's key: the clientKey of a create that names none. */
function clientKeyFor(userId: string, key: string): string {
  const bytes = createHash('sha256').update(`cena-idempotency-key\n${userId}\n${key}`).digest();
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** JSON with its object keys sorted: the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const takesClientKey = (operation: Operation) => {
  const schema = operation.body?.schema as z.ZodObject | undefined;
  return schema?.shape !== undefined && 'clientKey' in schema.shape;
};

/**
 * The request's body as a fingerprint's text, with the derived clientKey given to a body that names none. A
 * multipart form is its fields in order, each file by its type, size and SHA-256 (the boundary differs per send).
 */
async function bodyText(
  c: Context<AppEnv>,
  operation: Operation,
  clientKey: string,
): Promise<string | undefined> {
  const body = operation.body;
  if (!body) return '';
  if (body.contentType === 'multipart/form-data') {
    const form = await c.req.formData().catch(() => undefined);
    if (!form) return undefined;
    const parts: string[] = [];
    for (const [name, value] of form.entries()) {
      const file = typeof value === 'string' ? undefined : value;
      const hash = file
        ? createHash('sha256')
            .update(Buffer.from(await file.arrayBuffer()))
            .digest('hex')
        : '';
      parts.push(`${name}=${file ? `file:${file.type}:${file.size}:${hash}` : value}`);
    }
    if (takesClientKey(operation) && !form.has('clientKey')) form.set('clientKey', clientKey);
    return parts.join('\n');
  }
  let value: unknown;
  try {
    value = JSON.parse((await c.req.text()) || 'null');
  } catch {
    return undefined;
  }
  if (takesClientKey(operation) && value && typeof value === 'object' && !('clientKey' in value)) {
    // The library's validator reads the body by `c.req.json()` (hono/validator), which parses the text cache
    // (hono/request: `json()` is `#cachedBody('text')` then JSON.parse): the derived key goes in there.
    // Hono types its cache by the values the promises give; what it stores are the promises.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(
      JSON.stringify({ ...value, clientKey }),
    );
  }
  return canonical(value);
}

/** Records the key with its fingerprint; false when the user sent it before with another request. */
async function claimKey(pool: pg.Pool, userId: string, key: string, fingerprint: string): Promise<boolean> {
  const inserted = await pool.query(
    `INSERT INTO idempotency_keys (user_id, key, fingerprint) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, key) DO NOTHING`,
    [userId, key, fingerprint],
  );
  if (inserted.rowCount === 1) return true;
  const stored = await pool.query<{ fingerprint: string }>(
    'SELECT fingerprint FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  // Gone between the two statements (its first request was refused): this one may take it.
  return stored.rows[0] === undefined
    ? claimKey(pool, userId, key, fingerprint)
    : stored.rows[0].fingerprint === fingerprint;
}

/** What runs on a create once its input checks passed (operations.server.ts: after them, before the handler). */
export function idempotencyGuard(pool: pg.Pool): (operation: Operation) => MiddlewareHandler<AppEnv> {
  return (operation) => async (c, next) => {
    const header = c.req.header('idempotency-key');
    if (header === undefined) return next();
    const key = parseKey(header);
    if (!key) {
      return apiError(
        c,
        400,
        'invalid_idempotency_key',
        `Idempotency-Key inválida: use de 1 a ${MAX_KEY_LENGTH} caracteres visíveis, como um UUID entre aspas.`,
      );
    }
    const userId = sessionOf(c).user.id;
    const text = await bodyText(c, operation, clientKeyFor(userId, key));
    // A body that cannot be read is answered by the operation's own checks, with nothing created.
    if (text === undefined) return next();
    const fingerprint = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${text}`).digest('hex');
    if (!(await claimKey(pool, userId, key, fingerprint))) {
      return apiError(
        c,
        409,
        'idempotency_key_reused',
        'Esta Idempotency-Key já foi usada com outra requisição. Use uma chave nova para cada criação.',
      );
    }
    await next();
    if (c.res.status >= 400) {
      await pool.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND fingerprint = $3', [
        userId,
        key,
        fingerprint,
      ]);
    }
  };
}
