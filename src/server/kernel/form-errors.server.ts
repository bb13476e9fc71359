import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { bodyLimit } from './body-limit.server';
import { type AppEnv, apiError, payloadTooLarge } from './errors.server';

/**
 * Multipart forms, read like a JSON body: the form's one schema (src/shared, shared with the web's form) gives the
 * typed data or a 400 `invalid_request` with the first message and every field's own, in pt-BR.
 */

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

/** A multipart body's limit: a larger body is cut off while streaming and answered 413 with `message`. */
export function multipartBodyLimit(maxSize: number, message: string): MiddlewareHandler<AppEnv> {
  return bodyLimit({ maxSize, onError: (c) => payloadTooLarge(c, message) });
}

type MultipartForm = Record<string, string | File | (string | File)[]>;

/** What a form field's schema takes: a list (a repeatable part) or one value, of files or of text. */
function fieldKind(schema: z.ZodType | undefined): { list: boolean; file: boolean } {
  let current = schema;
  let list = false;
  while (current) {
    const def = current.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType };
    if (def.type === 'file') return { list, file: true };
    if (def.type === 'array') list = true;
    current = def.innerType ?? def.in ?? def.element;
  }
  return { list, file: false };
}

/** The empty part a browser sends for a file input with nothing chosen: the field was left empty. */
const emptyFilePart = (value: string | File) =>
  typeof value !== 'string' && value.size === 0 && value.name === '';

/**
 * The form's fields as its schema expects them, with the form's own errors: a field sent twice that is not a list,
 * a file where text belongs, U+0000 (which PostgreSQL text cannot store).
 */
function formFields(
  form: MultipartForm,
  shape: Record<string, z.ZodType>,
): { fields: Record<string, unknown>; errors: FieldErrors } {
  const fields: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(form)) {
    const values = [value].flat().filter((item) => !emptyFilePart(item));
    if (values.length === 0) continue;
    const kind = fieldKind(shape[name]);
    if (values.length > 1 && !kind.list) errors[name] = 'Envie este campo uma única vez.';
    else if (!kind.file && values.some((item) => typeof item !== 'string')) errors[name] = 'Valor inválido.';
    else if (values.some((item) => typeof item === 'string' && item.includes('\u0000')))
      errors[name] = 'O texto contém um caractere inválido.';
    else fields[name] = kind.list ? values : values[0];
  }
  return { fields, errors };
}

type FormRead<T> = { ok: true; data: T } | { ok: false; response: Response };

/** The body as multipart fields (every repeat kept), or the 415 / 400 to answer. */
async function readMultipart(c: Context<AppEnv>): Promise<FormRead<MultipartForm>> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
    return {
      ok: false,
      response: apiError(c, 415, 'unsupported_media_type', 'Envie o formulário como multipart/form-data.'),
    };
  }
  try {
    return { ok: true, data: await c.req.parseBody({ all: true }) };
  } catch {
    return { ok: false, response: apiError(c, 400, 'invalid_request', 'Formulário inválido.') };
  }
}

/** The multipart body checked by the form's schema: its data, or the 415 / 400 (with every field's message). */
export async function readForm<Schema extends z.ZodObject>(
  c: Context<AppEnv>,
  schema: Schema,
): Promise<FormRead<z.output<Schema>>> {
  const body = await readMultipart(c);
  if (!body.ok) return body;
  const { fields, errors } = formFields(body.data, schema.shape);
  const parsed = schema.safeParse(fields, { error: fieldMessages });
  // The form's own errors (a repeated field, a bad character) say more than the schema's 'required'.
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error), { ...errors });
  if (!parsed.success || Object.keys(errors).length > 0)
    return { ok: false, response: invalidFields(c, errors) };
  return { ok: true, data: parsed.data };
}

/** A form's images could not be stored, and nothing was written: the user can simply try again (spec §8). */
export const uploadFailed = (c: Context<AppEnv>) =>
  apiError(c, 503, 'upload_failed', 'Erro ao fazer upload da imagem. Tente novamente.');
