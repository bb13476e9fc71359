import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';
import { tinyPng } from '#tests/support/images';
import { LocalVideoProvider } from './local-preview-provider.server';
import type { VideoGenerationInput } from './video-provider.server';

let dir: string;
let counted: string;
let runs: string;
let fontFile: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-render-cache-'));
  const toolchain = await mediaToolchainFromEnv();
  fontFile = toolchain.fonts.regular;
  // The toolchain's ffmpeg behind a script that counts its runs: what the cache saves is runs of it.
  runs = path.join(dir, 'runs');
  counted = path.join(dir, 'ffmpeg');
  await writeFile(counted, `#!/bin/sh\necho run >> '${runs}'\nexec '${toolchain.ffmpeg.path}' "$@"\n`);
  await chmod(counted, 0o755);
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function ffmpegRuns(): Promise<number> {
  return (await readFile(runs, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
}

/** A Rascunho 2 s render: the cheapest real one. */
function input(overrides: Partial<VideoGenerationInput> = {}): VideoGenerationInput {
  return {
    requestId: 'r',
    prompt: '{"subject":"farol"}',
    userPrompt: 'Um farol na costa ao entardecer',
    negativePrompt: undefined,
    quality: 'draft',
    resolution: '360p',
    clipSeconds: 2,
    aspectRatio: '16:9',
    seed: 7,
    image: undefined,
    ...overrides,
  };
}

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function render(provider: LocalVideoProvider, asked: VideoGenerationInput): Promise<Buffer> {
  const { operationName } = await provider.submit(asked);
  const until = Date.now() + 60_000;
  let result = await provider.poll(operationName);
  while (!result.done && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    result = await provider.poll(operationName);
  }
  if (!result.done || !('video' in result) || !('uri' in result.video)) {
    throw new Error(`not rendered: ${JSON.stringify(result)}`);
  }
  return bytes(await provider.download(result.video.uri));
}

function provider(name: string, maxBytes: number, ffmpegPath = counted): LocalVideoProvider {
  return new LocalVideoProvider({
    dir: path.join(dir, name),
    delayMs: 0,
    ffmpegPath,
    fontFile,
    cache: { dir: path.join(dir, `${name}-cache`), maxBytes },
  });
}

describe('local preview render cache (ADR 0075)', () => {
  it('copies a render asked again, by another instance too, and encodes anything that differs', async () => {
    const first = provider('shared', 64 * 1024 * 1024);
    const before = await ffmpegRuns();
    const original = await render(first, input({ requestId: 'a' }));
    expect(await ffmpegRuns()).toBe(before + 1);
    // Another request and another worker (a new instance on the same folder): the same video, no encode.
    const again = await render(provider('shared', 64 * 1024 * 1024), input({ requestId: 'b' }));
    expect(again.equals(original)).toBe(true);
    expect(await ffmpegRuns()).toBe(before + 1);

    // Each input of the command is part of the key: the seed, the words, the mode, a first frame's bytes.
    await render(first, input({ seed: 8 }));
    await render(first, input({ userPrompt: 'Um farol na costa à noite' }));
    await render(first, input({ quality: 'fast', resolution: '720p' }));
    const png = (fill: [number, number, number]) => ({ bytes: tinyPng(64, 36, fill), mimeType: 'image/png' });
    await render(first, input({ image: png([200, 30, 30]) }));
    await render(first, input({ image: png([30, 30, 200]) }));
    expect(await ffmpegRuns()).toBe(before + 6);
    await render(first, input({ image: png([30, 30, 200]) }));
    expect(await ffmpegRuns()).toBe(before + 6);
    // The operation's own files are gone once read; only the cache keeps renders.
    expect((await readdir(path.join(dir, 'shared'))).filter((name) => name.endsWith('.mp4'))).toEqual([]);
  }, 120_000);

  it('encodes once for the same render asked twice at once', async () => {
    const both = provider('together', 64 * 1024 * 1024);
    const before = await ffmpegRuns();
    const [a, b] = await Promise.all([
      render(both, input({ requestId: 'a', seed: 11 })),
      render(both, input({ requestId: 'b', seed: 11 })),
    ]);
    expect(a.equals(b)).toBe(true);
    expect(await ffmpegRuns()).toBe(before + 1);
  }, 120_000);

  it('keeps a binary’s renders apart from another’s, keeps to its size, and is off at 0', async () => {
    const other = path.join(dir, 'other-ffmpeg');
    await writeFile(
      other,
      `#!/bin/sh\necho run >> '${runs}'\nexec '${(await mediaToolchainFromEnv()).ffmpeg.path}' "$@"\n`,
    );
    await chmod(other, 0o755);
    const before = await ffmpegRuns();
    await render(provider('binaries', 64 * 1024 * 1024), input());
    await render(provider('binaries', 64 * 1024 * 1024, other), input());
    expect(await ffmpegRuns()).toBe(before + 2);

    // One byte of room: each render is kept, then trimmed away, so it is encoded again when asked.
    const tiny = provider('tiny', 1);
    await render(tiny, input());
    await render(tiny, input());
    expect(await ffmpegRuns()).toBe(before + 4);
    expect(await readdir(path.join(dir, 'tiny-cache'))).toEqual([]);

    const off = provider('off', 0);
    await render(off, input());
    await render(off, input());
    expect(await ffmpegRuns()).toBe(before + 6);
  }, 120_000);
});
