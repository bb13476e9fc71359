import { z } from 'zod';
import { castSnapshotSchema } from './cast';
import {
  ASPECT_RATIOS,
  MASTER_RESOLUTIONS,
  REFERENCE_IMAGE_MAX_BYTES,
  type REFERENCE_IMAGE_TYPES,
  VIDEO_QUALITIES,
} from './catalogue';
import { REFERENCE_IMAGE_TOO_LARGE, REFERENCE_IMAGE_WRONG_TYPE } from './image-part';
import { takeCheckViewSchema } from './take-check';
import { queuePlaceSchema } from './video-queue';
import { VIDEO_STATUSES } from './video-status';

/** A video request as the browser sees it, and the rules its form and the server share (the form's schema is
 * src/shared/video-request-form.ts). */

export { FINAL_VIDEO_STATUSES, VIDEO_STATUSES, type VideoStatus } from './video-status';

export const PROMPT_MAX_LENGTH = 2000;

/** Which modes can be created right now (`GET /api/videos/availability`): a mode whose model Google no longer
 * serves is refused (503) before any hold, and the create page shows it as unavailable. */
export const videoModeAvailabilitySchema = z.strictObject({
  draft: z.boolean(),
  fast: z.boolean(),
  quality: z.boolean(),
});
export type VideoModeAvailability = z.infer<typeof videoModeAvailabilitySchema>;
export const VIDEO_UNAVAILABLE_MESSAGE =
  'Geração de vídeos indisponível no momento. Tente novamente mais tarde.';

export type ReferenceImageType = (typeof REFERENCE_IMAGE_TYPES)[number];

/** The image's real type from its first bytes (never from its name or the browser's claim). */
export function detectImageType(bytes: Uint8Array): ReferenceImageType | undefined {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

export function referenceImageProblem(size: number, bytes: Uint8Array): string | undefined {
  if (size > REFERENCE_IMAGE_MAX_BYTES) return REFERENCE_IMAGE_TOO_LARGE;
  if (!detectImageType(bytes)) return REFERENCE_IMAGE_WRONG_TYPE;
  return undefined;
}

/**
 * Prompts the model's moderation may answer with muted audio (spec §1): babies, children, profanity. Matched on
 * whole words, accents ignored, so the create page can warn before the user spends credits.
 */
const SENSITIVE_TERMS = [
  'bebe',
  'bebes',
  'baby',
  'babies',
  'crianca',
  'criancas',
  'child',
  'children',
  'kid',
  'kids',
  'menino',
  'menina',
  'meninos',
  'meninas',
  'porra',
  'caralho',
  'merda',
  'foda',
  'fuck',
  'shit',
];

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export function hasSensitiveTerms(prompt: string): boolean {
  const words = new Set(normalise(prompt).split(/[^\p{L}\p{N}]+/u));
  return SENSITIVE_TERMS.some((term) => words.has(term));
}

/** The model's structured "JSON prompt" (design §5), built from the user's text and stored with the request. */
const structuredPromptSchema = z.object({
  subject: z.string(),
  action: z.string(),
  scene: z.string(),
  camera: z.string(),
  lighting: z.string(),
  style: z.string(),
  audio: z.string(),
  negative: z.string(),
  /** Who wrote it: `rules` (the rule-based builder) or the Gemini text model's id (PROMPT_MODEL). */
  builtBy: z.string().optional(),
});
export type StructuredPrompt = z.infer<typeof structuredPromptSchema>;

/**
 * How a request came to be: a new video, an extension of another, an edit of another, or a film joined from the
 * user's videos (src/shared/films.ts).
 */
export const VIDEO_REQUEST_KINDS = ['original', 'extension', 'edit', 'finish', 'film'] as const;
export type VideoRequestKind = (typeof VIDEO_REQUEST_KINDS)[number];

/**
 * Which continuation an extension is: the model continues its stored take (`same-take`), or Cena starts a new shot
 * whose first frame is the last frame of the video so far (`new-shot`, image-to-video, which every served model
 * does) and joins it — past the model's extension limit, when the model cannot extend, or when the source is too
 * old or from another model (src/shared/video-directing.ts `extensionPlan`).
 */
const CONTINUATIONS = ['same-take', 'new-shot'] as const;
export type Continuation = (typeof CONTINUATIONS)[number];

/**
 * What the owner chose for a request, shown as stored both in its view and in the history list (the server's
 * VIDEO_REQUEST_SHAPE, src/server/video-requests/video-request-row.server.ts): a new such field is one line here (ADR 0022).
 */
export const chosenFieldSchemas = {
  prompt: z.string(),
  quality: z.enum(VIDEO_QUALITIES),
  aspectRatio: z.enum(ASPECT_RATIOS),
  /** The clip length asked for, in seconds (`deliveredSeconds` is what the delivered file measures). */
  clipSeconds: z.int(),
  /** Quality's master resolution; null for the other modes. */
  masterResolution: z.enum(MASTER_RESOLUTIONS).nullable(),
};

export type ChosenFields = {
  [K in keyof typeof chosenFieldSchemas]: z.output<(typeof chosenFieldSchemas)[K]>;
};

/** The chosen fields a request may be without (stored null): the create form may leave them out. */
type OptionalChosenKey = {
  [K in keyof ChosenFields]: null extends ChosenFields[K] ? K : never;
}[keyof ChosenFields];

/**
 * What carries the chosen fields: a stored request (its empty ones null) or the read form (absent); the provider's
 * input is one too (src/server/video-providers/video-provider.server.ts).
 */
export type ChosenFieldsSource = Omit<ChosenFields, OptionalChosenKey> & {
  [K in OptionalChosenKey]?: ChosenFields[K] | undefined;
};

/**
 * The owner's chosen fields of anything that carries them (the read form, a source request), copied by
 * `chosenFieldSchemas`' keys so a new chosen field is stored without being named again (ADR 0022); one the form
 * left out is stored null.
 */
export function chosenFieldsOf(source: ChosenFieldsSource): ChosenFields {
  const values = source as Partial<ChosenFields>;
  const keys = Object.keys(chosenFieldSchemas) as (keyof ChosenFields)[];
  return Object.fromEntries(keys.map((key) => [key, values[key] ?? null])) as ChosenFields;
}

/** What the browser gets for one request; media URLs are short-lived signed URLs of the owner's files. */
const videoRequestViewSchema = z.object({
  id: z.string(),
  ...chosenFieldSchemas,
  seed: z.int().nullable(),
  creditsUsed: z.int(),
  status: z.enum(VIDEO_STATUSES),
  errorMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** The first frame the video starts from (the form's `firstFrame`). */
  firstFrameUrl: z.string().nullable(),
  /** The first frame's old name, the same value, kept for one release (docs/video-contract.md). */
  referenceImageUrl: z
    .string()
    .nullable()
    .meta({ deprecated: true, description: 'Deprecated: the first frame, read firstFrameUrl instead.' }),
  lastFrameUrl: z.string().nullable(),
  referenceImageUrls: z.array(z.string()),
  /** How this request came to be, and the request it extends or edits. */
  kind: z.enum(VIDEO_REQUEST_KINDS),
  sourceRequestId: z.string().nullable(),
  /** Whether this completed video can be extended or edited now, with the pt-BR reason when not. */
  derivations: z.object({
    extend: z.object({
      allowed: z.boolean(),
      reason: z.string().nullable(),
      lengthAfterSeconds: z.number().nullable(),
      /** Which continuation 'Estender' makes now (CONTINUATIONS); null when the video cannot be extended. */
      continuation: z.enum(CONTINUATIONS).nullable(),
    }),
    edit: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
  }),
  videoUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  structuredPrompt: structuredPromptSchema.nullable(),
  /** While the request waits for the provider's capacity: its place in line (src/shared/video-queue.ts). */
  queue: queuePlaceSchema.nullable(),
  /**
   * The submit's variations this request belongs to (null for a single request): the group is the first's id;
   * `keptId` is the one the creator kept ('Ficar com esta'), null until one is.
   */
  variation: z
    .object({ groupId: z.string(), requestIds: z.array(z.string()), keptId: z.string().nullable() })
    .nullable(),
  /** The Elenco members whose images it used, as they were then. */
  cast: z.array(castSnapshotSchema),
  /** The take guarantee's checks, oldest first (src/shared/take-check.ts). */
  takeChecks: z.array(takeCheckViewSchema),
  technical: z.object({
    provider: z.string().nullable(),
    model: z.string().nullable(),
    resolution: z.string().nullable(),
    deliveredSeconds: z.number().nullable(),
  }),
});
export type VideoRequestView = z.infer<typeof videoRequestViewSchema>;

/** `GET /api/videos/{id}`. */
export const videoRequestResponseSchema = z.object({ request: videoRequestViewSchema });

/**
 * `POST /api/videos/{id}/finish` (ADR 0033): the new request, and how it was made — a new generation of the same
 * inputs (`regenerate`), since the Gemini API documents no upscale of a stored video — said in pt-BR in `note`.
 */
export const finishVideoResponseSchema = videoRequestResponseSchema.extend({
  method: z.literal('regenerate'),
  note: z.string(),
});
// It names only what every model receives: the seed reaches the local renderer alone (`providerReadsSeed` in seed.ts,
// ADR 0058), so the dialog says apart whether it is sent.
export const FINISH_NOTE =
  'O vídeo é gerado de novo com o mesmo prompt, imagens, elenco, proporção e duração: fica fiel à ideia, mas não é quadro a quadro igual ao rascunho.';

/** `POST /api/videos`: the first request, and every request of the submit (one unless variations were asked). */
export const createVideoResponseSchema = videoRequestResponseSchema.extend({
  group: z.array(videoRequestViewSchema),
});
