import { z } from 'zod';
import { type CapacityConfig, capacityConfig, capacityEnv } from './capacity.server';
import { type ConfigReading, emptyAsUndefined, optionalString, optionalUrl } from './env-values.server';
import { type GeminiConfig, geminiConfig, geminiEnv } from './gemini.server';

export const videoEnv = z.object({
  /**
   * Video generation (design §5): `local` renders an honest preview with ffmpeg, `gemini` calls Google's Gemini API
   * (`veo` is the old name of `gemini`, accepted with a warning).
   */
  VIDEO_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['local', 'gemini', 'veo']).default('local')),
  ...geminiEnv.shape,
  ...capacityEnv.shape,
  /**
   * The take guarantee (generation/take-check): the text model's look at each delivered video (whether the prompt's
   * subject and action are there) can be turned off; the frozen, black and silence checks always run.
   */
  TAKE_CHECK_MODEL: z
    .preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on'))
    .transform((value) => value === 'on'),
  /** How readily a take fails: lenient, normal or strict (take-check/take-rules.server.ts). */
  TAKE_CHECK_STRICTNESS: z.preprocess(
    emptyAsUndefined,
    z.enum(['lenient', 'normal', 'strict']).default('normal'),
  ),
  LOCAL_RENDER_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /**
   * The local preview's renders kept by what made them, under DATA_DIR/local-renders/cache, up to this many MB
   * (ADR 0075); 0: every render is encoded.
   */
  LOCAL_RENDER_CACHE_MB: z.coerce.number().int().min(0).max(100_000).default(256),
  /**
   * How often a generation in progress is read at its provider when no webhook wakes it; unset: the provider's own
   * back-off (generation/workers.server.ts). Tests against a stand-in set it low; each read of Gemini is a request.
   */
  VIDEO_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(60_000).optional()),
  VIDEO_TIMEOUT_FAST_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(15 * 60_000),
  VIDEO_TIMEOUT_QUALITY_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(25 * 60_000),
  VIDEO_WEBHOOK_URL: optionalUrl,
  VIDEO_WEBHOOK_SECRET: optionalString,
  /** Unset: the system binary when it runs, else the npm one (media/toolchain.server.ts). */
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
});

export type TakeStrictness = 'lenient' | 'normal' | 'strict';

export interface VideoConfig {
  provider: 'local' | 'gemini';
  gemini: GeminiConfig;
  /** The fair queue and the provider's budget (capacity, ADR 0061). */
  capacity: CapacityConfig;
  localRenderDelayMs: number;
  /** LOCAL_RENDER_CACHE_MB in bytes; 0: no cache. */
  localRenderCacheBytes: number;
  /** VIDEO_POLL_MS: every read of a generation this far apart; undefined: the provider's back-off. */
  pollMs: number | undefined;
  /** The take guarantee: the model check (needs a Gemini key) and how strict the checks are. */
  takeCheck: { model: boolean; strictness: TakeStrictness };
  /** From the request's creation to its final status, per mode; past it the request fails and is refunded. */
  timeoutMs: { fast: number; quality: number };
  webhook: { url: string; secret: string } | undefined;
  /** FFMPEG_PATH / FFPROBE_PATH; undefined: resolved by the media toolchain. */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
}

function checkVideoProvider(env: z.infer<typeof videoEnv>, reading: ConfigReading): 'local' | 'gemini' {
  const provider = env.VIDEO_PROVIDER === 'local' ? 'local' : 'gemini';
  if (env.VIDEO_PROVIDER === 'veo') {
    reading.warnings.push(
      'VIDEO_PROVIDER=veo is deprecated: use VIDEO_PROVIDER=gemini (Omni and Veo ids alike)',
    );
  }
  // The preview renderer makes gradients, not the videos users pay credits for.
  if (reading.isProduction && provider === 'local') {
    reading.problems.push(
      '  VIDEO_PROVIDER: set VIDEO_PROVIDER=gemini in production (the local preview renderer is local only)',
    );
  }
  if (env.VIDEO_WEBHOOK_URL && !env.VIDEO_WEBHOOK_SECRET) {
    reading.problems.push(
      '  VIDEO_WEBHOOK_SECRET: required with VIDEO_WEBHOOK_URL (the receiver checks the signature)',
    );
  }
  return provider;
}

export function videoConfig(env: z.infer<typeof videoEnv>, reading: ConfigReading): VideoConfig {
  const gemini = geminiConfig(env, env.VIDEO_PROVIDER, reading);
  const provider = checkVideoProvider(env, reading);
  return {
    provider,
    gemini,
    capacity: capacityConfig(env, provider),
    localRenderDelayMs: env.LOCAL_RENDER_DELAY_MS,
    localRenderCacheBytes: env.LOCAL_RENDER_CACHE_MB * 1024 * 1024,
    pollMs: env.VIDEO_POLL_MS,
    takeCheck: { model: env.TAKE_CHECK_MODEL, strictness: env.TAKE_CHECK_STRICTNESS },
    timeoutMs: { fast: env.VIDEO_TIMEOUT_FAST_MS, quality: env.VIDEO_TIMEOUT_QUALITY_MS },
    webhook:
      env.VIDEO_WEBHOOK_URL && env.VIDEO_WEBHOOK_SECRET
        ? { url: env.VIDEO_WEBHOOK_URL, secret: env.VIDEO_WEBHOOK_SECRET }
        : undefined,
    ffmpegPath: env.FFMPEG_PATH,
    ffprobePath: env.FFPROBE_PATH,
  };
}
