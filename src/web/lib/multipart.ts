/** One part's value in a multipart form: text, or a file sent as a file. */
type PartValue = string | File;

/**
 * A `multipart/form-data` body of every key present in `fields`, built from the object itself so a field added to
 * a form's schema is sent with no line of its own: a file is a file part (its name kept), a list is one part per
 * element (the repeatable parts the server's `readForm` reads as a list), an absent key is no part.
 */
export function multipartBody(fields: Record<string, PartValue | readonly PartValue[] | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    const parts: readonly PartValue[] = value === undefined ? [] : typeof value === 'object' && !(value instanceof File) ? value : [value];
    for (const part of parts) {
      if (part instanceof File) form.append(key, part, part.name);
      else form.append(key, part);
    }
  }
  return form;
}
