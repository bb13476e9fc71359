import type { GeminiConfig, VideoConfig } from '#server/config.server';
import { modelModeOf, type VideoQuality } from '#shared/catalogue';
import {
  type DirectingCapabilities,
  directingCapabilities,
  FIRST_FRAME_ONLY,
  LOCAL_RENDERER_CAPABILITIES,
} from '#shared/video-directing';
import { videoModelFacts } from '#shared/video-models';

/**
 * What the model that serves a mode can direct — frames, references, extension, edit — from the catalogue
 * (src/shared/video-models.ts). A model id the catalogue does not know gets a first frame only. With `model` (the
 * model a stored request was made with), that model's: an extension or edit is made by its source's model, whatever
 * the mode's setting says today.
 */
export type CapabilitiesOf = (quality: VideoQuality, model?: string | null) => DirectingCapabilities;

export function capabilitiesOf(video: {
  provider: VideoConfig['provider'];
  gemini: Pick<GeminiConfig, 'models'> & Partial<Pick<GeminiConfig, 'omni12MaxClipSeconds'>>;
}): CapabilitiesOf {
  return (quality, model) => {
    if (video.provider === 'local') return LOCAL_RENDERER_CAPABILITIES;
    const facts = videoModelFacts(model ?? video.gemini.models[modelModeOf(quality)]);
    return facts ? directingCapabilities(facts, video.gemini.omni12MaxClipSeconds) : FIRST_FRAME_ONLY;
  };
}
