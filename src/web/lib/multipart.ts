/** One part's value in a multipart form: text, or a file sent as a file. */
type PartValue = string | File;
type FieldValue = PartValue | readonly PartValue[] | undefined;

/** The parts of one field: none when absent, one per element of a list. */
function partsOf(value: FieldValue): readonly PartValue[] {
  if (value === undefined) return [];
  return typeof value === 'string' || value instanceof File ? [value] : value;
}

/**
 * A `multipart/form-data` body of every key present in `fields`, built from the object itself so a field added to
 * a form's schema is sent with no line of its own: a file is a file part (its name kept), a list is one part per
 * element (the repeatable parts the server's `readForm` reads as a list), an absent key is no part.
 */
export function multipartBody(fields: Record<string, FieldValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const part of partsOf(value)) {
      if (part instanceof File) form.append(key, part, part.name);
      else form.append(key, part);
    }
  }
  return form;
}
