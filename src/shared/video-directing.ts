import { z } from 'zod';
import { PROMPT_MIN_LENGTH, VIDEO_LENGTH_SECONDS } from './catalogue';
import {
  clipLengthChoices,
  DEFAULT_VIDEO_MODELS,
  type EditCapability,
  type ExtensionCapability,
  PROVIDER_RESOLUTIONS,
  type ProviderResolution,
  type VideoModelFacts,
} from './video-models';
import {
  type Continuation,
  PROMPT_MAX_LENGTH,
  VIDEO_REQUEST_KINDS,
  videoModeAvailabilitySchema,
} from './video-request';
import { VIDEO_STATUSES, type VideoStatus } from './video-status';

/**
 * Longer and directed videos: extensions, edits by instruction, first/last frame and reference images.
 *
 * What each video model can do is kept once here, each fact with its source, so the server's checks (409 before
 * any hold) and the web's disabled buttons say the same thing. Cena joins the parts itself when a provider returns
 * only part of the video, so a download is always the whole video.
 */

export interface DirectingCapabilities {
  firstFrame: boolean;
  /** A last frame is only ever accepted together with a first frame. */
  lastFrame: boolean;
  referenceImagesMax: number;
  extension: ExtensionCapability | null;
  edit: EditCapability | null;
  /** The operation-name prefix of a source this model can continue (its own stored generations); null: any. */
  continuesFrom: string | null;
  /** The clip lengths the model takes, in seconds (video-models.ts `clipLengthChoices`). */
  clipSecondsChoices: readonly number[];
  /** The output resolutions the model lists. */
  resolutions: readonly ProviderResolution[];
}

/**
 * What a catalogued model can direct (src/shared/video-models.ts, each fact with its source). Extension and edit
 * are offered on the Interactions API only: they continue the source's stored interaction. Veo extends only a
 * video it generated that is still on Google's servers (2 days), which Cena does not keep a handle to.
 */
export function directingCapabilities(
  facts: VideoModelFacts,
  /** OMNI_12_MAX_CLIP_SECONDS: Omni 1.2's longest clip once the operator has verified it (video-models.ts). */
  omni12MaxSeconds?: number,
): DirectingCapabilities {
  const continues = facts.endpoint === 'interactions';
  return {
    firstFrame: facts.inputs.image,
    lastFrame: facts.inputs.firstAndLastFrame,
    referenceImagesMax: facts.inputs.referenceImages,
    extension: (continues && facts.inputs.extension) || null,
    edit: (continues && facts.inputs.edit) || null,
    continuesFrom: 'interactions/',
    clipSecondsChoices: clipLengthChoices(facts.id, omni12MaxSeconds),
    resolutions: facts.resolutions as readonly ProviderResolution[],
  };
}

/** Cena's offline renderer: appends an 8 s segment (only the new part, joined by Cena), re-renders an edit. */
export const LOCAL_RENDERER_CAPABILITIES: DirectingCapabilities = {
  firstFrame: true,
  lastFrame: true,
  referenceImagesMax: 3,
  extension: {
    stepSeconds: VIDEO_LENGTH_SECONDS,
    maxTotalSeconds: 120,
    sourceMaxAgeHours: null,
    sourceHeights: null,
    result: { kind: 'new-part' },
  },
  edit: { maxSourceSeconds: null, sourceMaxAgeHours: null },
  // It extends the stored video itself, whoever generated it.
  continuesFrom: null,
  // It renders whatever the default model takes, so local mode tries every length and resolution without a key.
  clipSecondsChoices: clipLengthChoices(DEFAULT_VIDEO_MODELS.fast),
  resolutions: PROVIDER_RESOLUTIONS,
};

/** A model id the catalogue does not know gets a first frame only: nothing the docs do not promise is offered. */
export const FIRST_FRAME_ONLY: DirectingCapabilities = {
  firstFrame: true,
  lastFrame: false,
  referenceImagesMax: 0,
  extension: null,
  edit: null,
  continuesFrom: null,
  clipSecondsChoices: [VIDEO_LENGTH_SECONDS],
  resolutions: ['720p', '1080p'],
};

export const MAX_REFERENCE_IMAGES = 3;

export const INSTRUCTION_MIN_LENGTH = 3;
export const INSTRUCTION_MAX_LENGTH = 500;

export const extendVideoRequestSchema = z.strictObject({
  prompt: z
    .string()
    .trim()
    .min(
      PROMPT_MIN_LENGTH,
      `Descreva o que acontece a seguir com pelo menos ${PROMPT_MIN_LENGTH} caracteres.`,
    )
    .max(PROMPT_MAX_LENGTH, `Use no máximo ${PROMPT_MAX_LENGTH} caracteres.`),
  clientKey: z.uuid('Chave de envio inválida.'),
});

export const editVideoRequestSchema = z.strictObject({
  instruction: z
    .string()
    .trim()
    .min(INSTRUCTION_MIN_LENGTH, `Escreva a instrução com pelo menos ${INSTRUCTION_MIN_LENGTH} caracteres.`)
    .max(INSTRUCTION_MAX_LENGTH, `Use no máximo ${INSTRUCTION_MAX_LENGTH} caracteres.`),
  clientKey: z.uuid('Chave de envio inválida.'),
});

/** What the extend/edit rules read of a source request. */
export interface DerivationSource {
  status: VideoStatus;
  completedAt: string | Date | null;
  deliveredSeconds: number | null;
  /** `{width}x{height}` of the delivered video. */
  resolution: string | null;
  /** The provider's name for its generation (`interactions/{id}`, `local/{id}`). */
  operationName: string | null;
  /**
   * A film Cena joined from shots (a new-shot extension, or one of its descendants): the model's stored take is only
   * its last shot, so the model can neither continue nor edit the film as a whole.
   */
  joinedShots?: boolean;
}

/**
 * How long a film can grow by extension: 'Estender' works until the video reaches 5 minutes (the last extension
 * may pass it by one clip). The provider's own chain ends sooner (Omni: 40 s, the catalogue's `maxTotalSeconds`);
 * past it Cena continues with a new shot from the last frame, joined by appending only the new part, so the length
 * is Cena's limit, not the model's.
 */
export const FILM_MAX_SECONDS = 5 * 60;

export const DERIVATION_REFUSALS = {
  notCompleted: 'Só é possível alterar um vídeo concluído.',
  tooOld: 'Este vídeo é antigo demais para o modelo continuar ou editar.',
  maxLength: (seconds: number) => `Este vídeo já tem a duração máxima de ${seconds} segundos.`,
  resolution: 'O modelo atual não estende vídeos nesta resolução.',
  extensionUnsupported: 'O modelo atual não estende vídeos.',
  editUnsupported: 'O modelo atual não edita vídeos por instrução.',
  editTooLong: (seconds: number) => `O modelo atual edita vídeos de até ${seconds} segundos.`,
  otherModel: 'Este vídeo foi gerado por outro modelo, que o modelo atual não consegue continuar nem editar.',
  editJoinedShots: 'Este vídeo junta tomadas diferentes, e o modelo só edita uma tomada por vez.',
  filmMaxLength: `Este vídeo já chegou a ${FILM_MAX_SECONDS / 60} minutos, a duração máxima de um filme na Cena.`,
} as const;

function ageHours(completedAt: string | Date | null, now: Date): number {
  if (!completedAt) return Number.POSITIVE_INFINITY;
  return (now.getTime() - new Date(completedAt).getTime()) / 3_600_000;
}

function heightOf(resolution: string | null): number | undefined {
  const match = /^(\d+)x(\d+)$/.exec(resolution ?? '');
  if (!match) return undefined;
  // The short side names the resolution (720p is 1280x720 and 720x1280).
  return Math.min(Number(match[1]), Number(match[2]));
}

function continuable(source: DerivationSource, capabilities: DirectingCapabilities): boolean {
  return (
    capabilities.continuesFrom === null ||
    Boolean(source.operationName?.startsWith(capabilities.continuesFrom))
  );
}

/** Why this source cannot be extended with this model, in pt-BR; undefined when it can. */
export function extensionRefusal(
  source: DerivationSource,
  capabilities: DirectingCapabilities,
  now: Date = new Date(),
): string | undefined {
  const extension = capabilities.extension;
  if (!extension) return DERIVATION_REFUSALS.extensionUnsupported;
  if (source.status !== 'completed') return DERIVATION_REFUSALS.notCompleted;
  if (!continuable(source, capabilities)) return DERIVATION_REFUSALS.otherModel;
  if (
    extension.sourceMaxAgeHours !== null &&
    ageHours(source.completedAt, now) > extension.sourceMaxAgeHours
  ) {
    return DERIVATION_REFUSALS.tooOld;
  }
  if ((source.deliveredSeconds ?? 0) + extension.stepSeconds > extension.maxTotalSeconds + 0.5) {
    return DERIVATION_REFUSALS.maxLength(extension.maxTotalSeconds);
  }
  const height = heightOf(source.resolution);
  if (extension.sourceHeights && (height === undefined || !extension.sourceHeights.includes(height))) {
    return DERIVATION_REFUSALS.resolution;
  }
  return undefined;
}

/** Why this source cannot be edited with this model, in pt-BR; undefined when it can. */
export function editRefusal(
  source: DerivationSource,
  capabilities: DirectingCapabilities,
  now: Date = new Date(),
): string | undefined {
  const edit = capabilities.edit;
  if (!edit) return DERIVATION_REFUSALS.editUnsupported;
  if (source.status !== 'completed') return DERIVATION_REFUSALS.notCompleted;
  if (source.joinedShots) return DERIVATION_REFUSALS.editJoinedShots;
  if (!continuable(source, capabilities)) return DERIVATION_REFUSALS.otherModel;
  if (edit.sourceMaxAgeHours !== null && ageHours(source.completedAt, now) > edit.sourceMaxAgeHours) {
    return DERIVATION_REFUSALS.tooOld;
  }
  if (edit.maxSourceSeconds !== null && (source.deliveredSeconds ?? 0) > edit.maxSourceSeconds + 0.5) {
    return DERIVATION_REFUSALS.editTooLong(edit.maxSourceSeconds);
  }
  return undefined;
}

export type ExtensionPlan =
  | { allowed: true; continuation: Continuation; lengthAfterSeconds: number }
  | { allowed: false; refusal: string };

/**
 * What 'Estender' does with this source now: continue the same take when the model can (extensionRefusal) and the
 * video is one take, else a new shot from the last frame (so a film, once joined from shots, continues with
 * shots); refused only for an unfinished source, a film at FILM_MAX_SECONDS, or a shot model that takes no first
 * frame. The server decides with it before any hold and the web shows its answer.
 */
export function extensionPlan(
  source: DerivationSource,
  capabilities: DirectingCapabilities,
  now: Date = new Date(),
  /** The model a new shot would be made by (the mode's of today); `capabilities` are the source's model's. */
  shotCapabilities: DirectingCapabilities = capabilities,
): ExtensionPlan {
  if (source.status !== 'completed') return { allowed: false, refusal: DERIVATION_REFUSALS.notCompleted };
  const seconds = source.deliveredSeconds ?? 0;
  if (seconds >= FILM_MAX_SECONDS - 0.5)
    return { allowed: false, refusal: DERIVATION_REFUSALS.filmMaxLength };
  const sameTake = extensionRefusal(source, capabilities, now);
  if (!sameTake && !source.joinedShots && capabilities.extension) {
    return {
      allowed: true,
      continuation: 'same-take',
      lengthAfterSeconds: Math.round(seconds + capabilities.extension.stepSeconds),
    };
  }
  if (!shotCapabilities.firstFrame) {
    return { allowed: false, refusal: sameTake ?? DERIVATION_REFUSALS.extensionUnsupported };
  }
  // A new shot is one clip; Cena's crossfade at the cut takes a fraction of a second off the sum.
  return {
    allowed: true,
    continuation: 'new-shot',
    lengthAfterSeconds: Math.round(seconds + VIDEO_LENGTH_SECONDS),
  };
}

export const REFERENCE_IMAGES_UNSUPPORTED = 'O modelo atual não aceita imagens de referência.';
const FIRST_FRAME_REQUIRED_FOR_LAST = 'Escolha um primeiro quadro para usar um último quadro.';
export const TOO_MANY_REFERENCE_IMAGES = `Use no máximo ${MAX_REFERENCE_IMAGES} imagens de referência.`;
export const LAST_FRAME_UNSUPPORTED = 'O modelo atual não aceita último quadro.';

/** The create form's image rules that depend on the model (sizes and types are checked per file). */
export function directingProblems(
  inputs: { firstFrame: boolean; lastFrame: boolean; referenceImages: number },
  capabilities: DirectingCapabilities,
): { lastFrame?: string; referenceImages?: string } {
  const problems: { lastFrame?: string; referenceImages?: string } = {};
  if (inputs.lastFrame && !capabilities.lastFrame) problems.lastFrame = LAST_FRAME_UNSUPPORTED;
  else if (inputs.lastFrame && !inputs.firstFrame) problems.lastFrame = FIRST_FRAME_REQUIRED_FOR_LAST;
  const max = Math.min(MAX_REFERENCE_IMAGES, capabilities.referenceImagesMax);
  if (inputs.referenceImages > max) {
    problems.referenceImages =
      max === 0
        ? REFERENCE_IMAGES_UNSUPPORTED
        : max === MAX_REFERENCE_IMAGES
          ? TOO_MANY_REFERENCE_IMAGES
          : `O modelo atual aceita no máximo ${max} imagens de referência.`;
  }
  return problems;
}

/** One entry of a video's timeline. */
const videoVersionSchema = z.object({
  id: z.string(),
  /** The request it extends or edits; null for the original. */
  sourceRequestId: z.string().nullable(),
  kind: z.enum(VIDEO_REQUEST_KINDS),
  /** The prompt, what happens next (extension) or the instruction (edit). */
  prompt: z.string(),
  status: z.enum(VIDEO_STATUSES),
  deliveredSeconds: z.number().nullable(),
  creditsUsed: z.int(),
  createdAt: z.iso.datetime(),
});
export type VideoVersion = z.infer<typeof videoVersionSchema>;

/** `GET /api/videos/{id}/versions`: the original, edits and extensions (branches included), oldest first. */
export const videoVersionsResponseSchema = z.object({ items: z.array(videoVersionSchema) });

/**
 * What the create form offers before it knows which model serves the request: a first frame, a last frame and up to
 * three references. The server checks the configured model's own entry again and answers in pt-BR.
 */
const OFFERED_DIRECTING: DirectingCapabilities = {
  firstFrame: true,
  lastFrame: true,
  referenceImagesMax: MAX_REFERENCE_IMAGES,
  extension: null,
  edit: null,
  continuesFrom: null,
  clipSecondsChoices: clipLengthChoices(DEFAULT_VIDEO_MODELS.fast),
  resolutions: PROVIDER_RESOLUTIONS,
};

/** What the model that serves a mode accepts on the create form, so the form shows the rest disabled with why. */
const directingOfferSchema = z.object({
  lastFrame: z.boolean(),
  referenceImagesMax: z.int(),
  /** The clip lengths the mode's model makes, in seconds (ADR 0033). */
  clipSecondsChoices: z.array(z.int()),
  resolutions: z.array(z.enum(PROVIDER_RESOLUTIONS)),
});
export type DirectingOffer = z.infer<typeof directingOfferSchema>;

export function directingOffer(capabilities: DirectingCapabilities): DirectingOffer {
  return {
    lastFrame: capabilities.lastFrame,
    referenceImagesMax: Math.min(MAX_REFERENCE_IMAGES, capabilities.referenceImagesMax),
    clipSecondsChoices: [...capabilities.clipSecondsChoices],
    resolutions: [...capabilities.resolutions],
  };
}

/** The form's rules for a mode: what the server said its model accepts, else everything Cena offers. */
export function offeredDirecting(offer: Partial<DirectingOffer> | undefined): DirectingCapabilities {
  return offer ? { ...OFFERED_DIRECTING, ...offer } : OFFERED_DIRECTING;
}

/** `GET /api/videos/availability`: which modes can be created now, and what each mode's model accepts. */
export const videoAvailabilitySchema = z.object({
  modes: videoModeAvailabilitySchema,
  directing: z.object({
    draft: directingOfferSchema,
    fast: directingOfferSchema,
    quality: directingOfferSchema,
  }),
});
export type VideoAvailability = z.infer<typeof videoAvailabilitySchema>;
