import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type ChosenFields, chosenFieldSchemas } from '#shared/video-request';

/**
 * The chosen fields (src/shared/video-request.ts `chosenFieldSchemas`) that pages show in a place of their own: the
 * prompt, the mode and the ratio. Every other chosen field is shown by the history's rows and the request's
 * technical info from its locale strings (`chosen.<field>.label`, and `chosen.<field>.values.<value>` for a field
 * of named values or `chosen.<field>.value` with `{{value}}` for a number or a free text, in the videos namespace),
 * so a new one needs no line in either (ADR 0022, ADR 0051); the type below makes its strings required.
 */
const OWN_PLACES = ['prompt', 'quality', 'aspectRatio'] as const;
type OtherChosenKey = Exclude<keyof ChosenFields, (typeof OWN_PLACES)[number]>;
type LabelKey = { [K in OtherChosenKey]: `chosen.${K}.label` }[OtherChosenKey];
type ValueKey = {
  [K in OtherChosenKey]: NonNullable<ChosenFields[K]> extends number
    ? `chosen.${K}.value`
    : string extends NonNullable<ChosenFields[K]>
      ? `chosen.${K}.value`
      : `chosen.${K}.values.${NonNullable<ChosenFields[K]>}`;
}[OtherChosenKey];

/** Whether the field's values are named (an enum, each with its own string) rather than put in `{{value}}`. */
function hasNamedValues(key: OtherChosenKey): boolean {
  const schema: z.ZodType = chosenFieldSchemas[key];
  return (schema instanceof z.ZodNullable ? schema.unwrap() : schema) instanceof z.ZodEnum;
}

const OTHER_KEYS = (Object.keys(chosenFieldSchemas) as (keyof ChosenFields)[]).filter(
  (key): key is OtherChosenKey => !(OWN_PLACES as readonly string[]).includes(key),
);

/** A chosen field as the user reads it: its label and its value's. */
export interface ChosenDetail {
  key: string;
  label: string;
  value: string;
}

/**
 * The request's other chosen fields that hold a value, in `chosenFieldSchemas`' order, in the UI language. A film
 * (ADR 0014) was asked no clip length — its stored 8 s is the column's default, its length is what its scenes
 * measure — so it shows none (ADR 0058: never 'Duração pedida: 8 s' on a 14 s film).
 */
export function useChosenDetails(request: ChosenFields & { kind?: string }): ChosenDetail[] {
  const { t } = useTranslation('videos');
  return OTHER_KEYS.flatMap((key) => {
    const value = request[key] as string | number | null;
    if (value === null || (key === 'clipSeconds' && request.kind === 'film')) return [];
    const label = t(`chosen.${key}.label` as LabelKey);
    const shown = hasNamedValues(key)
      ? t(`chosen.${key}.values.${value}` as ValueKey)
      : t(`chosen.${key}.value` as ValueKey, { value });
    return [{ key, label, value: shown }];
  });
}
