import {
  type BillingPeriod,
  MODE_RESOLUTION,
  modelModeOf,
  type Plan,
  planCreditsPerInvoice,
  requestCredits,
  VIDEO_LENGTH_SECONDS,
  VIDEO_QUALITIES,
  type VideoQuality,
} from './catalogue';
import { clipLengthChoices, DEFAULT_VIDEO_MODELS } from './video-models';

/**
 * The per-length figures the plan cards and the help page quote (ADR 0033, ADR 0036), derived from the catalogue's
 * prices (`requestCredits`) and the default model's lengths, never written by hand: a mode's credits and how many
 * whole videos some credits buy, at the default length and at the longest the default model takes.
 */

/**
 * The clip lengths offered across the modes' default models, shortest and longest (3–10 s on Omni 1.1): what a page
 * says instead of one fixed length (ADR 0058).
 */
export function offeredLengthRange(): { min: number; max: number } {
  const lengths = VIDEO_QUALITIES.flatMap((quality) =>
    clipLengthChoices(DEFAULT_VIDEO_MODELS[modelModeOf(quality)]),
  );
  return { min: Math.min(...lengths), max: Math.max(...lengths) };
}

/** The default length and, when longer, the default model's longest (10 s on Omni 1.1). */
export function quotedLengths(): number[] {
  const longest = Math.max(...clipLengthChoices(DEFAULT_VIDEO_MODELS.fast));
  return longest > VIDEO_LENGTH_SECONDS ? [VIDEO_LENGTH_SECONDS, longest] : [VIDEO_LENGTH_SECONDS];
}

interface LengthFigure {
  seconds: number;
  /** What one video of this mode and length costs. */
  credits: number;
  /** Whole videos the budget buys. */
  videos: number;
}

export interface ModeFigures {
  quality: VideoQuality;
  resolution: string;
  lengths: LengthFigure[];
}

/** Each mode's price per quoted length and the videos `budget` credits buy of each. */
export function modeFigures(budget: number): ModeFigures[] {
  return VIDEO_QUALITIES.map((quality) => ({
    quality,
    resolution: MODE_RESOLUTION[quality],
    lengths: quotedLengths().map((seconds) => {
      const credits = requestCredits({ quality, clipSeconds: seconds });
      return { seconds, credits, videos: Math.floor(budget / credits) };
    }),
  }));
}

/** What one paid invoice of a plan buys, per mode and quoted length. */
export function planModeFigures(plan: Plan, period: BillingPeriod): ModeFigures[] {
  return modeFigures(planCreditsPerInvoice(plan, period));
}
