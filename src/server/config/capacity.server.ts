import { z } from 'zod';
import { GEMINI_VIDEO_CAPACITY, LOCAL_RENDERER_CAPACITY, type ProviderCapacity } from '#shared/video-models';
import { emptyAsUndefined } from './env-values.server';

export const capacityEnv = z.object({
  /** A project's real limits for each video model (AI Studio shows them); default: the catalogue's. */
  VIDEO_CAPACITY_RPM: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).optional()),
  VIDEO_CAPACITY_IN_FLIGHT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(10_000).optional(),
  ),
  VIDEO_CAPACITY_RPD: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(10_000_000).optional(),
  ),
  /**
   * Google's spend cap per project per 10 minutes, in US dollars (Tier 1 $10, Tier 2 $50, Tier 3 $200 on
   * https://ai.google.dev/gemini-api/docs/rate-limits; whether it applies depends on the account): Cena plans its
   * creates under it from the catalogue's per-second prices. Unset: spend is not counted (ADR 0061).
   */
  VIDEO_CAPACITY_SPEND_PER_10_MIN_USD: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().positive().max(1_000_000).optional(),
  ),
  /** A request that waits longer than this for capacity is failed and refunded. */
  VIDEO_QUEUE_MAX_WAIT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
});

export interface CapacityConfig {
  /** Per project and model. */
  limits: ProviderCapacity;
  maxWaitMs: number;
}

export function capacityConfig(
  env: z.infer<typeof capacityEnv>,
  provider: 'local' | 'gemini',
): CapacityConfig {
  return {
    limits: {
      ...(provider === 'local' ? LOCAL_RENDERER_CAPACITY : GEMINI_VIDEO_CAPACITY),
      ...(env.VIDEO_CAPACITY_RPM ? { requestsPerMinute: env.VIDEO_CAPACITY_RPM } : {}),
      ...(env.VIDEO_CAPACITY_IN_FLIGHT ? { inFlight: env.VIDEO_CAPACITY_IN_FLIGHT } : {}),
      ...(env.VIDEO_CAPACITY_RPD ? { requestsPerDay: env.VIDEO_CAPACITY_RPD } : {}),
      spendCentsPer10Minutes: env.VIDEO_CAPACITY_SPEND_PER_10_MIN_USD
        ? Math.round(env.VIDEO_CAPACITY_SPEND_PER_10_MIN_USD * 100)
        : null,
    },
    maxWaitMs: env.VIDEO_QUEUE_MAX_WAIT_MINUTES * 60_000,
  };
}
