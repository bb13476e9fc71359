import type { VideoQuality } from '../../shared/catalogue';
import {
  type DirectingCapabilities,
  VIDEO_CAPABILITIES,
  type VideoModelFamily,
} from '../../shared/video-directing';
import type { VideoConfig } from '../config.server';

/**
 * The directing capabilities of the model that serves a mode, from its id (src/shared/video-directing.ts). A model
 * id of no family Cena knows gets a first frame only: nothing the docs do not promise is offered.
 */

const FIRST_FRAME_ONLY: DirectingCapabilities = {
  firstFrame: true,
  lastFrame: false,
  referenceImagesMax: 0,
  extension: null,
  edit: null,
};

export function modelFamily(modelId: string): VideoModelFamily | undefined {
  if (modelId.startsWith('gemini-omni-')) return 'gemini-omni';
  if (modelId.startsWith('veo-3.1-')) return 'veo-3.1';
  return undefined;
}

export type CapabilitiesOf = (quality: VideoQuality) => DirectingCapabilities;

export function capabilitiesOf(video: Pick<VideoConfig, 'provider' | 'veo'>): CapabilitiesOf {
  return (quality) => {
    if (video.provider === 'local') return VIDEO_CAPABILITIES.local;
    const family = modelFamily(video.veo.models[quality]);
    return family ? VIDEO_CAPABILITIES[family] : FIRST_FRAME_ONLY;
  };
}
