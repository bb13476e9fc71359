/** How much of a video provider Cena may use at once (ADR 0061). */

/** The local preview renderer's model name in the budget (src/server/capacity). */
export const LOCAL_PREVIEW_MODEL = 'local-preview';

/** How much of a provider Cena may use at once, per project and model (ADR 0061). */
export interface ProviderCapacity {
  requestsPerMinute: number;
  /** Generations in progress at once. */
  inFlight: number;
  /** null: no daily limit known (Google resets it at midnight Pacific time). */
  requestsPerDay: number | null;
  /** US cents the project may spend per 10 minutes (Google's spend-based limit, ADR 0061); absent: not counted. */
  spendCentsPer10Minutes?: number | null;
}

/**
 * Google applies the limits "per project, not per API key"; "Requests per day (RPD) quotas reset at midnight
 * Pacific time"; the figures depend on the project's usage tier and are shown per model only in AI Studio
 * (https://ai.google.dev/gemini-api/docs/rate-limits, read 2026-11-24; https://aistudio.google.com/rate-limit).
 * The only per-model figure Google prints is on Vertex AI's model cards: "Maximum API requests per minute per
 * project: 10" for the preview video models, 50 for GA ones
 * (https://cloud.google.com/vertex-ai/generative-ai/docs/models/veo/3-1-generate). Cena starts from the narrower
 * 10 RPM; Google publishes no figure for generations in progress, so the default keeps about one minute of that
 * rate in flight. An operator sets the project's real figures (VIDEO_CAPACITY_*), and a 429 teaches Cena a lower
 * rate either way.
 */
export const GEMINI_VIDEO_CAPACITY: ProviderCapacity = {
  requestsPerMinute: 10,
  inFlight: 10,
  requestsPerDay: null,
  spendCentsPer10Minutes: null,
};

/** The local preview renderer: one ffmpeg per render on this machine's cores, no rate to respect. */
export const LOCAL_RENDERER_CAPACITY: ProviderCapacity = {
  requestsPerMinute: 600,
  inFlight: 4,
  requestsPerDay: null,
  spendCentsPer10Minutes: null,
};
