import type { VideoQuality } from '../../shared/catalogue';
import {
  type DirectingCapabilities,
  directingCapabilities,
  FIRST_FRAME_ONLY,
  LOCAL_RENDERER_CAPABILITIES,
} from '../../shared/video-directing';
import { videoModelFacts } from '../../shared/video-models';
import type { GeminiConfig, VideoConfig } from '../config.server';

/**
 * What the model that serves a mode can direct — frames, references, extension, edit — from the catalogue
 * (src/shared/video-models.ts). A model id the catalogue does not know gets a first frame only.
 */
export type CapabilitiesOf = (quality: VideoQuality) => DirectingCapabilities;

export function capabilitiesOf(video: {
  provider: VideoConfig['provider'];
  gemini: Pick<GeminiConfig, 'models'>;
}): CapabilitiesOf {
  return (quality) => {
    if (video.provider === 'local') return LOCAL_RENDERER_CAPABILITIES;
    const facts = videoModelFacts(video.gemini.models[quality]);
    return facts ? directingCapabilities(facts) : FIRST_FRAME_ONLY;
  };
}
