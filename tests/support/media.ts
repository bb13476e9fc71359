import { type MediaTools, runTool } from '#server/media/ffmpeg.server';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';

/** ffmpeg and ffprobe as the product resolves them (system, else npm), with a per-run time limit. */
export async function mediaTools(timeoutMs: number): Promise<MediaTools> {
  const toolchain = await mediaToolchainFromEnv();
  return { ffmpegPath: toolchain.ffmpeg.path, ffprobePath: toolchain.ffprobe.path, timeoutMs };
}

/** A solid-colour MP4 (24 fps, H.264) with a 440 Hz tone, or without sound: a stand-in for a generated video. */
export async function colourClip(
  tools: MediaTools,
  file: string,
  options: { colour: string; seconds: number; size: string; withAudio?: boolean },
): Promise<string> {
  const withAudio = options.withAudio ?? true;
  const { seconds } = options;
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `color=c=${options.colour}:s=${options.size}:r=24:d=${seconds}`],
      ...(withAudio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:d=${seconds}`] : []),
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...(withAudio ? ['-c:a', 'aac', '-shortest'] : []),
      file,
    ],
    { timeoutMs: tools.timeoutMs },
  );
  return file;
}
