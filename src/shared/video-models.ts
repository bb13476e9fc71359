import { ASPECT_RATIOS, type AspectRatio, type VideoQuality } from './catalogue';

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
 * - VEO_GUIDE: https://ai.google.dev/gemini-api/docs/video (undated; still describes Veo 3.1 on
 *   `:predictLongRunning` — an id counts as served only when `GET /models` lists it).
 */

export type VideoModelFamily = 'omni' | 'veo';
/** What the provider is asked for; every other ratio is generated at 16:9 and reframed. */
export type ProviderAspectRatio = '16:9' | '9:16';
export type ProviderResolution = '720p' | '1080p';

export interface VideoModelFacts {
  id: string;
  family: VideoModelFamily;
  /** `POST {base}/interactions` (Omni) or `POST {base}/models/{id}:predictLongRunning` (Veo). */
  endpoint: 'interactions' | 'predictLongRunning';
  lifecycle: { stage: 'ga' | 'preview' | 'shut-down' | 'vertex-only'; note: string };
  aspectRatios: readonly ProviderAspectRatio[];
  resolutions: readonly string[];
  durationSeconds: { min: number; max: number };
  inputs: {
    text: true;
    /** One image the model animates (Omni decides from the prompt whether it is a first frame or a reference). */
    image: boolean;
    firstAndLastFrame: boolean;
    referenceImages: number;
    /** Edit by instruction of a stored interaction (`previous_interaction_id`). */
    editByInstruction: boolean;
    extension: { stepSeconds: number; totalSeconds: number } | false;
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
  durationSeconds: { min: 3, max: 10 },
  // OMNI_GUIDE "Limitations": negative prompts are not supported — write them into the prompt ("Do not …").
  negativePromptField: false,
} as const;

/** Veo 3.1 on either surface (VEO_GUIDE; CHANGELOG 2026-01-13: 4k for Veo and portrait at every resolution). */
const VEO_31_CAPABILITIES = {
  aspectRatios: ['16:9', '9:16'],
  resolutions: ['720p', '1080p', '4k'],
  durationSeconds: { min: 4, max: 8 },
  inputs: {
    text: true,
    image: true,
    firstAndLastFrame: true,
    referenceImages: 3,
    editByInstruction: false,
    extension: { stepSeconds: 7, totalSeconds: 148 },
  },
  negativePromptField: true,
} as const;

export const VIDEO_MODELS: readonly VideoModelFacts[] = [
  {
    ...OMNI_SHARED,
    id: 'gemini-omni-1.2-flash',
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
      editByInstruction: true,
      // Sources disagree: OMNI_GUIDE (1.1) extends 10 s at a time up to 40 s; the Vercel changelog for 1.2 says
      // 3–10 s per call up to 30 s. The narrower reading applies.
      extension: { stepSeconds: 10, totalSeconds: 30 },
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
      editByInstruction: true,
      // OMNI_GUIDE "Prompts for extending videos": 10 s at a time, up to 40 s in total (1.1 only); sources
      // disagree for 1.2 (see above), so Cena plans with 30 s.
      extension: { stepSeconds: 10, totalSeconds: 30 },
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
      editByInstruction: true,
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
      durationSeconds: { min: 4, max: 8 },
      inputs: {
        text: true,
        image: true,
        firstAndLastFrame: false,
        referenceImages: 0,
        editByInstruction: false,
        extension: false,
      },
      negativePromptField: true,
      sources: ['CHANGELOG', 'DEPRECATIONS', 'VERTEX_VEO3'],
    }),
  ),
];

/** Defaults: the GA Omni id Google's guide documents and names as the Veo replacement (ADR 0005). */
export const DEFAULT_VIDEO_MODELS: Record<VideoQuality, string> = {
  fast: 'gemini-omni-1.1-flash',
  quality: 'gemini-omni-1.1-flash',
};

/** Cena's modes (design §5): Fast is 720p, Quality 1080p, at every ratio; every clip VIDEO_LENGTH_SECONDS long. */
export const MODE_RESOLUTION: Record<VideoQuality, ProviderResolution> = { fast: '720p', quality: '1080p' };

/** Frame size of a provider video (what the rendering step receives before any reframe). */
export function providerFrameSize(
  resolution: ProviderResolution,
  aspectRatio: ProviderAspectRatio,
): { width: number; height: number } {
  const long = resolution === '1080p' ? 1920 : 1280;
  const short = resolution === '1080p' ? 1080 : 720;
  return aspectRatio === '16:9' ? { width: long, height: short } : { width: short, height: long };
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
export const NATIVE_PROVIDER_RATIOS: readonly AspectRatio[] = ASPECT_RATIOS.filter((ratio) =>
  VIDEO_MODELS.every((model) => (model.aspectRatios as readonly string[]).includes(ratio)),
);

export function providerAspectRatio(ratio: AspectRatio): ProviderAspectRatio {
  return ratio === '9:16' ? '9:16' : '16:9';
}

/** A reframed ratio (1:1, 4:3) is cropped out of a 16:9 frame and so loses resolution. */
export function isReframedRatio(ratio: AspectRatio): boolean {
  return !NATIVE_PROVIDER_RATIOS.includes(ratio);
}

/**
 * The create page's resolution warning (ADR 0005): Quality promises 1080p, which a reframed ratio cannot keep;
 * Fast at 1:1 or 4:3 is still shown at its stated 720p class, so it carries no warning.
 */
export function losesPromisedResolution(quality: VideoQuality, ratio: AspectRatio): boolean {
  return quality === 'quality' && isReframedRatio(ratio);
}
