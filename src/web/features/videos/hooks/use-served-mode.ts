import { useEffect } from 'react';
import { VIDEO_QUALITIES, type VideoQuality } from '#shared/catalogue';
import type { VideoAvailability } from '#shared/video-directing';
import type { CreateForm } from './use-create-form';

/**
 * The mode field's fallback: when the chosen mode became unavailable and the other one is served, that one is
 * offered instead. Returns whether a mode is unavailable (shown disabled with the reason, and not sent).
 */
export function useServedMode(
  form: CreateForm,
  modes: VideoAvailability['modes'] | undefined,
  quality: VideoQuality,
): (mode: VideoQuality) => boolean {
  useEffect(() => {
    if (!modes || modes[quality]) return;
    const other = VIDEO_QUALITIES.find((mode) => modes[mode]);
    if (other) form.setValue('quality', other);
  }, [modes, quality, form]);
  return (mode) => modes?.[mode] === false;
}
