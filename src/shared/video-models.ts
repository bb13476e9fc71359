import {
  ASPECT_RATIOS,
  type AspectRatio,
  type MasterResolution,
  MODE_RESOLUTION,
  type ModelMode,
  VIDEO_LENGTH_SECONDS,
  type VideoQuality,
} from './catalogue';

/**
 * What Google's video models accept, kept once (design §5). Every fact cites the page it comes from and the date
 * that page showed (or was fetched); where two sources disagree both readings are recorded and the code takes the
 * narrower one. The create rules (server and web), the providers, the model checks and the admin environment check
 * all derive from this file, so a model change is a change here, not a hunt through the code.
 *
 * Sources (abbreviations used below):
 * - OMNI_GUIDE: https://ai.google.dev/gemini-api/docs/omni — "Generate and edit videos with Gemini Omni Flash",
 *   the `gemini-omni-1.1-flash` version fetched 2026-08-31 (the preview version, `gemini-omni-flash-preview`,
 *   is quoted where it differs).
 * - CHANGELOG: https://ai.google.dev/gemini-api/docs/changelog (2026-06-15 Veo 2.0/3.0 deprecation, 2026-06-30
 *   Omni preview, 2026-01-13 Veo 4k and portrait at every resolution).
 * - DEPRECATIONS: https://ai.google.dev/gemini-api/docs/deprecations (Veo 3.1 previews shut down 2026-10-22,
 *   replacement `gemini-omni-1.1-flash`; Veo 3.0 shut down 2026-06-30).
 * - VERTEX_VEO3: https://cloud.google.com/vertex-ai/generative-ai/docs/models/veo/3-0-generate-001 (retirement
 *   2026-06-30, `veo-3.1-*-001` as the Vertex AI migration — the GA 3.1 ids are Vertex AI only).
 * - SDK_310: `@google/genai` 3.1.0 (npm, 2026-11-10), `dist/genai.d.ts`: `VideoResponseFormat` {type:"video",
 *   aspect_ratio "16:9"|"9:16", resolution "360p"|"720p"|"1080p"|"4k", duration (string), delivery
 *   "inline"|"uri"}, `InteractionStatus`, `ModelOutputStep`; its Interactions `Model` enum lists
 *   `gemini-omni-1.2-flash`, `gemini-omni-1.1-flash`, `gemini-omni-flash-preview`.
 * - JAVA_GENAI_210: https://github.com/googleapis/java-genai/releases/tag/v2.1.0 (2026-11-10): "add
 *   gemini-omni-1.2-flash and make it the gemini-api video default".
 * - VERTEX_EXTEND: https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/video/extend-videos
 *   (read 2026-11-23): Omni "uses up to the last 10 seconds to generate a 3-to-10-second extension and
 *   concatenates it onto up to the last 30 seconds of the input video (for a total output duration of up to 40
 *   seconds)"; lists `gemini-omni-1.2-flash` and `gemini-omni-1.1-flash-preview` among the models that extend.
 * - INTERACTIONS_OVERVIEW: https://ai.google.dev/gemini-api/docs/interactions-overview (read 2026-11-23): requests
 *   are stored by default (`store=true`) so `previous_interaction_id` can continue them; its data retention
 *   section keeps them 55 days on the paid tier and 1 day on the free tier (as summarised by
 *   https://ai-tldr.dev/releases/google-interactions-api-ga/). Omni video generation is paid-tier only.
 * - VEO_GUIDE: https://ai.google.dev/gemini-api/docs/video (undated; still describes Veo 3.1 on
 *   `:predictLongRunning` — an id counts as served only when `GET /models` lists it).
 */

export type VideoModelFamily = 'omni' | 'veo';
/** What the provider is asked for; every other ratio is generated at 16:9 and reframed. */
export type ProviderAspectRatio = '16:9' | '9:16';
/** OMNI_GUIDE "Output resolution" and SDK_310: every resolution a Gemini video model may be asked for. */
export const PROVIDER_RESOLUTIONS = ['360p', '720p', '1080p', '4k'] as const;
export type ProviderResolution = (typeof PROVIDER_RESOLUTIONS)[number];
export const OMNI_12_MODEL_ID = 'gemini-omni-1.2-flash';

export interface ExtensionCapability {
  /** Seconds one extension adds (Cena asks for this much where the API takes a duration). */
  stepSeconds: number;
  /** The longest video Cena lets a chain reach with this model. */
  maxTotalSeconds: number;
  /** How long after its completion a source can still be extended (the provider keeps it that long); null: always. */
  sourceMaxAgeHours: number | null;
  /** Source resolutions (short side) the model extends; null: any. */
  sourceHeights: readonly number[] | null;
  /**
   * What the provider returns: only the new part (`new-part`), or up to the last `tailSeconds` of the input with
   * the new part appended (`tail-and-new-part`). Cena keeps the head of the source that the answer does not
   * contain, so a download is always the whole video.
   */
  result: { kind: 'new-part' } | { kind: 'tail-and-new-part'; tailSeconds: number };
}

export interface EditCapability {
  /** The longest source the model edits; null: any length. */
  maxSourceSeconds: number | null;
  /** How long after its completion a source can still be edited; null: always. */
  sourceMaxAgeHours: number | null;
}

export interface VideoModelFacts {
  id: string;
  family: VideoModelFamily;
  /** `POST {base}/interactions` (Omni) or `POST {base}/models/{id}:predictLongRunning` (Veo). */
  endpoint: 'interactions' | 'predictLongRunning';
  lifecycle: { stage: 'ga' | 'preview' | 'shut-down' | 'vertex-only'; note: string };
  aspectRatios: readonly ProviderAspectRatio[];
  resolutions: readonly string[];
  /** `allowed`: the only values the API takes, where it takes a list rather than a range. */
  clipSeconds: { min: number; max: number; allowed?: readonly number[] };
  inputs: {
    text: true;
    /** One image the model animates (Omni decides from the prompt whether it is a first frame or a reference). */
    image: boolean;
    firstAndLastFrame: boolean;
    referenceImages: number;
    /** Edit by instruction of a stored interaction (`previous_interaction_id`). */
    edit: EditCapability | false;
    extension: ExtensionCapability | false;
  };
  /** The negative prompt is its own field (Veo) or has to be written into the prompt (Omni). */
  negativePromptField: boolean;
  sources: readonly string[];
}

const OMNI_SHARED = {
  family: 'omni',
  endpoint: 'interactions',
  // OMNI_GUIDE "Control aspect ratio": Supported values "9:16", "16:9"; landscape is the default.
  aspectRatios: ['16:9', '9:16'],
  // OMNI_GUIDE "Output resolution": 360p, 720p (default), 1080p (upscaled), 4k (upscaled); SDK_310 agrees.
  resolutions: ['360p', '720p', '1080p', '4k'],
  // OMNI_GUIDE (preview) and the 2026-06-30 CHANGELOG entry: 3–10 s; the duration is a string such as "8s"
  // (SDK_310 types it as a string).
  clipSeconds: { min: 3, max: 10 },
  // OMNI_GUIDE "Limitations": negative prompts are not supported — write them into the prompt ("Do not …").
  negativePromptField: false,
  // OMNI_GUIDE "Text to video generation" (the English page as stored 2026-11-25): `input` is a natural-language
  // description — "Write prompts with details like scene description, camera movement, lighting and mood for best
  // results"; no JSON prompt is documented as an input. So the provider reads prose composed from the structured
  // fields (structuredPromptText); the JSON stays for display. Its "Reference images" section still names the
  // images by `<IMAGE_REF_N>` tags in the copies read; a newer wording that describes each image instead could not
  // be found, so the tags stay (omni-provider.server.ts).
} as const;

/**
 * Omni extends and edits a stored interaction (OMNI_GUIDE "Stateful video editing", `store: true`), so a source
 * older than the paid tier's retention (INTERACTIONS_OVERVIEW, 55 days) cannot be continued; Cena stops a day
 * early so a queued request does not reach the provider after the interaction is gone. OMNI_GUIDE names no
 * resolution limit for either task.
 */
/** INTERACTIONS_OVERVIEW, data retention on the paid tier: how long Google keeps a stored interaction. */
export const OMNI_INTERACTION_RETENTION_DAYS = 55;
/** VEO_GUIDE: a generated Veo video is held by Google for 2 days (the window in which it can be extended). */
export const VEO_VIDEO_RETENTION_DAYS = 2;
const OMNI_SOURCE_MAX_AGE_HOURS = (OMNI_INTERACTION_RETENTION_DAYS - 1) * 24;
const OMNI_EDIT: EditCapability = {
  // OMNI_GUIDE "Stateful video editing" edits the stored video whatever its length; Cena's Omni videos are at
  // most an extension chain's length.
  maxSourceSeconds: null,
  sourceMaxAgeHours: OMNI_SOURCE_MAX_AGE_HOURS,
};

/**
 * Omni's extension (OMNI_GUIDE "Prompts for extending videos"; VERTEX_EXTEND): a 3–10 s continuation of the last
 * 10 s — Cena asks for its own clip length, VIDEO_LENGTH_SECONDS — returned joined onto up to the last 30 s of
 * the input ("some of the final frames in your input video will be edited to make the transition seamless"), so
 * the answer is the tail and the new part and Cena keeps the head before it.
 */
function omniExtension(maxTotalSeconds: number): ExtensionCapability {
  return {
    stepSeconds: VIDEO_LENGTH_SECONDS,
    maxTotalSeconds,
    sourceMaxAgeHours: OMNI_SOURCE_MAX_AGE_HOURS,
    sourceHeights: null,
    result: { kind: 'tail-and-new-part', tailSeconds: 30 },
  };
}

/** Veo 3.1 on either surface (VEO_GUIDE; CHANGELOG 2026-01-13: 4k for Veo and portrait at every resolution). */
const VEO_31_CAPABILITIES = {
  aspectRatios: ['16:9', '9:16'],
  resolutions: ['720p', '1080p', '4k'],
  // VEO_GUIDE "Veo model parameters": the duration parameter is "4", "6" or "8" — 8 only at 1080p and 4k, with
  // reference images and for an extension. Cena's clips are 8 s (VIDEO_LENGTH_SECONDS), valid everywhere.
  clipSeconds: { min: 4, max: 8, allowed: [4, 6, 8] },
  inputs: {
    text: true,
    image: true,
    firstAndLastFrame: true,
    referenceImages: 3,
    edit: false,
    // VEO_GUIDE "Extending Veo videos": +7 s per call, up to 20 times, input up to 141 s, 720p only, only Veo
    // videos generated in the last 2 days; the output is the input and the extension as one video.
    extension: {
      stepSeconds: 7,
      maxTotalSeconds: 148,
      sourceMaxAgeHours: 48,
      sourceHeights: [720],
      result: { kind: 'tail-and-new-part', tailSeconds: 141 },
    },
  },
  negativePromptField: true,
} as const;

const VIDEO_MODELS: readonly VideoModelFacts[] = [
  {
    ...OMNI_SHARED,
    id: OMNI_12_MODEL_ID,
    lifecycle: {
      stage: 'ga',
      note: "SDK_310 / JAVA_GENAI_210: the Google SDKs' video default since 2026-11-10; no Google guide page for 1.2 found.",
    },
    inputs: {
      text: true,
      image: true,
      firstAndLastFrame: true,
      // Sources disagree: OMNI_GUIDE (1.1) says up to 3 reference images; the Vercel AI Gateway changelog for
      // 1.2 says six. Until Google documents 1.2, the narrower reading (3) applies.
      referenceImages: 3,
      edit: OMNI_EDIT,
      // Sources disagree: OMNI_GUIDE (1.1) and VERTEX_EXTEND (which lists 1.2) reach 40 s; the Vercel changelog
      // for 1.2 says 3–10 s per call up to 30 s. The narrower reading applies.
      extension: omniExtension(30),
    },
    sources: [
      'SDK_310',
      'JAVA_GENAI_210',
      'https://vercel.com/changelog/gemini-omni-1-2-flash-now-available-on-ai-gateway',
    ],
  },
  {
    ...OMNI_SHARED,
    id: 'gemini-omni-1.1-flash',
    lifecycle: {
      stage: 'ga',
      note: 'GA 2026-08-27; DEPRECATIONS names it the replacement of the Veo 3.1 previews (shut down 2026-10-22).',
    },
    inputs: {
      text: true,
      image: true,
      // OMNI_GUIDE "First and last frame interpolation": two images in `input`.
      firstAndLastFrame: true,
      // OMNI_GUIDE "Limitations": up to 3 reference clips; subject references by `<IMAGE_REF_N>` tags.
      referenceImages: 3,
      // OMNI_GUIDE "Stateful video editing": `previous_interaction_id` of a stored interaction (store=true).
      edit: OMNI_EDIT,
      // OMNI_GUIDE "Prompts for extending videos": "extend videos by 10s, up to a total length of 40s".
      extension: omniExtension(40),
    },
    sources: ['OMNI_GUIDE', 'DEPRECATIONS', 'SDK_310'],
  },
  {
    ...OMNI_SHARED,
    id: 'gemini-omni-flash-preview',
    lifecycle: {
      stage: 'preview',
      note: 'Preview since 2026-06-30 (CHANGELOG): 720p only, no extension, no interpolation (OMNI_GUIDE, preview).',
    },
    resolutions: ['720p'],
    inputs: {
      text: true,
      image: true,
      firstAndLastFrame: false,
      referenceImages: 3,
      edit: OMNI_EDIT,
      extension: false,
    },
    sources: ['CHANGELOG', 'OMNI_GUIDE'],
  },
  ...(
    ['veo-3.1-generate-preview', 'veo-3.1-fast-generate-preview', 'veo-3.1-lite-generate-preview'] as const
  ).map(
    (id): VideoModelFacts => ({
      id,
      family: 'veo',
      endpoint: 'predictLongRunning',
      lifecycle: {
        stage: 'shut-down',
        note: 'Shut down 2026-10-22; replacement gemini-omni-1.1-flash (DEPRECATIONS).',
      },
      ...VEO_31_CAPABILITIES,
      sources: ['DEPRECATIONS', 'CHANGELOG', 'VEO_GUIDE'],
    }),
  ),
  ...(['veo-3.1-generate-001', 'veo-3.1-fast-generate-001'] as const).map(
    (id): VideoModelFacts => ({
      id,
      family: 'veo',
      endpoint: 'predictLongRunning',
      lifecycle: {
        stage: 'vertex-only',
        note: 'GA on Vertex AI; not served by the Gemini API (VERTEX_VEO3).',
      },
      ...VEO_31_CAPABILITIES,
      sources: ['VERTEX_VEO3'],
    }),
  ),
  ...(['veo-2.0-generate-001', 'veo-3.0-generate-001', 'veo-3.0-fast-generate-001'] as const).map(
    (id): VideoModelFacts => ({
      id,
      family: 'veo',
      endpoint: 'predictLongRunning',
      lifecycle: { stage: 'shut-down', note: 'Shut down 2026-06-30 (CHANGELOG 2026-06-15, DEPRECATIONS).' },
      aspectRatios: ['16:9', '9:16'],
      resolutions: ['720p', '1080p'],
      clipSeconds: { min: 4, max: 8, allowed: [4, 6, 8] },
      inputs: {
        text: true,
        image: true,
        firstAndLastFrame: false,
        referenceImages: 0,
        edit: false,
        extension: false,
      },
      negativePromptField: true,
      sources: ['CHANGELOG', 'DEPRECATIONS', 'VERTEX_VEO3'],
    }),
  ),
];

/** Defaults: the GA Omni id Google's guide documents and names as the Veo replacement (ADR 0005). */
export const DEFAULT_VIDEO_MODELS: Record<ModelMode, string> = {
  fast: 'gemini-omni-1.1-flash',
  quality: 'gemini-omni-1.1-flash',
};

/** The resolution a request asks the provider for: its mode's, or Quality's 4K master. */
export function requestResolution(
  quality: VideoQuality,
  master: MasterResolution | null | undefined,
): ProviderResolution {
  return quality === 'quality' && master === '4k' ? '4k' : MODE_RESOLUTION[quality];
}

/** Long and short side of each provider resolution (16:9 frames; 9:16 swaps them). */
const FRAME_SIDES: Record<ProviderResolution, { long: number; short: number }> = {
  '360p': { long: 640, short: 360 },
  '720p': { long: 1280, short: 720 },
  '1080p': { long: 1920, short: 1080 },
  '4k': { long: 3840, short: 2160 },
};

/** Frame size of a provider video (what the rendering step receives before any reframe). */
export function providerFrameSize(
  resolution: ProviderResolution,
  aspectRatio: ProviderAspectRatio,
): { width: number; height: number } {
  const { long, short } = FRAME_SIDES[resolution];
  return aspectRatio === '16:9' ? { width: long, height: short } : { width: short, height: long };
}

/**
 * Omni 1.2's longest clip as third parties report it, not Google's own page: "Select 3–15 seconds, or up to 10
 * with first/last frames" (https://developer.civitai.com/orchestration/recipes/gemini-omni, read 2026-11-26),
 * "up to 15 seconds from text or a single starting image" (https://runware.ai/docs/models/google-gemini-omni-flash-1-2).
 * The catalogue keeps the narrower 3–10 s; an operator who has verified 15 s on their account widens it with
 * OMNI_12_MAX_CLIP_SECONDS (src/server/config/gemini.server.ts, ADR 0036).
 */
export const OMNI_12_REPORTED_MAX_CLIP_SECONDS = 15;

/**
 * The clip lengths a model takes, in whole seconds (ADR 0033): its listed values, else every second of its range.
 * 1.2's range reaches `omni12MaxSeconds` when the operator widened it (above); an unknown id gets Cena's default
 * length only.
 */
export function clipLengthChoices(modelId: string, omni12MaxSeconds?: number): number[] {
  const range = videoModelFacts(modelId)?.clipSeconds ?? {
    min: VIDEO_LENGTH_SECONDS,
    max: VIDEO_LENGTH_SECONDS,
  };
  if (range.allowed) return [...range.allowed];
  const max =
    modelId === OMNI_12_MODEL_ID && omni12MaxSeconds ? Math.max(range.max, omni12MaxSeconds) : range.max;
  return Array.from({ length: max - range.min + 1 }, (_, index) => range.min + index);
}

export function videoModelFacts(id: string): VideoModelFacts | undefined {
  return VIDEO_MODELS.find((model) => model.id === id);
}

/**
 * Which API serves an id: the catalogue's answer, else the id's family name (Google names new Veo ids `veo-…` and
 * Omni ids `gemini-omni-…`), so a new id in the model list works without a code change. Undefined: not a video
 * model Cena knows how to call.
 */
export function videoModelFamily(id: string): VideoModelFamily | undefined {
  const known = videoModelFacts(id);
  if (known) return known.family;
  if (id.startsWith('veo-')) return 'veo';
  if (id.startsWith('gemini-omni-')) return 'omni';
  return undefined;
}

/** Ratios every catalogued model generates natively; the others are generated at 16:9 and reframed. */
const NATIVE_PROVIDER_RATIOS: readonly AspectRatio[] = ASPECT_RATIOS.filter((ratio) =>
  VIDEO_MODELS.every((model) => (model.aspectRatios as readonly string[]).includes(ratio)),
);

export function providerAspectRatio(ratio: AspectRatio): ProviderAspectRatio {
  return ratio === '9:16' ? '9:16' : '16:9';
}

/** A reframed ratio (1:1, 4:3) is cropped out of a 16:9 frame and so loses resolution. */
function isReframedRatio(ratio: AspectRatio): boolean {
  return !NATIVE_PROVIDER_RATIOS.includes(ratio);
}

/**
 * The create page's resolution warning (ADR 0005): Quality promises 1080p, which a reframed ratio cannot keep;
 * Fast at 1:1 or 4:3 is still shown at its stated 720p class, so it carries no warning.
 */
export function losesPromisedResolution(quality: VideoQuality, ratio: AspectRatio): boolean {
  return quality === 'quality' && isReframedRatio(ratio);
}

// Named here too for the modules that read a provider's limits beside its models.
export {
  GEMINI_VIDEO_CAPACITY,
  LOCAL_PREVIEW_MODEL,
  LOCAL_RENDERER_CAPACITY,
  type ProviderCapacity,
} from './provider-capacity';
