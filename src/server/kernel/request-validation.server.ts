import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { bodyLimit } from './body-limit.server';
import { type AppEnv, apiError, payloadTooLarge } from './errors.server';

/**
 * Input checks shared by Cena's JSON endpoints: bad input always answers 4xx in the standard error shape with a
 * pt-BR message, never a 5xx. Schemas are strict objects (unknown fields are refused, so a typo is not silently
 * ignored) with their own pt-BR messages; `genericMessages` covers what the schemas do not word themselves.
 */

/** Plenty for any Cena form; larger bodies are refused before they are read. */
const MAX_JSON_BODY_BYTES = 16 * 1024;

const genericMessages: z.core.$ZodErrorMap = (issue) => {
  const where = issue.path && issue.path.length > 0 ? ` em "${issue.path.join('.')}"` : '';
  switch (issue.code) {
    case 'unrecognized_keys':
      return `Campo não permitido: ${issue.keys.join(', ')}.`;
    case 'invalid_type':
      return where ? `Tipo inválido${where}.` : 'O corpo da requisição deve ser um objeto JSON.';
    case 'too_big':
      return `Valor grande demais${where}.`;
    case 'too_small':
      return `Valor pequeno demais${where}.`;
    default:
      return `Valor inválido${where}.`;
  }
};

/** Refuses bodies over MAX_JSON_BODY_BYTES, whether announced by Content-Length or streamed. */
export const jsonBodyLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: (c) => payloadTooLarge(c, 'Corpo da requisição grande demais.'),
});

/**
 * What `@hono/zod-openapi` does not check the way Cena answers, before its validators run (ADR 0025): the library
 * refuses a missing or foreign Content-Type, bad syntax, deep nesting and U+0000 with its own English 400/415,
 * or not at all, so the body is read and decoded here first; the library then validates the decoded text.
 */
export const jsonBodyChecks: MiddlewareHandler<AppEnv> = async (c, next) => {
  const decoded = await decodeJsonBody(c);
  if (!decoded.ok) return decoded.response;
  await next();
};

async function decodeJsonBody(c: Context<AppEnv>) {
  if (!isJsonType(c.req.header('content-type') ?? '')) {
    const message = 'Envie os dados em JSON (Content-Type: application/json).';
    return { ok: false, response: apiError(c, 415, 'unsupported_media_type', message) } as const;
  }
  const decoded = decodeJson(await c.req.text());
  if (!decoded.ok) return { ok: false, response: apiError(c, 400, decoded.code, decoded.message) } as const;
  return decoded;
}

/**
 * Both what Cena has always taken as JSON and what the library's media-type gate lets through (its
 * `jsonRequestRegex`, node_modules/@hono/zod-openapi/dist/index.mjs): anything else is our 415, never its own.
 */
function isJsonType(type: string): boolean {
  return (
    /^application\/json\b/i.test(type) &&
    /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i.test(type)
  );
}

/**
 * A body that may be absent (`required: false`): none, whitespace, or the declared JSON. The library reads an
 * empty JSON body as malformed, so this one is validated here and handed on as the library's own validated data.
 */
export function optionalJsonBody(schema: z.ZodType): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if ((await c.req.text()).trim() === '') return next();
    const decoded = await decodeJsonBody(c);
    if (!decoded.ok) return decoded.response;
    const result = schema.safeParse(decoded.value, { error: genericMessages });
    if (!result.success) return apiError(c, 400, 'invalid_request', firstMessage(result.error));
    c.req.addValidatedData('json', result.data as object);
    await next();
  };
}

/**
 * What the library does not say about a query string: where an operation declares none, any parameter is a client
 * mistake, refused like an unknown field; where it declares one, a repeated parameter is refused by name (the
 * library would hand the schema an array, refused with a type message that does not say what was wrong).
 */
export function queryChecks(declared: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.req.url.includes('?')) return next();
    const names = [...new URL(c.req.url).searchParams.keys()];
    if (!declared && names.length > 0) {
      return apiError(
        c,
        400,
        'invalid_request',
        `Parâmetro não permitido: ${[...new Set(names)].join(', ')}.`,
      );
    }
    const repeated = names.find((name, index) => names.indexOf(name) !== index);
    if (repeated) return apiError(c, 400, 'invalid_request', `Parâmetro repetido: ${repeated}.`);
    await next();
  };
}

const queryMessages: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'unrecognized_keys'
    ? `Parâmetro não permitido: ${issue.keys.join(', ')}.`
    : genericMessages(issue);

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Dados inválidos.';
}

/** A failed validation's result as the library hands it to a hook: the value it validated, and where from. */
interface FailedValidation {
  success: boolean;
  target: string;
  data?: unknown;
}

/**
 * The hook `app.openapi` calls after each validator: a refusal is 400 `invalid_request` with the pt-BR message of
 * the first issue. The library's parse ran without our wording, so the value it validated is parsed again with
 * it (only on failure); a schema's own messages win over both, as zod 4 orders them.
 */
export function refuseInvalidInput(schemas: { query?: z.ZodType; json?: z.ZodType }) {
  return (result: FailedValidation, c: Context<AppEnv>): Response | undefined => {
    if (result.success) return undefined;
    const schema = result.target === 'query' ? schemas.query : schemas.json;
    const messages = result.target === 'query' ? queryMessages : genericMessages;
    const reparsed = schema?.safeParse(result.data, { error: messages });
    const message = reparsed && !reparsed.success ? firstMessage(reparsed.error) : 'Dados inválidos.';
    return apiError(c, 400, 'invalid_request', message);
  };
}

const NUL_MESSAGE = 'O texto enviado contém um caractere inválido.';

/**
 * Deeper than any Cena or Better Auth body (theirs are flat objects): a bound checked on the raw text, before
 * JSON.parse or any code that walks the value recursively can be handed a stack-exhausting `[[[[…`.
 */
const MAX_JSON_DEPTH = 16;

/** The nesting depth of a JSON text: brackets outside strings, counted in one pass without recursion. */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > MAX_JSON_DEPTH) return deepest;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return deepest;
}

/** A JSON text checked for what every endpoint refuses alike: bad syntax, deep nesting, U+0000. */
export type DecodedJson =
  | { ok: true; value: unknown }
  | { ok: false; code: 'invalid_json' | 'too_deep' | 'invalid_characters'; message: string };

export function decodeJson(text: string): DecodedJson {
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    return {
      ok: false,
      code: 'too_deep',
      message: `O JSON enviado tem mais de ${MAX_JSON_DEPTH} níveis de aninhamento.`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: 'invalid_json', message: 'O corpo da requisição não é um JSON válido.' };
  }
  if (containsNul(value)) return { ok: false, code: 'invalid_characters', message: NUL_MESSAGE };
  return { ok: true, value };
}

/** True when any string inside a parsed JSON value contains U+0000, which PostgreSQL cannot store in text. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner));
  }
  return false;
}

/**
 * Refuses a path or query string carrying U+0000 (%00) with 400: PostgreSQL rejects it in any text value, so it
 * would otherwise surface as a database error.
 */
export const rejectNulInUrl: MiddlewareHandler<AppEnv> = (c, next) => {
  // A NUL reaches a URL only percent-encoded (Node's parser refuses raw control characters): most requests have
  // none, and pass on without being parsed again (or waiting a turn here).
  const url = c.req.url;
  return url.includes('%00') || url.includes('\u0000') ? refuseNulInUrl(c, next) : next();
};

const refuseNulInUrl: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  let decodedPath = url.pathname;
  try {
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    // A malformed escape is not a NUL; the route answers it.
  }
  const inQuery = [...url.searchParams].some(
    ([name, value]) => name.includes('\u0000') || value.includes('\u0000'),
  );
  if (decodedPath.includes('\u0000') || inQuery) return apiError(c, 400, 'invalid_characters', NUL_MESSAGE);
  await next();
};

/**
 * The same guard for a form body (urlencoded or multipart): a value or name carrying U+0000 is refused with 400
 * before a handler reads it. Mount it after the route's body limit (it reads the body; Hono keeps the parsed form
 * for the handler's own `parseBody`).
 */
export const rejectNulInForm: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      return apiError(c, 400, 'invalid_request', 'Formulário inválido.');
    }
    const unstorable = Object.entries(form).some(
      ([name, value]) =>
        name.includes('\u0000') ||
        [value].flat().some((item) => typeof item === 'string' && item.includes('\u0000')),
    );
    if (unstorable) return apiError(c, 400, 'invalid_characters', NUL_MESSAGE);
  }
  await next();
};

/** PostgreSQL's "invalid byte sequence" for U+0000 in a text value (SQLSTATE 22021, or 22P05 when untranslatable). */
export function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}
