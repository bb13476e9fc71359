import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderResult } from '#server/media/rendering.server';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';
import { runToEnd } from '#tests/support/child-process';
import { LocalVideoProvider, previewSize } from './local-preview-provider.server';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-local-provider-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('local preview provider', () => {
  it("makes each mode's real resolution, natively in 16:9 and 9:16", () => {
    expect(previewSize('fast', '16:9')).toEqual({ width: 1280, height: 720 });
    expect(previewSize('fast', '9:16')).toEqual({ width: 720, height: 1280 });
    expect(previewSize('quality', '16:9')).toEqual({ width: 1920, height: 1080 });
    expect(previewSize('quality', '9:16')).toEqual({ width: 1080, height: 1920 });
  });

  it('ends its ffmpeg children when closed (a stopped server leaves none behind); another instance renders again', async () => {
    const toolchain = await mediaToolchainFromEnv();
    const options = {
      dir: path.join(dir, 'closing'),
      delayMs: 50,
      ffmpegPath: toolchain.ffmpeg.path,
      fontFile: toolchain.fonts.regular,
    };
    const provider = new LocalVideoProvider(options);
    const { operationName } = await provider.submit({
      requestId: 'r-close',
      prompt: '{"subject":"farol"}',
      userPrompt: 'Um farol numa noite de tempestade, ondas enormes contra as pedras',
      negativePrompt: undefined,
      quality: 'quality',
      resolution: '1080p',
      clipSeconds: 8,
      aspectRatio: '16:9',
      seed: 12345,
      image: undefined,
    });
    const rendering = async () =>
      (await runToEnd('ps', ['-eo', 'args'], process.env)).stdout
        .split('\n')
        .filter((line) => line.includes(options.dir));
    const until = Date.now() + 20_000;
    while ((await rendering()).length === 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await rendering()).length).toBeGreaterThan(0);
    await provider.close();
    expect(await rendering()).toEqual([]);
    // Not a failure: the operation is still there for the next worker, which renders it to the end.
    const next = new LocalVideoProvider(options);
    let result = await next.poll(operationName);
    const done = Date.now() + 60_000;
    while (!result.done && Date.now() < done) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      result = await next.poll(operationName);
    }
    expect(result.done && 'video' in result).toBe(true);
  }, 90_000);

  it('renders a real 8 s Fast MP4 with audio, resumable from its operation name, reframed to 4:3', async () => {
    const toolchain = await mediaToolchainFromEnv();
    const options = {
      dir: path.join(dir, 'renders'),
      delayMs: 50,
      ffmpegPath: toolchain.ffmpeg.path,
      fontFile: toolchain.fonts.regular,
    };
    const first = new LocalVideoProvider(options);
    const { operationName } = await first.submit({
      requestId: 'r1',
      prompt: '{"subject":"gato"}',
      userPrompt: 'Um gato laranja tocando piano numa sala aconchegante',
      negativePrompt: undefined,
      quality: 'fast',
      resolution: '720p',
      clipSeconds: 8,
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
      tools: { ffmpegPath: toolchain.ffmpeg.path, ffprobePath: toolchain.ffprobe.path, timeoutMs: 60_000 },
    });
    expect(media.probe.deliveredSeconds).toBeCloseTo(8, 1);
    expect(media.probe.hasAudio).toBe(true);
    // Fast is 1280x720; 4:3 keeps the full height, as production's reframe does.
    expect(media.resolution).toBe('960x720');
    expect([...stored.keys()].sort()).toEqual([
      'u1/videos/r1/source.mp4',
      'u1/videos/r1/thumbnail.jpg',
      'u1/videos/r1/video.mp4',
    ]);
    expect(stored.get('u1/videos/r1/thumbnail.jpg')?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  }, 90_000);

  it('renders a Quality 9:16 preview at 1080x1920 on a machine whose PATH has no ffmpeg or ffprobe', async () => {
    // PATH holds node and nothing else: the renderer must find its tools in npm packages.
    const bin = path.join(dir, 'node-only');
    await mkdir(bin);
    await symlink(process.execPath, path.join(bin, 'node'));
    const { code, stdout, stderr } = await runToEnd(
      process.execPath,
      ['--import', 'tsx', 'tests/support/render-local-preview.ts', 'quality', '9:16'],
      { PATH: bin, HOME: os.homedir(), TMPDIR: os.tmpdir() },
    );
    expect(code, stderr).toBe(0);
    const report = JSON.parse(stdout) as {
      toolchain: { ffmpeg: { source: string }; ffprobe: { source: string } };
      probe: { deliveredSeconds: number; hasAudio: boolean };
      resolution: string;
    };
    expect(report.toolchain.ffmpeg.source).toBe('npm');
    expect(report.toolchain.ffprobe.source).toBe('npm');
    expect(report.resolution).toBe('1080x1920');
    expect(report.probe.deliveredSeconds).toBeCloseTo(8, 1);
    expect(report.probe.hasAudio).toBe(true);
  }, 180_000);
});
