import { mediaToolchainFromEnv } from '../../src/server/media/toolchain.server';
import type { MediaTools } from '../../src/server/videos/pipeline/media.server';

/** ffmpeg and ffprobe as the product resolves them (system, else npm), with a per-run time limit. */
export async function mediaTools(timeoutMs: number): Promise<MediaTools> {
  const toolchain = await mediaToolchainFromEnv();
  return { ffmpegPath: toolchain.ffmpeg.path, ffprobePath: toolchain.ffprobe.path, timeoutMs };
}
