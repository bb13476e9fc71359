import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';
import { greyFrame, rowsDifference } from '#tests/support/frames';
import { colourClip, mediaTools } from '#tests/support/media';
import { drawTrialMark, markLayout } from './trial-mark.server';

/**
 * The trial mark at both ratios Cena makes: a marked frame differs from the same frame unmarked in the top band
 * where the mark sits, and nowhere below it, on every frame of the video. Short, small clips: the suite is slow
 * enough.
 */

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-mark-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each([
  { ratio: '16:9', width: 320, height: 180 },
  { ratio: '9:16', width: 180, height: 320 },
])('drawTrialMark at $ratio', ({ width, height }) => {
  it('draws the mark in the top-left corner on every frame and leaves the rest of the picture alone', async () => {
    const tools = await mediaTools(60_000);
    const toolchain = await mediaToolchainFromEnv();
    const input = await colourClip(tools, path.join(dir, `in-${width}.mp4`), {
      colour: 'navy',
      seconds: 2,
      size: `${width}x${height}`,
    });
    const output = path.join(dir, `out-${width}.mp4`);
    await drawTrialMark({ file: input, frame: { width, height } }, output, {
      ...tools,
      fontFile: toolchain.fonts.regular,
    });

    const size = { width, height };
    const layout = markLayout(size);
    const markBottom = layout.y + layout.fontSize + 3 * layout.padding;
    for (const seconds of [0.2, 1.6]) {
      const [plain, marked] = await Promise.all([
        greyFrame(tools, input, seconds, size),
        greyFrame(tools, output, seconds, size),
      ]);
      expect(rowsDifference(plain, marked, width, layout.y, markBottom)).toBeGreaterThan(8);
      expect(rowsDifference(plain, marked, width, markBottom + 2, height)).toBeLessThan(2);
    }
  }, 60_000);
});

describe('markLayout', () => {
  it('sizes the mark on the short side, inside the frame, and below the feeds’ header in portrait', () => {
    const landscape = markLayout({ width: 1280, height: 720 });
    const portrait = markLayout({ width: 1080, height: 1920 });
    expect(landscape.fontSize).toBe(23);
    expect(portrait.fontSize).toBe(35);
    // "Feito com Cena · teste grátis" (29 characters, about 0.55 em each) fits in well under the width.
    expect(29 * 0.55 * portrait.fontSize + portrait.x).toBeLessThan(1080 * 0.6);
    expect(portrait.y).toBeGreaterThanOrEqual(1920 * 0.07);
    expect(landscape.y).toBeLessThan(720 * 0.1);
  });
});
