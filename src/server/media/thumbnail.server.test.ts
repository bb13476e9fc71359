import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourClip, mediaTools } from '#tests/support/media';
import { probeJson } from './ffmpeg.server';
import { frameSize, thumbnailSize, writeThumbnail } from './thumbnail.server';

/**
 * The poster's size is told to link previews (Open Graph's og:image:width/height) from the row's frame, without
 * reading the JPEG: it must be the size ffmpeg really draws, for every frame Cena delivers and an odd one.
 */

let dir: string;
const TOOLS = await mediaTools(60_000);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-thumbnail-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a thumbnail', () => {
  it.each([
    '360x640',
    '640x360',
    '720x1280',
    '1920x1080',
    '1080x1920',
    '1080x1080',
    '854x480',
    '1080x1350',
    '2160x3840',
  ])('of a %s video is the size thumbnailSize says', async (frame) => {
    const video = await colourClip(TOOLS, path.join(dir, `${frame}.mp4`), {
      colour: 'teal',
      seconds: 0.25,
      size: frame,
      withAudio: false,
    });
    const jpeg = path.join(dir, `${frame}.jpg`);
    await writeThumbnail(video, 0.25, jpeg, TOOLS);
    const [stream] = (await probeJson(TOOLS.ffprobePath, jpeg, { timeoutMs: 20_000 })).streams ?? [];
    expect({ width: stream?.width, height: stream?.height }).toEqual(thumbnailSize(frame));
  });

  it('has no size for a frame that is not one', () => {
    expect(frameSize(null)).toBeNull();
    expect(thumbnailSize('')).toBeNull();
    expect(thumbnailSize('0x720')).toBeNull();
    expect(thumbnailSize('1280×720')).toBeNull();
    expect(frameSize('1280x720')).toEqual({ width: 1280, height: 720 });
  });
});
