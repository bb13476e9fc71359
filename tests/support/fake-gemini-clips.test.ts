import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';
import { makeVideo } from './fake-gemini';

let dir: string;
let runs: string;
const previous = process.env.FFMPEG_PATH;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fake-gemini-clips-'));
  const real = (await mediaToolchainFromEnv()).ffmpeg.path;
  // The toolchain's ffmpeg behind a script that counts its runs (a fresh path: no clip of an earlier run is named by it).
  runs = path.join(dir, 'runs');
  const counted = path.join(dir, 'ffmpeg');
  await writeFile(counted, `#!/bin/sh\necho run >> '${runs}'\nexec '${real}' "$@"\n`);
  await chmod(counted, 0o755);
  process.env.FFMPEG_PATH = counted;
  // The toolchain's own checks run it too (-version, -encoders, -filters): done here, before anything is counted.
  await mediaToolchainFromEnv();
});

afterAll(async () => {
  if (previous === undefined) delete process.env.FFMPEG_PATH;
  else process.env.FFMPEG_PATH = previous;
  if (dir) await rm(dir, { recursive: true, force: true });
});

const ffmpegRuns = async () =>
  (await readFile(runs, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

it("encodes each of the stand-in's clips once for every test file, by size and length (ADR 0075)", async () => {
  // Two stand-ins (two test files) asking for the same clip: one encode, the same bytes.
  const before = await ffmpegRuns();
  await makeVideo(path.join(dir, 'a.mp4'), 192, 108, 2);
  await makeVideo(path.join(dir, 'b.mp4'), 192, 108, 2);
  expect(await ffmpegRuns()).toBe(before + 1);
  expect((await readFile(path.join(dir, 'b.mp4'))).equals(await readFile(path.join(dir, 'a.mp4')))).toBe(
    true,
  );
  // Another size or length is its own clip.
  await makeVideo(path.join(dir, 'c.mp4'), 108, 192, 2);
  await makeVideo(path.join(dir, 'd.mp4'), 192, 108, 3);
  expect(await ffmpegRuns()).toBe(before + 3);
});
