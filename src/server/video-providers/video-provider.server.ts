import type { Readable } from 'node:stream';
import type { VideoQuality } from '#shared/catalogue';
import type { ProviderAspectRatio, ProviderResolution } from '#shared/video-models';
import type { ChosenFieldsSource } from '#shared/video-request';

/**
 * One interface for every video model (design §5). A generation is a long-running operation: `submit` starts it
 * and returns a name we store at once, `poll` asks about it, `download` fetches the result. Because the name is
 * stored, a worker that dies after `submit` resumes polling the same operation instead of paying for a second one.
 */

/** What the provider is asked for: 16:9 or 9:16 only; 1:1 and 4:3 are reframed from 16:9 afterwards. */
export type { ProviderAspectRatio } from '#shared/video-models';

/**
 * The owner's chosen fields as stored (src/shared/video-request.ts `chosenFieldSchemas`), less the two the provider
 * is sent in its own form below (the prompt as prose, the ratio as asked): a chosen field added there reaches every
 * provider with no line here nor in the job that builds this (ADR 0051). A nullable one may be left out.
 */
type ChosenForProvider = Omit<ChosenFieldsSource, 'prompt' | 'aspectRatio'>;

export interface VideoGenerationInput extends ChosenForProvider {
  requestId: string;
  /** The model to use instead of the mode's: an extension or edit is made by its source's model. */
  model?: string;
  /** What the model reads: the user's words and the structured prompt's fields, as prose. */
  prompt: string;
  /** The user's own words (the local preview shows them). */
  userPrompt: string;
  negativePrompt: string | undefined;
  /** The output resolution asked for: the mode's, or Quality's 4K master (video-models.ts `requestResolution`). */
  resolution: ProviderResolution;
  aspectRatio: ProviderAspectRatio;
  /** Stored and shown, sent only where the provider supports it (the Gemini API does not). */
  seed: number | null;
  /** The first frame (the form's reference image). */
  image: ProviderImage | undefined;
  /** Only with a first frame. */
  lastFrame?: ProviderImage;
  /** Up to three reference images of a character, object or style. */
  referenceImages?: ProviderImage[];
  /**
   * The image is the last frame of the video so far and the new shot must open on it exactly (a film continued
   * past the model's extension limit, src/shared/video-directing.ts `extensionPlan`), not merely be guided by it.
   */
  continuesShot?: boolean;
  /**
   * An extension or an edit of an earlier request: the provider continues or edits the source's stored generation
   * (its operation name, e.g. an Omni interaction id). The result follows the model's capability entry
   * (src/shared/video-directing.ts): for an extension, only the new part or the tail plus the new part, which the
   * pipeline joins to the source's head; for an edit, the whole edited video.
   */
  derivation?: {
    kind: 'extend' | 'edit';
    sourceOperationName: string | null;
    sourceDeliveredSeconds: number;
  };
}

export interface ProviderImage {
  bytes: Buffer;
  mimeType: string;
}

export type PollResult =
  | { done: false }
  /** The video to download, or its bytes when the provider answered with them inline. */
  | { done: true; video: { uri: string } | { bytes: Buffer } }
  /** Finished with no video because the model's safety filters removed it. */
  | { done: true; blocked: string[] }
  /**
   * Ended with no video. `open`: the provider still holds the generation open, waiting for the client (an Omni
   * interaction in `requires_action`), so it must be stopped before the request is refunded.
   */
  | { done: true; error: { code?: number; message: string }; open?: boolean };

export interface VideoProvider {
  readonly name: string;
  model(quality: VideoQuality): string;
  submit(input: VideoGenerationInput, signal?: AbortSignal): Promise<{ operationName: string }>;
  poll(operationName: string, signal?: AbortSignal): Promise<PollResult>;
  download(uri: string, signal?: AbortSignal): Promise<Readable>;
  /**
   * Stops a generation still running (Cena gave up on it) and nothing more: `finished` when it had already ended
   * (or is gone), so the caller reads it before deciding anything — a finished video is never deleted unread.
   * Where the provider has no way to stop one, `finished` too.
   */
  cancel?(operationName: string, signal?: AbortSignal): Promise<'cancelled' | 'finished'>;
  /**
   * Deletes what the provider stores of a finished generation (the user's prompt, images and video), for account
   * erasure. Nothing to do where the provider keeps nothing or offers no way.
   */
  forget?(operationName: string, signal?: AbortSignal): Promise<void>;
  /** Ends work the provider runs in this process (the local renderer's ffmpeg), at shutdown. */
  close?(): Promise<void>;
}

/**
 * A failure worth trying again later (429, 5xx, network): the job keeps polling until its deadline. Anything
 * else a provider throws (400, 403, a malformed answer) is permanent and fails the request.
 */
export class TransientProviderError extends Error {
  override name = 'TransientProviderError';
}

/**
 * One limit a 429 names (a `google.rpc.QuotaFailure` violation): its dimension, read from the `quotaId` (e.g.
 * `GenerateRequestsPerMinutePerProjectPerModel`), and the limit itself when Google states it (`quotaValue`).
 * `other` is a limit the budget does not count (input tokens per minute, or an id it does not know).
 */
export interface QuotaViolation {
  dimension: 'requestsPerMinute' | 'requestsPerDay' | 'inFlight' | 'other';
  limit: number | undefined;
}

/**
 * Google refused a create for quota (429 RESOURCE_EXHAUSTED): nothing was accepted or billed. Not the request's
 * failure — it goes back to the fair queue, and the budget learns the limit the answer names (or a lower rate
 * when it names none) and waits Google's `retryDelay`.
 */
export class ProviderQuotaError extends TransientProviderError {
  override name = 'ProviderQuotaError';
  constructor(
    message: string,
    readonly retryAfterMs: number | undefined,
    readonly violations: readonly QuotaViolation[] = [],
  ) {
    super(message);
  }
}

/**
 * The provider kept answering 5xx, timing out or dropping the connection after the client's own retries: not an
 * answer about the generation. A generation Google accepted is billed whatever happens, so the pipeline keeps
 * reading it (until its deadline) instead of failing the request.
 */
export class ProviderUnavailableError extends TransientProviderError {
  override name = 'ProviderUnavailableError';
}

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * A create answered 5xx, timed out or lost its connection once sent: the provider may have started (and bills) a
 * generation Cena has no id for. Not sent again (ADR 0015); the request is refunded and recorded for
 * reconciliation.
 */
export class ProviderOutcomeUnknownError extends ProviderError {
  override name = 'ProviderOutcomeUnknownError';
}
