import { z } from 'zod';
import {
  ASPECT_RATIOS,
  discountBasePackage,
  MASTER_RESOLUTIONS,
  pricePerCreditCents,
  requestCredits,
} from './catalogue';
import { videoRequestResponseSchema } from './video-request';

const videoRequestViewSchema = videoRequestResponseSchema.shape.request;

/**
 * Roteiro (stories, ADR 0062): one idea planned into a shot list, drafted at 360p shot by shot, finished in one tap
 * and joined into a captioned film. Shared by the board (web), the stories endpoints (server) and the OpenAPI
 * document; the words below are the ones the board shows.
 */

/** An idea is a sentence or a paragraph: long enough to say something, short enough to be one idea. */
export const STORY_IDEA_MIN_LENGTH = 10;
export const STORY_IDEA_MAX_LENGTH = 2000;
/** The story's length the planner aims at (issue: 15–90 s). */
export const STORY_TARGET_MIN_SECONDS = 15;
export const STORY_TARGET_MAX_SECONDS = 90;
export const STORY_DEFAULT_TARGET_SECONDS = 30;
/** A plan has at least one shot and at most as many as a film joins (src/shared/films.ts, FILM_MAX_SCENES). */
const STORY_SHOTS_MIN = 1;
export const STORY_SHOTS_MAX = 20;
export const STORY_SHOT_PROMPT_MAX_LENGTH = 600;
export const STORY_SHOT_FIELD_MAX_LENGTH = 200;
export const STORY_LINE_MAX_LENGTH = 200;
export const STORY_SPEAKER_MAX_LENGTH = 60;
export const STORY_TONE_MAX_LENGTH = 80;
/** Shots of a story share one ratio; the board offers 9:16 first (phones). */
export const STORY_DEFAULT_ASPECT_RATIO = '9:16';

/**
 * How a shot joins the previous one: a straight `cut`, or `continue` — the shot opens on the previous shot's last
 * frame (its first frame), so the picture flows on. The first shot is always a cut.
 */
export const STORY_JOINS = ['cut', 'continue'] as const;
export type StoryJoin = (typeof STORY_JOINS)[number];

/** What 'Finalizar roteiro' may make: each finishing mode, 4K being Quality's 4K master. */
export const STORY_PRICE_MODES = ['draft', 'fast', 'quality', '4k'] as const;
export type StoryPriceMode = (typeof STORY_PRICE_MODES)[number];

export const STORY_MESSAGES = {
  ideaEmpty: 'Escreva a ideia do roteiro.',
  ideaShort: `Conte a ideia com pelo menos ${STORY_IDEA_MIN_LENGTH} caracteres.`,
  ideaLong: `Use no máximo ${STORY_IDEA_MAX_LENGTH.toLocaleString('pt-BR')} caracteres na ideia.`,
  target: `Escolha uma duração entre ${STORY_TARGET_MIN_SECONDS} e ${STORY_TARGET_MAX_SECONDS} segundos.`,
  ratio: 'Escolha uma proporção válida.',
  tone: `Use no máximo ${STORY_TONE_MAX_LENGTH} caracteres no tom.`,
  shotsFew: `O roteiro precisa de pelo menos ${STORY_SHOTS_MIN} cena.`,
  shotsMany: `Use no máximo ${STORY_SHOTS_MAX} cenas no roteiro.`,
  shotPrompt: 'Descreva o que acontece na cena.',
  shotPromptLong: `Use no máximo ${STORY_SHOT_PROMPT_MAX_LENGTH} caracteres na cena.`,
  fieldLong: `Use no máximo ${STORY_SHOT_FIELD_MAX_LENGTH} caracteres.`,
  seconds: 'Escolha uma duração em segundos inteiros.',
  line: 'Escreva a fala.',
  lineLong: `Use no máximo ${STORY_LINE_MAX_LENGTH} caracteres na fala.`,
  speaker: 'Diga quem fala.',
  speakerLong: `Use no máximo ${STORY_SPEAKER_MAX_LENGTH} caracteres no nome de quem fala.`,
  shotTwice: 'Cada cena aparece uma vez só no roteiro.',
  castTwice: 'Escolha cada membro do elenco uma vez.',
  notFound: 'Roteiro não encontrado entre os seus.',
  shotNotFound: 'Cena não encontrada neste roteiro.',
  castNotFound: 'Um membro do elenco escolhido não é seu.',
  /** A length the model of a mode does not make: the lengths it takes, in the order the board lists them. */
  lengthRefused: (position: number, lengths: readonly number[]) =>
    `A cena ${position} tem uma duração que o modelo não faz: use ${lengths.join(', ')} segundos.`,
  tooManyCast: (position: number, max: number) =>
    `A cena ${position} usa mais imagens do elenco do que o modelo aceita (até ${max}).`,
  keyReused: 'Esta chave de envio já foi usada por outra solicitação.',
  nothingToDraft: 'Todas as cenas já têm rascunho: use "Refazer" numa cena para gerar outra versão.',
  notDrafted: (position: number) =>
    `A cena ${position} ainda não tem um rascunho pronto: gere o rascunho antes de finalizar.`,
  nothingKept: 'Marque pelo menos uma cena para finalizar.',
  finishing: 'Este roteiro já está sendo finalizado. Aguarde o filme ficar pronto.',
  takeNotFound: 'Esta versão não é uma das versões desta cena.',
  shotBusy: 'Esta cena ainda está sendo gerada. Aguarde para refazer.',
  insufficientCredits: 'Créditos insuficientes para este roteiro.',
  planFailed: 'Não foi possível planejar o roteiro agora. Tente de novo.',
} as const;

const textField = (max: number, empty: string, long: string) =>
  z.string(empty).trim().min(1, empty).max(max, long);

const storyDialogueSchema = z.strictObject({
  /** Who says it: a cast member's name or a person named in the idea. */
  speaker: textField(STORY_SPEAKER_MAX_LENGTH, STORY_MESSAGES.speaker, STORY_MESSAGES.speakerLong),
  /** The words, exactly as they are spoken and captioned (pt-BR). */
  line: textField(STORY_LINE_MAX_LENGTH, STORY_MESSAGES.line, STORY_MESSAGES.lineLong),
});
export type StoryDialogue = z.infer<typeof storyDialogueSchema>;

const castIdsSchema = z
  .array(z.uuid('Membro do elenco inválido.'))
  .max(STORY_SHOTS_MAX, STORY_MESSAGES.castTwice)
  .refine((ids) => new Set(ids).size === ids.length, STORY_MESSAGES.castTwice);

/** One shot as the planner writes it and the board edits it. */
const shotFields = {
  /** What happens: the action, as one prompt in pt-BR. */
  prompt: textField(STORY_SHOT_PROMPT_MAX_LENGTH, STORY_MESSAGES.shotPrompt, STORY_MESSAGES.shotPromptLong),
  /** Framing and camera ('close-up, câmera na mão'); may be empty. */
  camera: z.string().trim().max(STORY_SHOT_FIELD_MAX_LENGTH, STORY_MESSAGES.fieldLong),
  /** Where it happens; may be empty. */
  setting: z.string().trim().max(STORY_SHOT_FIELD_MAX_LENGTH, STORY_MESSAGES.fieldLong),
  /** Whole seconds, from the lengths the modes' models take (checked by the server: 422 clip_seconds_refused). */
  seconds: z.int(STORY_MESSAGES.seconds).min(1, STORY_MESSAGES.seconds).max(60, STORY_MESSAGES.seconds),
  castIds: castIdsSchema,
  dialogue: storyDialogueSchema.nullable(),
  join: z.enum(STORY_JOINS, 'Escolha como a cena começa: corte ou continuação.'),
};

/**
 * A shot of the PATCH body: `id` of an existing shot keeps its takes (drafts); a shot without `id` is new.
 * `keep: false` leaves the shot out of 'Finalizar roteiro'; `takeId` picks which of its drafts is finished.
 */
const storyShotInputSchema = z.strictObject({
  id: z.uuid('Cena inválida.').optional(),
  ...shotFields,
  camera: shotFields.camera.optional(),
  setting: shotFields.setting.optional(),
  castIds: castIdsSchema.optional(),
  dialogue: storyDialogueSchema.nullable().optional(),
  join: shotFields.join.optional(),
  keep: z.boolean().optional(),
  takeId: z.uuid('Versão inválida.').nullable().optional(),
});

const shotListSchema = z
  .array(storyShotInputSchema, 'Envie a lista de cenas.')
  .min(STORY_SHOTS_MIN, STORY_MESSAGES.shotsFew)
  .max(STORY_SHOTS_MAX, STORY_MESSAGES.shotsMany)
  .refine((shots) => {
    const ids = shots.flatMap((shot) => (shot.id ? [shot.id] : []));
    return new Set(ids).size === ids.length;
  }, STORY_MESSAGES.shotTwice);

const ideaSchema = z
  .string(STORY_MESSAGES.ideaEmpty)
  .trim()
  .min(1, STORY_MESSAGES.ideaEmpty)
  .min(STORY_IDEA_MIN_LENGTH, STORY_MESSAGES.ideaShort)
  .max(STORY_IDEA_MAX_LENGTH, STORY_MESSAGES.ideaLong);
const toneSchema = z.string().trim().max(STORY_TONE_MAX_LENGTH, STORY_MESSAGES.tone);

/** `POST /api/stories`: the idea the planner writes a shot list from. */
export const createStorySchema = z.strictObject({
  idea: ideaSchema,
  aspectRatio: z.enum(ASPECT_RATIOS, STORY_MESSAGES.ratio).default(STORY_DEFAULT_ASPECT_RATIO),
  targetSeconds: z
    .int(STORY_MESSAGES.target)
    .min(STORY_TARGET_MIN_SECONDS, STORY_MESSAGES.target)
    .max(STORY_TARGET_MAX_SECONDS, STORY_MESSAGES.target)
    .default(STORY_DEFAULT_TARGET_SECONDS),
  /** Elenco members the story may cast (characters, products, styles). */
  castIds: castIdsSchema.optional(),
  tone: toneSchema.optional(),
  /** One key per plan asked: sent again (a retry, an API client's Idempotency-Key), it answers the same story. */
  clientKey: z.uuid('Chave de envio inválida.').optional(),
});
export type CreateStoryInput = z.input<typeof createStorySchema>;

/**
 * `PATCH /api/stories/{id}`: the plan as the board now shows it. `shots` is the whole list in its new order
 * (reorder, add, remove and rewrite are one save); every field left out stays as stored.
 */
export const updateStorySchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, 'Dê um título ao roteiro.')
    .max(120, 'Use no máximo 120 caracteres.')
    .optional(),
  tone: toneSchema.optional(),
  shots: shotListSchema.optional(),
});
export type UpdateStoryInput = z.input<typeof updateStorySchema>;

/** `POST /api/stories/{id}/drafts` and `…/shots/{shotId}/reroll`: one key per tap, so a retry makes nothing twice. */
export const storyClientKeySchema = z.strictObject({ clientKey: z.uuid('Chave de envio inválida.') });

/** `POST /api/stories/{id}/finish`: 'Finalizar roteiro' in Fast or Quality (its 4K master with `master: '4k'`). */
export const finishStorySchema = z.strictObject({
  quality: z.enum(['fast', 'quality'], 'Escolha um modo válido para a versão final: Fast ou Quality.'),
  master: z.enum(MASTER_RESOLUTIONS, 'Escolha uma resolução válida: 1080p ou 4K.').optional(),
  /** Captions drawn into the picture as well as the WebVTT track (which the film always has). */
  burnCaptions: z.boolean().optional(),
  clientKey: z.uuid('Chave de envio inválida.'),
});
export type FinishStoryInput = z.input<typeof finishStorySchema>;

/** A price in credits and what those credits cost at the smallest package's price per credit, in cents. */
const priceFigureSchema = z.object({ credits: z.int(), priceCents: z.int() });
type StoryPriceFigure = z.infer<typeof priceFigureSchema>;
const storyPriceSchema = z.object({
  draft: priceFigureSchema,
  fast: priceFigureSchema,
  quality: priceFigureSchema,
  '4k': priceFigureSchema,
});
export type StoryPrice = z.infer<typeof storyPriceSchema>;

/**
 * Credits → R$: the smallest package's price per credit (what the pricing page shows beside every package, ADR
 * 0029), rounded to the cent. Bigger packages and plans pay less per credit, so this is the most a story costs.
 */
function creditsPriceCents(credits: number): number {
  return Math.round(credits * pricePerCreditCents(discountBasePackage()));
}

function modeCredits(mode: StoryPriceMode, seconds: number): number {
  if (mode === '4k') return requestCredits({ quality: 'quality', clipSeconds: seconds, resolution: '4k' });
  return requestCredits({ quality: mode, clipSeconds: seconds });
}

/**
 * What a story costs per mode: each shot is its own request, priced as the create page prices one
 * (`requestCredits`, rounded up per shot). Drafting prices every shot; finishing only the kept ones.
 */
export function storyPrice(shots: readonly { seconds: number; keep?: boolean }[]): StoryPrice {
  const figure = (mode: StoryPriceMode): StoryPriceFigure => {
    const priced = mode === 'draft' ? shots : shots.filter((shot) => shot.keep !== false);
    const credits = priced.reduce((sum, shot) => sum + modeCredits(mode, shot.seconds), 0);
    return { credits, priceCents: creditsPriceCents(credits) };
  };
  return { draft: figure('draft'), fast: figure('fast'), quality: figure('quality'), '4k': figure('4k') };
}

/** The one take's credits, as a shot's draft or finish is charged. */
export function shotCredits(mode: StoryPriceMode, seconds: number): number {
  return modeCredits(mode, seconds);
}

const storyShotSchema = z.object({
  id: z.string(),
  position: z.int(),
  ...shotFields,
  castIds: z.array(z.string()),
  dialogue: z.object({ speaker: z.string(), line: z.string() }).nullable(),
  keep: z.boolean(),
  /** Every draft of this shot (first, then re-rolls), oldest first. */
  takeIds: z.array(z.string()),
  /** The take 'Finalizar roteiro' finishes: the one picked, else the newest completed; null before any. */
  takeId: z.string().nullable(),
  /** The current take's video request (as `GET /api/videos/{id}` answers it), once drafted. */
  request: videoRequestViewSchema.nullable(),
});
export type StoryShot = z.infer<typeof storyShotSchema>;

/**
 * Derived, never stored: a story is `plan` until drafted, `drafting` while a shot's take runs, `review` once
 * every shot has a completed or failed take, `finishing` while its film is made, `finished` with a film.
 */
export const STORY_STATUSES = ['plan', 'drafting', 'review', 'finishing', 'finished'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

/** What the modes' models take per shot (src/shared/video-models.ts, each fact with its source). */
const storyModelFactsSchema = z.object({
  /** Shot lengths every mode's model takes, in seconds. */
  clipSecondsChoices: z.array(z.int()),
  /** Reference images a shot may carry (each cast member brings its images). */
  referencesPerShot: z.int(),
  /** Whether the models speak a line written into the prompt (with audio). */
  speaks: z.boolean(),
});
export type StoryModelFacts = z.infer<typeof storyModelFactsSchema>;

const storySchema = z.object({
  id: z.string(),
  title: z.string(),
  idea: z.string(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  targetSeconds: z.int(),
  tone: z.string().nullable(),
  castIds: z.array(z.string()),
  /** Who wrote the plan: `rules` (local mode's planner) or the Gemini text model's id. */
  plannedBy: z.string(),
  status: z.enum(STORY_STATUSES),
  shots: z.array(storyShotSchema),
  /** The sum of the shots' lengths. */
  totalSeconds: z.int(),
  price: storyPriceSchema,
  model: storyModelFactsSchema,
  /** The film 'Finalizar roteiro' made (a video request of kind `film`), newest; null before. */
  film: videoRequestViewSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Story = z.infer<typeof storySchema>;

export const storyResponseSchema = z.object({ story: storySchema });

/** `GET /api/stories`: the user's stories, newest first, without their requests. */
const storySummarySchema = storySchema
  .pick({ id: true, title: true, aspectRatio: true, status: true, totalSeconds: true, createdAt: true })
  .extend({ shots: z.int(), thumbnailUrl: z.string().nullable() });
export const storyListSchema = z.object({ items: z.array(storySummarySchema) });

/** `POST /api/stories/{id}/drafts`: the story and the takes this call started (none on a replay). */
export const storyDraftsResponseSchema = storyResponseSchema.extend({ requestIds: z.array(z.string()) });
