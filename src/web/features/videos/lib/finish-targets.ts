import { type MasterResolution, requestCredits, type VideoQuality } from '#shared/catalogue';
import { deliveredFrameSize, frameText } from '#shared/delivered-frame';
import { requestResolution } from '#shared/video-models';
import type { VideoRequestView } from '#shared/video-request';

type FinishTargetId = 'fast' | 'quality' | '4k';

export interface FinishTarget {
  id: FinishTargetId;
  quality: 'fast' | 'quality';
  resolution?: MasterResolution;
  /** The frame the finished video comes out at, as the technical info writes it ("1080x1920"). */
  frame: string;
  /** What it costs at the source's length: the server holds the same (`requestCredits`, ADR 0033). */
  cost: number;
}

/** The three ways to finish, lowest first; a step is its provider resolution's rank. */
const TARGETS: readonly {
  id: FinishTargetId;
  quality: 'fast' | 'quality';
  resolution?: MasterResolution;
  step: number;
}[] = [
  { id: 'fast', quality: 'fast', step: 1 },
  { id: 'quality', quality: 'quality', step: 2 },
  { id: '4k', quality: 'quality', resolution: '4k', step: 3 },
];

function stepOf(quality: VideoQuality, master: MasterResolution | null): number {
  if (quality === 'draft') return 0;
  if (quality === 'fast') return 1;
  return master === '4k' ? 3 : 2;
}

/**
 * The ways up from a completed video (ADR 0058): only the modes above its own — a Rascunho to Fast, Quality or 4K, a
 * Fast video to Quality or 4K, a Quality one to 4K — so a Fast video is offered one way up ('Finalizar'), never both
 * 'Finalizar' and 'Gerar em Quality', and nothing is offered that would make the same video again at its own level.
 */
export function finishTargets(request: VideoRequestView): FinishTarget[] {
  if (request.status !== 'completed' || request.kind === 'film') return [];
  const from = stepOf(request.quality, request.masterResolution);
  return TARGETS.filter((target) => target.step > from).map(({ id, quality, resolution }) => ({
    id,
    quality,
    resolution,
    frame: frameText(deliveredFrameSize(requestResolution(quality, resolution), request.aspectRatio)),
    cost: requestCredits({ quality, clipSeconds: request.clipSeconds, resolution }),
  }));
}

/** The target a page leads with: Quality (1080p), the finish a draft is made for, else the first way up. */
export function leadTarget(targets: readonly FinishTarget[]): FinishTarget | undefined {
  return targets.find((target) => target.id === 'quality') ?? targets[0];
}
