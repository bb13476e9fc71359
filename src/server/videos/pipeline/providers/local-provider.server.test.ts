import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderResult } from '../media.server';
import { LocalVideoProvider } from './local-provider.server';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-local-provider-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('renders a real 8 s MP4 with audio, resumable from its operation name, reframed to 4:3', async () => {
  const options = { dir: path.join(dir, 'renders'), delayMs: 50, ffmpegPath: 'ffmpeg' };
  const first = new LocalVideoProvider(options);
  const { operationName } = await first.submit({
    requestId: 'r1',
    prompt: '{"subject":"gato"}',
    userPrompt: 'Um gato laranja tocando piano numa sala aconchegante',
    negativePrompt: undefined,
    quality: 'fast',
    aspectRatio: '16:9',
    seed: 12345,
    image: undefined,
  });
  expect(operationName).toMatch(/^local\//);
  // Another worker (a new instance, as after a restart) polls the same operation to the end.
  const second = new LocalVideoProvider(options);
  let result = await second.poll(operationName);
  const until = Date.now() + 60_000;
  while (!result.done && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    result = await second.poll(operationName);
  }
  if (!result.done || !('video' in result) || !('uri' in result.video)) {
    throw new Error(`not rendered: ${JSON.stringify(result)}`);
  }

  const stored = new Map<string, Buffer>();
  const media = await renderResult({
    source: await second.download(result.video.uri),
    storage: {
      put: async (key, body) => {
        const chunks: Buffer[] = [];
        if (Buffer.isBuffer(body)) chunks.push(body);
        else for await (const chunk of body) chunks.push(chunk as Buffer);
        stored.set(key, Buffer.concat(chunks));
      },
    },
    userId: 'u1',
    requestId: 'r1',
    aspectRatio: '4:3',
    tools: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', timeoutMs: 60_000 },
  });
  expect(media.probe.durationSeconds).toBeCloseTo(8, 1);
  expect(media.probe.hasAudio).toBe(true);
  expect(media.resolution).toBe('960x720');
  expect([...stored.keys()].sort()).toEqual([
    'u1/videos/r1/source.mp4',
    'u1/videos/r1/thumbnail.jpg',
    'u1/videos/r1/video.mp4',
  ]);
  expect(stored.get('u1/videos/r1/thumbnail.jpg')?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
}, 90_000);
