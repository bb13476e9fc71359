/**
 * Run as a child process by the local provider's test, with a PATH that has no ffmpeg: renders one local preview
 * through the same steps as the worker (toolchain, provider, rendering step) and prints the toolchain and the probe
 * of the delivered video as JSON.
 *
 *   node --import tsx tests/support/render-local-preview.ts <fast|quality> <16:9|9:16|1:1|4:3>
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderResult } from '#server/media/rendering.server';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';
import { LocalVideoProvider } from '#server/video-providers/local-preview-provider.server';
import {
  type AspectRatio,
  MODE_RESOLUTION,
  VIDEO_LENGTH_SECONDS,
  type VideoQuality,
} from '#shared/catalogue';

const [quality, aspectRatio] = process.argv.slice(2) as [VideoQuality, AspectRatio];
const toolchain = await mediaToolchainFromEnv();
const dir = await mkdtemp(path.join(os.tmpdir(), 'cena-preview-'));
try {
  const provider = new LocalVideoProvider({
    dir,
    delayMs: 0,
    ffmpegPath: toolchain.ffmpeg.path,
    fontFile: toolchain.fonts.regular,
  });
  const { operationName } = await provider.submit({
    requestId: 'preview',
    prompt: 'Um farol na costa ao entardecer',
    userPrompt: 'Um farol na costa ao entardecer, ondas batendo nas pedras',
    negativePrompt: undefined,
    quality,
    resolution: MODE_RESOLUTION[quality],
    clipSeconds: VIDEO_LENGTH_SECONDS,
    aspectRatio: aspectRatio === '9:16' ? '9:16' : '16:9',
    seed: null,
    image: undefined,
  });
  let result = await provider.poll(operationName);
  while (!result.done) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    result = await provider.poll(operationName);
  }
  if (!('video' in result) || !('uri' in result.video))
    throw new Error(`not rendered: ${JSON.stringify(result)}`);
  const media = await renderResult({
    source: await provider.download(result.video.uri),
    storage: { put: async () => undefined },
    userId: 'u',
    requestId: 'preview',
    aspectRatio,
    tools: { ffmpegPath: toolchain.ffmpeg.path, ffprobePath: toolchain.ffprobe.path, timeoutMs: 120_000 },
  });
  console.log(JSON.stringify({ toolchain, probe: media.probe, resolution: media.resolution }));
} finally {
  await rm(dir, { recursive: true, force: true });
}
