import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourClip, mediaTools } from '#tests/support/media';
import { appendShot, filmFormat } from './film.server';
import { renderResult } from './rendering.server';

/**
 * An extension continuing the model's take (src/shared/video-directing.ts, "same-take") whose answer repeats only
 * part of the video: the head is cut and the two re-encoded. Tiny clips, so each
 * encode takes a fraction of a second.
 */

let dir: string;
const TOOLS = await mediaTools(60_000);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-rendering-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a continued take whose answer repeats part of the video', () => {
  it('is joined in the film setting, so a new shot appended later re-encodes only its last GOP', async () => {
    // A 12 s video; the model answers its last 4 s and 4 new seconds (Omni repeats at most its tail).
    const clip = (name: string, colour: string, seconds: number) =>
      colourClip(TOOLS, path.join(dir, name), { colour, seconds, size: '192x108' });
    const [head, answer, shot] = await Promise.all([
      clip('head.mp4', 'navy', 12),
      clip('answer.mp4', 'teal', 8),
      clip('shot.mp4', 'olive', 4),
    ]);
    const stored = new Map<string, Buffer>();
    await renderResult({
      source: createReadStream(answer),
      join: {
        kind: 'same-take',
        head: createReadStream(head),
        headSeconds: 12,
        repeatedTail: { upToSeconds: 4, newPartSeconds: 4 },
      },
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
      aspectRatio: '16:9',
      tools: TOOLS,
    });
    const joined = path.join(dir, 'joined.mp4');
    await writeFile(joined, stored.get('u1/videos/r1/video.mp4') ?? Buffer.alloc(0));
    const take = await filmFormat(joined, TOOLS);
    // The head's first 8 s, then the answer's 8: nothing doubled.
    expect(take.deliveredSeconds).toBeCloseTo(16, 0);
    expect(take.appendable).toBe(true);

    const { reencodedSeconds } = await appendShot({
      headFile: joined,
      shotFile: shot,
      outFile: path.join(dir, 'film.mp4'),
      tools: TOOLS,
    });
    // At most a 2 s GOP and the half GOP before the cut, not the whole 16 s take.
    expect(reencodedSeconds).toBeLessThan(4);
  }, 60_000);
});
