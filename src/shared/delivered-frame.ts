import type { AspectRatio } from './catalogue';
import { type ProviderResolution, providerAspectRatio, providerFrameSize } from './video-models';

/**
 * The frame a video is delivered in: the provider's (16:9 or 9:16 at its resolution), centre-cropped to 1:1 or 4:3
 * keeping its full height, with even sides — the same arithmetic as the render's crop filter
 * (src/server/media/rendering.server.ts `cropFilter`). So a 4K master at 1:1 is 2160x2160, not 3840 wide
 * (ADR 0033: a reframe says what resolution results).
 */
export function deliveredFrameSize(
  resolution: ProviderResolution,
  ratio: AspectRatio,
): { width: number; height: number } {
  const frame = providerFrameSize(resolution, providerAspectRatio(ratio));
  const [across = 1, down = 1] = ratio.split(':').map(Number);
  const wanted = across / down;
  const even = (side: number) => Math.trunc(side / 2) * 2;
  return {
    width: even(Math.min(frame.width, frame.height * wanted)),
    height: even(Math.min(frame.height, frame.width / wanted)),
  };
}

export const frameText = ({ width, height }: { width: number; height: number }) => `${width}x${height}`;
