/**
 * The media room's entry file (ADR 0003): what other rooms use of it — ffmpeg and ffprobe (the toolchain found at
 * start, the runner), rendering (reframe, thumbnails, probe, the trial's mark) and film joins. Other rooms import
 * this file, never one inside the room (biome.json).
 */

export type { RenderEdits } from './deliver.server';
export type { MediaTools } from './ffmpeg.server';
export { FfmpegError, filterPath, probeJson, runTool } from './ffmpeg.server';
export type { JoinPlan, PipelineStorage, ProbeResult } from './rendering.server';
export {
  downloadKey,
  lastFrameKey,
  mediaKeys,
  probe,
  renderResult,
  storeLastFrame,
} from './rendering.server';
export { frameSize, thumbnailSize, writeThumbnail } from './thumbnail.server';
export type { MediaToolchain } from './toolchain.server';
export {
  bundledFfmpegWarning,
  describeMediaToolchain,
  MediaToolchainError,
  resolveMediaToolchain,
} from './toolchain.server';
