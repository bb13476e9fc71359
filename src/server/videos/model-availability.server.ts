import type { Config } from '#server/config.server';
import { GeminiClient, type ListedModel } from '#server/gemini/gemini.server';
import type { Logger } from '#server/logger.server';
import type { ModelCheckReason } from '#shared/admin';
import { MODEL_MODES, modelModeOf, type VideoQuality } from '#shared/catalogue';
import { type VideoModelFamily, videoModelFamily } from '#shared/video-models';
import type { VideoModeAvailability } from '#shared/video-request';

/**
 * Know before charging (design §5): each process that answers creates or works jobs reads `GET {base}/models`
 * at start and every few minutes, and the admin environment check reads it on demand. A mode whose configured id
 * is not listed (retired, mistyped, not served to this key) — or, for a Veo id, listed without
 * `predictLongRunning` — is refused with 503 before any hold, while the other mode keeps working; the next
 * successful check lifts it. Omni ids only need to be listed: Google does not document which
 * `supportedGenerationMethods` value they carry. When the list itself cannot be read, the last answer stands
 * (no answer yet: the mode is open, and a failed generation is refunded as always).
 */

export interface ModeCheck {
  quality: VideoQuality;
  /** The variable the id came from (VIDEO_MODEL_FAST, or its old name). */
  variable: string;
  model: string;
  family: VideoModelFamily | undefined;
  /** Undefined: not checked yet, or the list could not be read. */
  available: boolean | undefined;
  reason: ModelCheckReason;
  /** For the logs (English, with the figures). */
  detail: string;
}

/** PROMPT_MODEL as the model list shows it. */
export interface PromptModelCheck {
  variable: 'PROMPT_MODEL';
  model: string;
  /** Undefined: not checked yet, or the list could not be read. */
  available: boolean | undefined;
  reason: ModelCheckReason;
}

export interface ModelAvailability {
  isAvailable(quality: VideoQuality): boolean;
  /**
   * False once a read of the list showed PROMPT_MODEL missing (until one shows it again): the prompt writer then
   * goes straight to the rules instead of waiting on the text model for every request.
   */
  promptModelServed(): boolean;
  /** PROMPT_MODEL as the last check saw it; undefined without a Gemini provider. */
  promptModel(): PromptModelCheck | undefined;
  modes(): VideoModeAvailability;
  /** Reads the model list now; undefined when this deployment has no Gemini provider. */
  check(): Promise<ModeCheck[] | undefined>;
  start(): void;
  stop(): void;
}

/** The local renderer has no models to retire. */
export const LOCAL_AVAILABILITY: ModelAvailability = {
  isAvailable: () => true,
  promptModelServed: () => true,
  promptModel: () => undefined,
  modes: () => ({ draft: true, fast: true, quality: true }),
  check: async () => undefined,
  start: () => undefined,
  stop: () => undefined,
};

const REASON_DETAILS: Record<ModelCheckReason, string> = {
  listed: 'listed by GET /models',
  unknown_family: 'not a video model id Cena knows how to call (gemini-omni-… or veo-…)',
  not_listed: 'not listed by GET /models for this key (retired, mistyped or not served)',
  no_predict_long_running: 'listed without predictLongRunning',
  no_generate_content: 'listed without generateContent',
  list_unreadable: 'the model list could not be read',
  not_checked: 'not checked yet',
};

function judgeModes(gemini: Config['video']['gemini'], listed: ListedModel[]): ModeCheck[] {
  return MODEL_MODES.map((quality) => {
    const model = gemini.models[quality];
    const family = videoModelFamily(model);
    const variable = gemini.modelVariables[quality];
    const found = listed.find((entry) => entry.id === model);
    let reason: ModelCheckReason = 'listed';
    if (!family) reason = 'unknown_family';
    else if (!found) reason = 'not_listed';
    else if (family === 'veo' && !found.methods.includes('predictLongRunning'))
      reason = 'no_predict_long_running';
    return {
      quality,
      variable,
      model,
      family,
      available: reason === 'listed',
      reason,
      detail: REASON_DETAILS[reason],
    };
  });
}

/** The video ids the list shows, for the log line that says what to configure instead. */
function videoIds(listed: ListedModel[]): string[] {
  return listed.filter((entry) => videoModelFamily(entry.id) !== undefined).map((entry) => entry.id);
}

/** PROMPT_MODEL must be listed with `generateContent`, the method the prompt writer calls. */
function judgePromptModel(model: string, listed: ListedModel[]): PromptModelCheck {
  const found = listed.find((entry) => entry.id === model);
  const reason: ModelCheckReason = !found
    ? 'not_listed'
    : found.methods.includes('generateContent')
      ? 'listed'
      : 'no_generate_content';
  return { variable: 'PROMPT_MODEL', model, available: reason === 'listed', reason };
}

export class GeminiModelAvailability implements ModelAvailability {
  private state: ModeCheck[];
  private prompt: PromptModelCheck;
  /** The last successful read's answer for PROMPT_MODEL; an unreadable list does not change it. */
  private promptServed: boolean | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly gemini: Config['video']['gemini'],
    private readonly listModels: () => Promise<ListedModel[]>,
    private readonly logger: Logger,
  ) {
    this.state = MODEL_MODES.map((quality) => ({
      quality,
      variable: gemini.modelVariables[quality],
      model: gemini.models[quality],
      family: videoModelFamily(gemini.models[quality]),
      available: undefined,
      reason: 'not_checked' as const,
      detail: REASON_DETAILS.not_checked,
    }));
    this.prompt = {
      variable: 'PROMPT_MODEL',
      model: gemini.promptModel,
      available: undefined,
      reason: 'not_checked',
    };
  }

  promptModelServed(): boolean {
    return this.promptServed !== false;
  }

  promptModel(): PromptModelCheck {
    return this.prompt;
  }

  isAvailable(quality: VideoQuality): boolean {
    // A draft is the Fast model's: served when it is.
    return this.state.find((mode) => mode.quality === modelModeOf(quality))?.available !== false;
  }

  modes(): VideoModeAvailability {
    return {
      draft: this.isAvailable('draft'),
      fast: this.isAvailable('fast'),
      quality: this.isAvailable('quality'),
    };
  }

  async check(): Promise<ModeCheck[]> {
    let listed: ListedModel[];
    try {
      listed = await this.listModels();
    } catch (error) {
      this.logger.warn({ err: error }, 'could not read the Gemini model list; keeping the last answer');
      this.prompt = { ...this.prompt, available: undefined, reason: 'list_unreadable' };
      return this.state.map((mode) => ({
        ...mode,
        available: undefined,
        reason: 'list_unreadable' as const,
        detail: `${REASON_DETAILS.list_unreadable}: ${(error as Error).message.slice(0, 200)}`,
      }));
    }
    const next = judgeModes(this.gemini, listed);
    for (const mode of next) {
      const before = this.state.find((old) => old.quality === mode.quality)?.available;
      if (!mode.available) {
        this.logger.error(
          { variable: mode.variable, model: mode.model, availableVideoModels: videoIds(listed) },
          `${mode.variable}=${mode.model}: ${mode.detail}; ${mode.quality} videos are refused until it is. Video models this key can use: ${videoIds(listed).join(', ') || 'none'}`,
        );
      } else if (before === false) {
        this.logger.info(
          { variable: mode.variable, model: mode.model },
          `${mode.variable}=${mode.model} is served again`,
        );
      }
    }
    // The text model only makes prompts smarter: a missing one is a warning, never a refusal; said once when it
    // goes missing, not at every check.
    this.prompt = judgePromptModel(this.gemini.promptModel, listed);
    const served = this.prompt.available === true;
    if (!served && this.promptServed !== false) {
      this.logger.warn(
        { variable: 'PROMPT_MODEL', model: this.gemini.promptModel },
        `PROMPT_MODEL=${this.gemini.promptModel} is ${REASON_DETAILS[this.prompt.reason]}; structured prompts come from the rules until it is served`,
      );
    } else if (served && this.promptServed === false) {
      this.logger.info(
        { model: this.gemini.promptModel },
        `PROMPT_MODEL=${this.gemini.promptModel} is served again`,
      );
    }
    this.promptServed = served;
    this.state = next;
    return next;
  }

  /** A check now and then every `modelCheckIntervalMs`; the timer never keeps the process alive. */
  start(): void {
    const run = () =>
      void this.check().catch((error: unknown) => this.logger.error({ err: error }, 'model check failed'));
    run();
    this.timer = setInterval(run, this.gemini.modelCheckIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

export function createModelAvailability(config: Config, logger: Logger): ModelAvailability {
  const gemini = config.video.gemini;
  if (config.video.provider !== 'gemini' || !gemini.apiKey) return LOCAL_AVAILABILITY;
  const client = new GeminiClient({
    apiKey: gemini.apiKey,
    apiBase: gemini.apiBase,
    retry: { attempts: 2, initialDelayMs: 1_000, maxDelayMs: 5_000 },
    requestTimeoutMs: 15_000,
  });
  return new GeminiModelAvailability(gemini, () => client.listModels(), logger);
}
