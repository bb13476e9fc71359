import {
  type PollResult,
  ProviderError,
  type ProviderImage,
  type VideoGenerationInput,
} from '#server/video-providers/video-providers.server';
import { withExclusions } from '#shared/prompt-preview';
import { type GeminiClient, provablyNotAccepted } from './gemini-client.server';

/**
 * Gemini Omni Flash on the Interactions API (https://ai.google.dev/gemini-api/docs/omni, `@google/genai` 3.1.0):
 * `POST {base}/interactions` with `model`, `input` (text, or content parts with the image first),
 * `response_format` {type "video", aspect_ratio, resolution, duration "8s", delivery "uri"}, `background: true`
 * (answer at once, generate behind) and `store: true` (later edits continue it by `previous_interaction_id`);
 * then `GET {base}/interactions/{id}` until a final status. The video is a `video` content part of a
 * `model_output` step: a `uri`, or base64 `data` (the guide notes that `GET` answers inline data even when the
 * interaction asked for a URI, so both are read). A completed interaction with no video is the safety filter.
 */

/** Stored as the request's operation name, so a resumed run knows which API to ask. */
export const INTERACTION_PREFIX = 'interactions/';
const INTERACTION_ID = /^[A-Za-z0-9_-]{1,200}$/;

// InteractionStatus in `@google/genai` 3.1.0: in_progress | requires_action | completed | failed | cancelled |
// incomplete | budget_exceeded | queued | requires_continuation. The two `requires_*` wait for the client (a tool
// result, a continuation) with the interaction still open: Cena sends neither, so it ends there, stopped.
const RUNNING = new Set(['in_progress', 'queued']);
const WAITING_FOR_CLIENT = new Set(['requires_action', 'requires_continuation']);

interface ContentPart {
  type?: string;
  uri?: string | null;
  data?: string | null;
  text?: string;
}
interface Interaction {
  id?: string;
  status?: string;
  steps?: {
    type?: string;
    content?: ContentPart[] | null;
    error?: { code?: number; message?: string } | null;
  }[];
  error?: { code?: number; message?: string };
}

function promptText(input: VideoGenerationInput): string {
  return withExclusions(input.prompt, input.negativePrompt);
}

type ImagePart = { type: 'image'; data: string; mime_type: string };
type TextPart = { type: 'text'; text: string };

function imagePart(image: ProviderImage): ImagePart {
  return { type: 'image', data: image.bytes.toString('base64'), mime_type: image.mimeType };
}

/**
 * The images of a new video, each after the tag the guide names it by (OMNI_GUIDE "First and last frame
 * interpolation": a first and a last frame, the last only with the first; "Reference images": `<IMAGE_REF_N>`),
 * then the prompt. A lone first frame goes first, untagged, as the guide's image-to-video example sends it — Omni
 * then reads from the prompt whether it opens the video or only guides it — except the last frame of a film being
 * continued, which must open the new shot and so is tagged `<FIRST_FRAME>`.
 */
function inputParts(input: VideoGenerationInput, text: string): (ImagePart | TextPart)[] | string {
  const references = input.referenceImages ?? [];
  if (!input.image && references.length === 0) return text;
  const parts: (ImagePart | TextPart)[] = [];
  const tagged = input.lastFrame || references.length > 0 || input.continuesShot;
  if (input.image && !tagged) parts.push(imagePart(input.image));
  else {
    if (input.image) parts.push({ type: 'text', text: '<FIRST_FRAME>' }, imagePart(input.image));
    if (input.image && input.lastFrame)
      parts.push({ type: 'text', text: '<LAST_FRAME>' }, imagePart(input.lastFrame));
    for (const [index, image] of references.entries()) {
      parts.push({ type: 'text', text: `<IMAGE_REF_${index + 1}>` }, imagePart(image));
    }
  }
  parts.push({ type: 'text', text });
  return parts;
}

function newVideoBody(model: string, input: VideoGenerationInput) {
  return {
    model,
    input: inputParts(input, promptText(input)),
    response_format: {
      type: 'video' as const,
      aspect_ratio: input.aspectRatio,
      // SDK_310 `VideoResponseFormat` (src/shared/video-models.ts): resolution 360p|720p|1080p|4k, duration "Ns".
      resolution: input.resolution,
      duration: `${input.clipSeconds}s`,
      // Over 4 MB (anything above 720p) the guide asks for URI delivery.
      delivery: 'uri' as const,
    },
    background: true,
    store: true,
  };
}

/**
 * An extension or an edit continues the source's stored interaction (OMNI_GUIDE "Stateful video editing":
 * `previous_interaction_id`; `generation_config.video_config.task` `extend` | `edit`, `@google/genai` 3.1.0
 * `VideoConfig`). An extension asks for Cena's clip length as the continuation (3–10 s, the catalogue's
 * `omniExtension`) and is answered with the source's tail and the new part, which the pipeline joins to the head;
 * an edit follows its source's length and ratio, so it names neither. The text is the user's own words: what
 * happens next, or the instruction.
 */
function derivedBody(
  model: string,
  input: VideoGenerationInput,
  derivation: NonNullable<VideoGenerationInput['derivation']>,
) {
  const source = derivation.sourceOperationName ?? '';
  const previous = source.slice(INTERACTION_PREFIX.length);
  if (!source.startsWith(INTERACTION_PREFIX) || !INTERACTION_ID.test(previous)) {
    throw new ProviderError(`the source ${JSON.stringify(source)} is not a stored Omni interaction`);
  }
  const extend = derivation.kind === 'extend';
  return {
    model,
    previous_interaction_id: previous,
    input: input.userPrompt,
    response_format: {
      type: 'video' as const,
      resolution: input.resolution,
      ...(extend ? { aspect_ratio: input.aspectRatio, duration: `${input.clipSeconds}s` } : {}),
      delivery: 'uri' as const,
    },
    generation_config: { video_config: { task: derivation.kind } },
    background: true,
    store: true,
  };
}

export class OmniInteractions {
  constructor(private readonly client: GeminiClient) {}

  async submit(model: string, input: VideoGenerationInput, signal?: AbortSignal): Promise<string> {
    const body = input.derivation ? derivedBody(model, input, input.derivation) : newVideoBody(model, input);
    const created = (await this.client.withRetries(
      'interactions.create',
      () => this.client.sdk.interactions.create(body, this.client.sdkRequestOptions),
      signal,
      provablyNotAccepted,
    )) as Interaction;
    if (typeof created.id !== 'string' || !INTERACTION_ID.test(created.id)) {
      throw new ProviderError('the Interactions API answered without a valid interaction id');
    }
    return `${INTERACTION_PREFIX}${created.id}`;
  }

  /**
   * `interactions.cancel` ("only applies to background interactions that are still running", `@google/genai`
   * 3.1.0). A 400 FAILED_PRECONDITION means it finished meanwhile — perhaps with the video, which must be read,
   * not deleted — and a 404 that it is gone: `finished` either way, and nothing is deleted here.
   */
  async cancel(operationName: string, signal?: AbortSignal): Promise<'cancelled' | 'finished'> {
    const id = operationName.slice(INTERACTION_PREFIX.length);
    if (!INTERACTION_ID.test(id)) throw new ProviderError(`invalid interaction id ${JSON.stringify(id)}`);
    try {
      await this.client.withRetries(
        'interactions.cancel',
        () => this.client.sdk.interactions.cancel(id, {}, this.client.sdkRequestOptions),
        signal,
      );
      return 'cancelled';
    } catch (error) {
      if (error instanceof ProviderError && (error.status === 400 || error.status === 404)) return 'finished';
      throw error;
    }
  }

  /**
   * `interactions.delete`: Google keeps a stored interaction — its input (prompt, images) and its video — 55 days
   * otherwise ([RETENTION] in the fake's sources). One already gone (expired, or deleted before) is a 404: done.
   */
  async forget(operationName: string, signal?: AbortSignal): Promise<void> {
    const id = operationName.slice(INTERACTION_PREFIX.length);
    if (!INTERACTION_ID.test(id)) throw new ProviderError(`invalid interaction id ${JSON.stringify(id)}`);
    try {
      await this.client.withRetries(
        'interactions.delete',
        () => this.client.sdk.interactions.delete(id, {}, this.client.sdkRequestOptions),
        signal,
      );
    } catch (error) {
      if (!(error instanceof ProviderError && error.status === 404)) throw error;
    }
  }

  async poll(operationName: string, signal?: AbortSignal): Promise<PollResult> {
    const id = operationName.slice(INTERACTION_PREFIX.length);
    if (!INTERACTION_ID.test(id)) throw new ProviderError(`invalid interaction id ${JSON.stringify(id)}`);
    const interaction = (await this.client.withRetries(
      'interactions.get',
      () => this.client.sdk.interactions.get(id, {}, this.client.sdkRequestOptions),
      signal,
    )) as Interaction;
    const status = interaction.status ?? '';
    if (RUNNING.has(status)) return { done: false };
    if (status !== 'completed') {
      const stepError = interaction.steps?.find((step) => step.error)?.error;
      const error = interaction.error ?? stepError;
      return {
        done: true,
        error: { code: error?.code, message: error?.message ?? `interaction ${status || 'without status'}` },
        ...(WAITING_FOR_CLIENT.has(status) ? { open: true } : {}),
      };
    }
    const video = (interaction.steps ?? [])
      .filter((step) => step.type === 'model_output')
      .flatMap((step) => step.content ?? [])
      .filter((part) => part.type === 'video' && (part.uri || part.data))
      .at(-1);
    if (video?.uri) return { done: true, video: { uri: video.uri } };
    if (video?.data) return { done: true, video: { bytes: Buffer.from(video.data, 'base64') } };
    // Completed with no video: the guide's content safety filters blocked the prompt or the result.
    const said = (interaction.steps ?? [])
      .flatMap((step) => step.content ?? [])
      .map((part) => part.text)
      .filter((text): text is string => Boolean(text));
    return { done: true, blocked: said };
  }
}
