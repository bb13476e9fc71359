import { z } from 'zod';
import { PROMPT_MIN_LENGTH, VIDEO_LENGTH_SECONDS } from './catalogue';
import { PROMPT_MAX_LENGTH } from './video-request';
import type { VideoStatus } from './video-status';

/**
 * Longer and directed videos: extensions, edits by instruction, first/last frame and reference images.
 *
 * What each video model can do is kept once here, each fact with its source, so the server's checks (409 before
 * any hold) and the web's disabled buttons say the same thing. Cena joins the parts itself when a provider returns
 * only part of the video, so a download is always the whole video.
 */

export type VideoModelFamily = 'local' | 'gemini-omni' | 'veo-3.1';

export interface ExtensionCapability {
  /** Seconds one extension adds. */
  stepSeconds: number;
  /** The longest video Cena lets a chain reach with this model. */
  maxTotalSeconds: number;
  /** How long after its completion a source can still be extended (the provider keeps it that long); null: always. */
  sourceMaxAgeHours: number | null;
  /** Source resolutions (height) the model extends; null: any. */
  sourceHeights: readonly number[] | null;
  /**
   * What the provider returns: only the new part (`new-part`), or the last `tailSeconds` of the input with the new
   * part appended (`tail-and-new-part`). Cena keeps the head of the source that the answer does not contain.
   */
  result: { kind: 'new-part' } | { kind: 'tail-and-new-part'; tailSeconds: number };
}

export interface DirectingCapabilities {
  firstFrame: boolean;
  /** A last frame is only ever accepted together with a first frame. */
  lastFrame: boolean;
  referenceImagesMax: number;
  extension: ExtensionCapability | null;
  /** Edit by instruction; `maxSourceSeconds` null: any length. */
  edit: { maxSourceSeconds: number | null; sourceMaxAgeHours: number | null } | null;
}

export const VIDEO_CAPABILITIES: Record<VideoModelFamily, DirectingCapabilities> = {
  /** Cena's offline renderer: appends an 8 s segment, re-renders the whole length for an edit. */
  local: {
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
  },
  /**
   * Gemini Omni Flash on the Interactions API (ai.google.dev/gemini-api/docs/omni, read 2026-11-23):
   * - extend and edit a generated video by `previous_interaction_id` of a stored interaction (`store: false`
   *   makes it not editable); `generation_config.video_config.task` may be `extend` | `edit` (optional, "adds
   *   constraints");
   * - "The model analyzes the input video to generate a 3–10 second continuation", "extend videos by 10s, up to a
   *   total length of 40s", using the last 10 s as context; "some of the final frames in your input video will be
   *   edited to make the transition seamless";
   * - Vertex AI's extend page (docs.cloud.google.com/gemini-enterprise-agent-platform/models/video/extend-videos)
   *   says the extension "concatenates it onto up to the last 30 seconds of the input video": the answer is the
   *   tail (≤ 30 s) plus the new part, so Cena keeps the head before it;
   * - first frame + last frame are two images (`<FIRST_FRAME>`, `<LAST_FRAME>`, the last "must be used with
   *   <FIRST_FRAME>"), reference images are `<IMAGE_REF_N>` parts; Cena offers three.
   * The docs name no age limit for stored interactions and no resolution limit on extension.
   */
  'gemini-omni': {
    firstFrame: true,
    lastFrame: true,
    referenceImagesMax: 3,
    extension: {
      stepSeconds: VIDEO_LENGTH_SECONDS,
      maxTotalSeconds: 40,
      sourceMaxAgeHours: null,
      sourceHeights: null,
      result: { kind: 'tail-and-new-part', tailSeconds: 30 },
    },
    edit: { maxSourceSeconds: 40, sourceMaxAgeHours: null },
  },
  /**
   * Veo 3.1 on `:predictLongRunning` (ai.google.dev/gemini-api/docs/video, Veo 3.1 section): extension adds 7 s,
   * up to 20 times, input up to 141 s, 720p only, only Veo-generated videos kept on Google's servers for 2 days;
   * the output is the input and the extension as one video. Up to 3 reference images (`asset`); `lastFrame` needs
   * `image`; all at 8 s. No edit by instruction.
   */
  'veo-3.1': {
    firstFrame: true,
    lastFrame: true,
    referenceImagesMax: 3,
    extension: {
      stepSeconds: 7,
      maxTotalSeconds: 148,
      sourceMaxAgeHours: 48,
      sourceHeights: [720],
      result: { kind: 'tail-and-new-part', tailSeconds: 141 },
    },
    edit: null,
  },
};

export const MAX_REFERENCE_IMAGES = 3;

export const INSTRUCTION_MIN_LENGTH = 3;
export const INSTRUCTION_MAX_LENGTH = 500;

export const extendVideoRequestSchema = z.strictObject({
  prompt: z
    .string()
    .trim()
    .min(PROMPT_MIN_LENGTH, 'Muito curto')
    .max(PROMPT_MAX_LENGTH, `Use no máximo ${PROMPT_MAX_LENGTH} caracteres.`),
  clientKey: z.uuid('Chave de envio inválida.'),
});
export type ExtendVideoRequestInput = z.infer<typeof extendVideoRequestSchema>;

export const editVideoRequestSchema = z.strictObject({
  instruction: z
    .string()
    .trim()
    .min(INSTRUCTION_MIN_LENGTH, 'Muito curto')
    .max(INSTRUCTION_MAX_LENGTH, `Use no máximo ${INSTRUCTION_MAX_LENGTH} caracteres.`),
  clientKey: z.uuid('Chave de envio inválida.'),
});
export type EditVideoRequestInput = z.infer<typeof editVideoRequestSchema>;

/** How a request came to be: a new video, an extension of another, or an edit of another. */
export type VideoRequestKind = 'original' | 'extension' | 'edit';

/** What the extend/edit rules read of a source request. */
export interface DerivationSource {
  status: VideoStatus;
  completedAt: string | Date | null;
  durationSeconds: number | null;
  /** `{width}x{height}` of the delivered video. */
  resolution: string | null;
}

export const DERIVATION_REFUSALS = {
  notCompleted: 'Só é possível alterar um vídeo concluído.',
  tooOld: 'Este vídeo é antigo demais para o modelo continuar ou editar.',
  maxLength: (seconds: number) => `Este vídeo já tem a duração máxima de ${seconds} segundos.`,
  resolution: 'O modelo atual não estende vídeos nesta resolução.',
  extensionUnsupported: 'O modelo atual não estende vídeos.',
  editUnsupported: 'O modelo atual não edita vídeos por instrução.',
  editTooLong: (seconds: number) => `O modelo atual edita vídeos de até ${seconds} segundos.`,
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

/** Why this source cannot be extended with this model, in pt-BR; undefined when it can. */
export function extensionRefusal(
  source: DerivationSource,
  capabilities: DirectingCapabilities,
  now: Date = new Date(),
): string | undefined {
  const extension = capabilities.extension;
  if (!extension) return DERIVATION_REFUSALS.extensionUnsupported;
  if (source.status !== 'completed') return DERIVATION_REFUSALS.notCompleted;
  if (
    extension.sourceMaxAgeHours !== null &&
    ageHours(source.completedAt, now) > extension.sourceMaxAgeHours
  ) {
    return DERIVATION_REFUSALS.tooOld;
  }
  if ((source.durationSeconds ?? 0) + extension.stepSeconds > extension.maxTotalSeconds + 0.5) {
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
  if (edit.sourceMaxAgeHours !== null && ageHours(source.completedAt, now) > edit.sourceMaxAgeHours) {
    return DERIVATION_REFUSALS.tooOld;
  }
  if (edit.maxSourceSeconds !== null && (source.durationSeconds ?? 0) > edit.maxSourceSeconds + 0.5) {
    return DERIVATION_REFUSALS.editTooLong(edit.maxSourceSeconds);
  }
  return undefined;
}

/** The length after one more extension, for the cost summary ("total length after"). */
export function lengthAfterExtension(source: DerivationSource, capabilities: DirectingCapabilities): number {
  return Math.round((source.durationSeconds ?? 0) + (capabilities.extension?.stepSeconds ?? 0));
}

export const FIRST_FRAME_REQUIRED_FOR_LAST = 'Escolha um primeiro quadro para usar um último quadro.';
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
  if (inputs.referenceImages > max) problems.referenceImages = TOO_MANY_REFERENCE_IMAGES;
  return problems;
}

/** One entry of a video's timeline (`GET /api/videos/{id}/versions`). */
export interface VideoVersion {
  id: string;
  /** The request it extends or edits; null for the original. */
  sourceRequestId: string | null;
  kind: VideoRequestKind;
  /** The prompt, what happens next (extension) or the instruction (edit). */
  prompt: string;
  status: VideoStatus;
  durationSeconds: number | null;
  creditsUsed: number;
  createdAt: string;
}

/**
 * What the create form offers before it knows which model serves the request: a first frame, a last frame and up to
 * three references. The server checks the configured model's own entry again and answers in pt-BR.
 */
export const OFFERED_DIRECTING: DirectingCapabilities = {
  firstFrame: true,
  lastFrame: true,
  referenceImagesMax: MAX_REFERENCE_IMAGES,
  extension: null,
  edit: null,
};
