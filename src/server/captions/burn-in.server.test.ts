import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';
import { greyFrame, rowsDifference } from '#tests/support/frames';
import { colourClip, mediaTools } from '#tests/support/media';
import { burnCaptions, burnLayout } from './burn-in.server';

/**
 * The burned-in captions at both ratios Cena makes: the text is in the picture (a frame with captions differs from
 * the same frame without them in the caption band, and only there), above the bottom safe margin, and gone outside
 * its cue's time. Short, small clips: the suite is slow enough.
 */

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-burn-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const CUES = [
  { start: 0, end: 1.5, text: 'Olá, pessoal! Bem-vindos à Cena, o vídeo que fala português' },
  { start: 2.5, end: 3, text: 'Tchau' },
];

describe.each([
  { ratio: '16:9', width: 320, height: 180 },
  { ratio: '9:16', width: 180, height: 320 },
])('burnCaptions at $ratio', ({ width, height }) => {
  it('writes the cue into the caption band, above the safe margin, only during the cue', async () => {
    const tools = await mediaTools(60_000);
    const toolchain = await mediaToolchainFromEnv();
    const input = await colourClip(tools, path.join(dir, `in-${width}.mp4`), {
      colour: 'navy',
      seconds: 3,
      size: `${width}x${height}`,
    });
    const output = path.join(dir, `out-${width}.mp4`);
    const work = await mkdtemp(path.join(dir, 'work-'));
    await burnCaptions({ file: input, frame: { width, height }, cues: CUES }, output, work, {
      ...tools,
      fontFile: toolchain.fonts.regular,
    });

    const size = { width, height };
    const [plain, captioned, after] = await Promise.all([
      greyFrame(tools, input, 1, size),
      greyFrame(tools, output, 1, size),
      greyFrame(tools, output, 2, size),
    ]);
    const layout = burnLayout(size);
    const band = height - layout.bottomMargin;
    // The caption's lines sit just above the margin; nothing below it, nothing in the top third.
    expect(rowsDifference(plain, captioned, width, band - 3 * layout.lineHeight, band)).toBeGreaterThan(8);
    expect(rowsDifference(plain, captioned, width, band + 2, height)).toBeLessThan(2);
    expect(rowsDifference(plain, captioned, width, 0, Math.floor(height / 3))).toBeLessThan(2);
    // Between the cues the frame is the video's own.
    expect(rowsDifference(plain, after, width, 0, height)).toBeLessThan(2);
  }, 60_000);
});

describe('burnLayout', () => {
  it('sizes the type on the short side, wraps inside the width and keeps clear of the feeds’ bottom controls', () => {
    const landscape = burnLayout({ width: 1920, height: 1080 });
    const portrait = burnLayout({ width: 1080, height: 1920 });
    expect(landscape.fontSize).toBe(portrait.fontSize);
    for (const [layout, width] of [
      [landscape, 1920],
      [portrait, 1080],
    ] as const) {
      expect(layout.charsPerLine * layout.fontSize * 0.55).toBeLessThanOrEqual(width * 0.9);
      expect(layout.charsPerLine).toBeGreaterThanOrEqual(20);
    }
    expect(portrait.bottomMargin).toBeGreaterThanOrEqual(1920 * 0.15);
    expect(landscape.bottomMargin).toBeGreaterThanOrEqual(1080 * 0.05);
  });
});
