import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { Control, FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  PROMPT_MIN_LENGTH,
  REFERENCE_IMAGE_MAX_BYTES,
  referenceImageMaxMegabytes,
  SEED_MAX,
  SEED_MIN,
  type VideoQuality,
} from '#shared/catalogue';
import {
  type DirectingCapabilities,
  type DirectingOffer,
  directingProblems,
  offeredDirecting,
} from '#shared/video-directing';
import {
  type ChosenFields,
  chosenFieldSchemas,
  detectImageType,
  PROMPT_MAX_LENGTH,
} from '#shared/video-request';
import { createVideoFormSchema } from '#shared/video-request-form';
import { formatCredits } from '#web/features/credits';

/** The create form's values and rules (spec §5), checked with the shared schema the server uses too. */

/**
 * The fields the user types: what the owner chooses for a request (src/shared/video-request.ts
 * `chosenFieldSchemas`, so a chosen field added there is a field of the form) and the seed, as the shared form
 * schema (src/shared/video-request-form.ts) checks them.
 */
type FormChosenKey = Extract<keyof ChosenFields, keyof typeof createVideoFormSchema.shape>;
/** Quality's master is sent under the API's name (`resolution`), named below with the seed. */
const CHOSEN_KEYS = (Object.keys(chosenFieldSchemas) as (keyof ChosenFields)[]).filter(
  (key): key is FormChosenKey => key in createVideoFormSchema.shape,
);
const typedFieldsSchema = createVideoFormSchema.pick({
  ...(Object.fromEntries(CHOSEN_KEYS.map((key) => [key, true])) as Record<FormChosenKey, true>),
  seed: true,
  resolution: true,
});

export type CreateFormValues = z.input<typeof typedFieldsSchema>;

/** i18n keys under `create.errors` (the component interpolates the figures). */
export type CreateFieldError =
  | 'promptShort'
  | 'promptLong'
  | 'seedDigits'
  | 'seedRange'
  | 'imageTooLarge'
  | 'imageType'
  | 'imageRead';

const DEFAULT_VALUES: CreateFormValues = {
  prompt: '',
  quality: 'fast',
  aspectRatio: '16:9',
  seed: '',
};

/**
 * Prefill from the chosen fields in the query ("Duplicar Solicitação": `?prompt=&quality=&aspectRatio=`): the
 * prompt as it came (cut to its limit; the user edits it), any other field when its schema accepts the value.
 */
export function valuesFromSearch(params: URLSearchParams): CreateFormValues {
  const values: Record<string, unknown> = { ...DEFAULT_VALUES };
  for (const key of CHOSEN_KEYS) {
    const value = params.get(key);
    if (value === null) continue;
    if (key === 'prompt') values.prompt = value.slice(0, PROMPT_MAX_LENGTH);
    else if (typedFieldsSchema.shape[key].safeParse(value).success) values[key] = value;
  }
  // A request names its master as stored (`masterResolution`); the form, as the API takes it (`resolution`).
  const master = params.get('masterResolution');
  if (master !== null && typedFieldsSchema.shape.resolution.safeParse(master).success)
    values.resolution = master;
  return values as CreateFormValues;
}

/** The names of the fields the user types or picks: every field of the form's typed part, none listed by hand. */
export const TYPED_FIELDS = Object.keys(typedFieldsSchema.shape) as (keyof CreateFormValues)[];

/** Fields kept as far as they were typed: their schemas judge only a finished value (a 3-digit seed is on its way). */
const IN_PROGRESS: Partial<Record<keyof CreateFormValues, z.ZodType>> = {
  prompt: z.string().max(PROMPT_MAX_LENGTH),
  seed: z.string().max(5),
};

/**
 * The typed fields of a saved draft (ADR 0027), each kept when the form's own schema for it accepts the value: a
 * field added to the form is restored with no change here, and a value an older form allowed is dropped, not guessed.
 */
export function typedValuesFrom(saved: Record<string, unknown>): Partial<CreateFormValues> {
  const values: Record<string, unknown> = {};
  for (const key of TYPED_FIELDS) {
    const schema = IN_PROGRESS[key] ?? typedFieldsSchema.shape[key];
    if (saved[key] !== undefined && schema.safeParse(saved[key]).success) values[key] = saved[key];
  }
  return values as Partial<CreateFormValues>;
}

/** Seed input: digits only, at most 5. */
export function sanitiseSeed(value: string): string {
  return value.replace(/\D/g, '').slice(0, 5);
}

/** Field errors of the values the user typed. */
export function validateCreateForm(
  values: CreateFormValues,
): Partial<Record<keyof CreateFormValues, CreateFieldError>> {
  const result = typedFieldsSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof CreateFormValues, CreateFieldError>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'prompt' && !errors.prompt) {
      errors.prompt = values.prompt.trim().length < PROMPT_MIN_LENGTH ? 'promptShort' : 'promptLong';
    } else if (field === 'seed' && !errors.seed) {
      errors.seed = /^\d{5}$/.test((values.seed ?? '').trim()) ? 'seedRange' : 'seedDigits';
    }
  }
  return errors;
}

/** The message of a field error in the UI language, with its figures. */
export function createFieldErrorText(t: TFunction<'videos'>, key: CreateFieldError): string {
  switch (key) {
    case 'promptLong':
      return t('create.errors.promptLong', { max: formatCredits(PROMPT_MAX_LENGTH) });
    case 'seedRange':
      return t('create.errors.seedRange', { min: SEED_MIN, max: SEED_MAX });
    case 'imageTooLarge':
      return t('create.errors.imageTooLarge', { mb: referenceImageMaxMegabytes() });
    default:
      return t(`create.errors.${key}`);
  }
}

const { firstFrame, lastFrame, referenceImages } = createVideoFormSchema.shape;

/**
 * The form's schema for react-hook-form: the shared form schema's fields the user fills in (the server checks them
 * all again), its images as the inputs hold them (none is null, not absent), and the rules of the chosen mode's
 * model (src/shared/video-directing.ts). Each image's bytes are checked when it is chosen; a refused one is not kept.
 */
const createFormSchema = (directing: DirectingCapabilities) =>
  typedFieldsSchema
    .extend({
      firstFrame: firstFrame.unwrap().nullable(),
      lastFrame: lastFrame.unwrap().nullable(),
      // The count is the chosen model's (below), said once.
      referenceImages: z.array(referenceImages.unwrap().element),
    })
    .superRefine(
      (form, ctx) => {
        const problems = directingProblems(
          {
            firstFrame: form.firstFrame !== null,
            lastFrame: form.lastFrame !== null,
            referenceImages: form.referenceImages.length,
          },
          directing,
        );
        for (const [path, message] of Object.entries(problems)) {
          ctx.addIssue({ code: 'custom', path: [path], message });
        }
      },
      { when: () => true }, // every problem at once: said beside a short prompt too
    );
export type CreateFormFields = z.input<ReturnType<typeof createFormSchema>>;
export type CreateFormOutput = z.output<ReturnType<typeof createFormSchema>>;

/** What the resolver reads besides the values: a first frame refused by its bytes (not kept) still blocks a submit. */
export interface CreateFormContext {
  firstFrameRefused?: string | undefined;
}

/** The create form's react-hook-form control, as its fields and hooks receive it. */
export type CreateFormControl = Control<CreateFormFields, CreateFormContext, CreateFormOutput>;

/**
 * zodResolver with the form's schema for the chosen mode's model (`offers`: what the server says each mode's model
 * accepts), its prompt and seed messages said in the UI language (the shared schema's are the server's pt-BR ones)
 * and the refused first frame's message kept.
 */
export function createFormResolver(
  offers: Record<VideoQuality, DirectingOffer> | undefined,
  t: TFunction<'videos'>,
): Resolver<CreateFormFields, CreateFormContext, CreateFormOutput> {
  return async (values, context, options) => {
    const resolve = zodResolver(createFormSchema(offeredDirecting(offers?.[values.quality])));
    const result = await resolve(values, context, options);
    const errors: FieldErrors<CreateFormFields> = { ...result.errors };
    const keys = validateCreateForm(values);
    for (const field of ['prompt', 'seed'] as const) {
      const key = keys[field];
      const error = errors[field];
      if (key && error) errors[field] = { ...error, message: createFieldErrorText(t, key) };
    }
    if (context?.firstFrameRefused)
      errors.firstFrame = { type: 'refused', message: context.firstFrameRefused };
    return Object.keys(errors).length > 0 ? { values: {}, errors } : result;
  };
}

/** The reference image's problem, judged by size and by its first bytes (never by its name or claimed type). */
export async function checkReferenceImage(file: File): Promise<CreateFieldError | undefined> {
  if (file.size > REFERENCE_IMAGE_MAX_BYTES) return 'imageTooLarge';
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  } catch {
    return 'imageRead';
  }
  return detectImageType(bytes) ? undefined : 'imageType';
}

export type SubmitFailure = 'credits' | 'upload' | 'rateLimited' | 'unavailable' | 'fields' | 'submit';

/** How a failed `POST /api/videos` is told to the user (spec §8). */
export function classifySubmitError(
  error: { status?: number; code?: string; fields?: Record<string, string> },
  hasImage: boolean,
): SubmitFailure {
  if (error.status === 402 || error.code === 'insufficient_credits') return 'credits';
  if (error.status === 400 && error.fields && Object.keys(error.fields).length > 0) return 'fields';
  if (error.status === 413) return 'upload';
  if (hasImage && /upload|storage|image/i.test(error.code ?? '')) return 'upload';
  if (error.status === 429) return 'rateLimited';
  if (error.status === 503 && error.code === 'video_unavailable') return 'unavailable';
  return 'submit';
}
