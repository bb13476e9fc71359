import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaTools, runTool } from '#server/media/ffmpeg.server';
import { probe } from '#server/media/rendering.server';
import { colourClip, mediaTools } from '#tests/support/media';
import { joinScenes } from './film-render.server';

/**
 * Five scenes of distinct colours, trimmed, joined in a shuffled order: ffprobe reads the film's length as the sum
 * of the kept parts, each scene's colour is where its order puts it, and the sound runs the whole film.
 */

let tools: MediaTools;
let dir = '';

const COLOURS = [
  { name: 'red', rgb: [255, 0, 0] },
  { name: 'lime', rgb: [0, 255, 0] },
  { name: 'blue', rgb: [0, 0, 255] },
  { name: 'yellow', rgb: [255, 255, 0] },
  { name: 'white', rgb: [255, 255, 255] },
] as const;

const clip = (colour: string, seconds: number, size: string, withAudio: boolean) =>
  colourClip(tools, path.join(dir, `${colour}.mp4`), { colour, seconds, size, withAudio });

/** The average colour of the frame at `seconds`. */
async function colourAt(file: string, seconds: number): Promise<number[]> {
  const out = path.join(dir, `frame-${seconds}.rgb`);
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', seconds.toFixed(3), '-i', file],
      ...['-frames:v', '1', '-vf', 'scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', out],
    ],
    { timeoutMs: tools.timeoutMs },
  );
  return [...(await readFile(out))];
}

async function audioSeconds(file: string): Promise<number> {
  const { stdout } = await runTool(
    tools.ffprobePath,
    ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=duration', '-of', 'csv=p=0', file],
    { timeoutMs: tools.timeoutMs },
  );
  return Number(stdout.trim());
}

beforeAll(async () => {
  tools = await mediaTools(120_000);
  dir = await mkdtemp(path.join(tmpdir(), 'cena-film-test-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('joining a film', () => {
  it('joins five trimmed scenes in the chosen order, at the largest size, with sound throughout', async () => {
    // One smaller scene (scaled up) and one without sound (silence in its place).
    const files = await Promise.all(
      COLOURS.map((colour, i) => clip(colour.name, 4, i === 1 ? '320x180' : '640x360', i !== 2)),
    );
    const order = [3, 0, 4, 2, 1];
    const trims: [number, number][] = [
      [0.5, 2.5],
      [1, 4],
      [0, 1.5],
      [2, 3.5],
      [0.25, 3.25],
    ];
    const scenes = order.map((clipIndex, i) => ({
      file: files[clipIndex] as string,
      startSeconds: trims[i]?.[0] ?? 0,
      endSeconds: trims[i]?.[1] ?? 0,
    }));
    const out = path.join(dir, 'film.mp4');
    const plan = await joinScenes(scenes, out, tools);

    const expected = trims.reduce((sum, [start, end]) => sum + (end - start), 0);
    const film = await probe(out, tools);
    expect(film.width).toBe(640);
    expect(film.height).toBe(360);
    expect(film.hasAudio).toBe(true);
    // ffprobe's container length: within a frame (1/24 s) and the AAC priming of the expected sum.
    expect(Math.abs(film.deliveredSeconds - expected)).toBeLessThan(0.1);
    expect(Math.abs((await audioSeconds(out)) - expected)).toBeLessThan(0.1);
    expect(plan.cuts).toHaveLength(4);

    // A keyframe at each cut (within half a frame).
    const { stdout } = await runTool(
      tools.ffprobePath,
      [
        ...['-v', 'error', '-skip_frame', 'nokey', '-select_streams', 'v:0'],
        ...['-show_entries', 'frame=best_effort_timestamp_time', '-of', 'csv=p=0', out],
      ],
      { timeoutMs: tools.timeoutMs },
    );
    const keyframes = stdout.trim().split('\n').map(Number);
    for (const cut of plan.cuts) {
      expect(
        keyframes.some((time) => Math.abs(time - cut) < 1 / 48),
        `keyframe at ${cut}s`,
      ).toBe(true);
    }

    let at = 0;
    for (const [i, clipIndex] of order.entries()) {
      const [start, end] = trims[i] ?? [0, 0];
      const wanted = COLOURS[clipIndex]?.rgb ?? [];
      // The middle of the scene, and its first frame: already this scene's picture, never a black frame.
      for (const time of [at + (end - start) / 2, at + 1 / 48]) {
        const rgb = await colourAt(out, time);
        rgb.forEach((channel, c) => {
          expect(Math.abs(channel - (wanted[c] ?? 0)), `scene ${i + 1} at ${time}s`).toBeLessThan(40);
        });
      }
      at += end - start;
    }
  }, 180_000);
});
