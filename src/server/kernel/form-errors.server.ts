import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { type AppEnv, apiError } from './errors.server';

/** A multipart form's field errors: 400 `invalid_request` with the first message and every field's own. */

export type FieldErrors = Record<string, string>;

export function invalidFields(c: Context<AppEnv>, fields: FieldErrors) {
  const message = Object.values(fields)[0] ?? 'Dados inválidos.';
  return c.json({ error: { code: 'invalid_request', message, requestId: c.get('requestId'), fields } }, 400);
}

/** Messages for what a shared schema does not word itself (missing fields, unknown fields, wrong kinds). */
export const fieldMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Campo obrigatório.';
  return 'Valor inválido.';
};

export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= 'Campo não permitido.';
      continue;
    }
    const name = String(issue.path[0] ?? 'form');
    fields[name] ??= issue.message;
  }
  return fields;
}

/**
 * The text fields of a parsed multipart form, each sent once (`multiple` names may repeat), with the form's own
 * errors: a repeated field, a file where text belongs, U+0000 (which PostgreSQL text cannot store).
 */
export function textFields(
  form: MultipartForm,
  skip: ReadonlySet<string>,
  multiple: ReadonlySet<string> = new Set(),
): { fields: Record<string, unknown>; errors: FieldErrors } {
  const fields: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(form)) {
    if (skip.has(name)) continue;
    const values = [value].flat();
    if (values.length > 1 && !multiple.has(name)) errors[name] = 'Envie este campo uma única vez.';
    else if (values.some((item) => typeof item !== 'string')) errors[name] = 'Valor inválido.';
    else if (values.some((item) => (item as string).includes('\u0000')))
      errors[name] = 'O texto contém um caractere inválido.';
    else fields[name] = multiple.has(name) ? values : value;
  }
  return { fields, errors };
}

/** A multipart body's limit: a larger body is cut off while streaming and answered 413 with `message`. */
export function multipartBodyLimit(maxSize: number, message: string): MiddlewareHandler<AppEnv> {
  return bodyLimit({ maxSize, onError: (c) => apiError(c, 413, 'payload_too_large', message) });
}

export type MultipartForm = Record<string, string | File | (string | File)[]>;

/** The body as multipart fields (every repeat kept), or the 415 / 400 to answer. */
export async function readMultipart(
  c: Context<AppEnv>,
): Promise<{ ok: true; form: MultipartForm } | { ok: false; response: Response }> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
    return {
      ok: false,
      response: apiError(c, 415, 'unsupported_media_type', 'Envie o formulário como multipart/form-data.'),
    };
  }
  try {
    return { ok: true, form: await c.req.parseBody({ all: true }) };
  } catch {
    return { ok: false, response: apiError(c, 400, 'invalid_request', 'Formulário inválido.') };
  }
}
