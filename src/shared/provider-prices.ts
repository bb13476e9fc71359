import { VIDEO_LENGTH_SECONDS } from './catalogue';
import { LOCAL_PREVIEW_MODEL } from './provider-capacity';
import type { ProviderResolution } from './video-models';

/**
 * What Google bills per second of generated video, in tenths of a US cent, by output resolution — for the spend
 * dimension of the budget (ADR 0061), not for anything a user pays. Gemini Omni 1.2 Flash's list prices as
 * quoted against a reseller's per-video price on https://docs.laozhang.ai/en/api-capabilities/gemini-omni-video-generation
 * (checked 2026-11-11; "Google's Gemini API bills video output per second"): about $0.023/s at 360p, $0.070/s at
 * 720p, $0.104/s at 1080p and $0.209/s at 4k; Google's own page is https://ai.google.dev/gemini-api/docs/pricing.
 * No verified figure for Veo on the Gemini API: its creates are costed at these prices.
 */
const PROVIDER_TENTHS_OF_CENT_PER_SECOND: Record<string, number> = {
  '360p': 23,
  '720p': 70,
  '1080p': 104,
  '4k': 209,
};

/** The cost of one create at `resolution` for `clipSeconds` by `model` in US cents, rounded up (the local renderer costs nothing). */
export function createCostCents(
  model: string,
  resolution: ProviderResolution,
  clipSeconds: number = VIDEO_LENGTH_SECONDS,
): number {
  if (model === LOCAL_PREVIEW_MODEL) return 0;
  const perSecond = PROVIDER_TENTHS_OF_CENT_PER_SECOND[resolution] ?? 0;
  return Math.ceil((clipSeconds * perSecond) / 10);
}
