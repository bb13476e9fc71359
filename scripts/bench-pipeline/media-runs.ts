import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { renderResult } from '#server/media/rendering.server';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';
import { LocalVideoProvider } from '#server/video-providers/local-preview-provider.server';
import type { AspectRatio } from '#shared/catalogue';
import { tools } from './shared';

/** The runs on files alone: the rendering step and a local extension. */

export const RENDER_RUNS = 3;

/** Writes under `dir` like the disk storage does. */
function diskStorage(dir: string) {
  return {
    async put(key: string, body: Buffer | Readable): Promise<void> {
      const file = path.join(dir, key);
      await mkdir(path.dirname(file), { recursive: true });
      const out = createWriteStream(file);
      if (Buffer.isBuffer(body)) {
        await new Promise<void>((resolve, reject) => out.end(body, () => resolve()).once('error', reject));
      } else {
        await pipeline(body, out);
      }
    },
  };
}

export async function benchRender(video: string, dir: string): Promise<Map<AspectRatio, number[]>> {
  const storage = diskStorage(path.join(dir, 'render-storage'));
  const results = new Map<AspectRatio, number[]>();
  for (const aspectRatio of ['16:9', '1:1'] as const) {
    const times: number[] = [];
    for (let i = 0; i <= RENDER_RUNS; i++) {
      const t = performance.now();
      const media = await renderResult({
        source: createReadStream(video),
        storage,
        userId: 'bench-user',
        requestId: randomUUID(),
        aspectRatio,
        tools,
      });
      const elapsed = performance.now() - t;
      if (i === 0 && media.probe.deliveredSeconds < 7.9) throw new Error('the rendered video is not 8 s');
      if (i > 0) times.push(elapsed); // the first run warms the page cache and ffmpeg
    }
    results.set(aspectRatio, times);
  }
  return results;
}

/** Asks the local renderer until its operation is done; returns the rendered file as a stream. */
async function renderLocally(
  provider: LocalVideoProvider,
  input: Parameters<LocalVideoProvider['submit']>[0],
) {
  const { operationName } = await provider.submit(input);
  for (;;) {
    const result = await provider.poll(operationName);
    if (result.done) {
      if (!('video' in result)) throw new Error(`local render failed: ${JSON.stringify(result)}`);
      if (!('uri' in result.video)) throw new Error('the local renderer answers a URI');
      return provider.download(result.video.uri);
    }
    await sleep(50);
  }
}

/**
 * Extending a 60 s video in local mode: the renderer makes the new 8 s part, and the pipeline joins it to the whole
 * source (stream copy when the parts match) and stores, thumbnails and probes the result.
 */
export async function benchExtension(
  dir: string,
): Promise<{ renderMs: number; joinMs: number; seconds: number }> {
  const provider = new LocalVideoProvider({
    dir: path.join(dir, 'local'),
    delayMs: 0,
    ffmpegPath: tools.ffmpegPath,
    fontFile: (await mediaToolchainFromEnv()).fonts.regular,
  });
  const base = {
    requestId: randomUUID(),
    prompt: 'bench',
    userPrompt: 'Um barco a vela cruzando a baía ao amanhecer',
    negativePrompt: undefined,
    quality: 'fast' as const,
    resolution: '720p' as const,
    clipSeconds: 8,
    aspectRatio: '16:9' as const,
    seed: null,
    image: undefined,
  };
  // The 60 s source, made the way an edit re-renders a whole length.
  const sourceFile = path.join(dir, 'source-60s.mp4');
  const source = await renderLocally(provider, {
    ...base,
    derivation: { kind: 'edit', sourceOperationName: null, sourceDeliveredSeconds: 60 },
  });
  await pipeline(source, createWriteStream(sourceFile));
  const started = performance.now();
  const part = await renderLocally(provider, {
    ...base,
    userPrompt: 'O barco chega ao porto',
    derivation: { kind: 'extend', sourceOperationName: null, sourceDeliveredSeconds: 60 },
  });
  const rendered = performance.now();
  const media = await renderResult({
    source: part,
    join: { kind: 'same-take', head: createReadStream(sourceFile), headSeconds: 60 },
    storage: diskStorage(path.join(dir, 'extension-storage')),
    userId: 'bench-user',
    requestId: randomUUID(),
    aspectRatio: '16:9',
    tools,
  });
  if (media.probe.deliveredSeconds < 67.5 || !media.probe.hasAudio)
    throw new Error('the extension is not 68 s');
  return {
    renderMs: rendered - started,
    joinMs: performance.now() - rendered,
    seconds: media.probe.deliveredSeconds,
  };
}

// ---------------------------------------------------------------------------------------------------------------
