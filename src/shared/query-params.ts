/** A URL parameter sent empty means "not set": the schema's default applies, as if it were absent. */
export const emptyIsUnset = (value: unknown) => (value === '' ? undefined : value);
