import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundledFfmpegWarning,
  describeMediaToolchain,
  MediaToolchainError,
  resolveMediaToolchain,
} from './toolchain.server';

const require = createRequire(import.meta.url);
const NPM_FFMPEG = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const NPM_FFPROBE = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

let dir: string;

/** A directory to use as PATH, holding the given executables. */
async function pathWith(name: string, tools: Record<string, string | { script: string }>): Promise<string> {
  const bin = path.join(dir, name);
  await mkdir(bin);
  for (const [tool, target] of Object.entries(tools)) {
    const file = path.join(bin, tool);
    if (typeof target === 'string') await symlink(target, file);
    else {
      await writeFile(file, `#!/bin/sh\n${target.script}\n`);
      await chmod(file, 0o755);
    }
  }
  return bin;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-toolchain-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('media toolchain', () => {
  it('uses the npm binaries and font when PATH has no ffmpeg or ffprobe', async () => {
    const toolchain = await resolveMediaToolchain({ searchPath: await pathWith('empty', {}) });
    expect(toolchain.ffmpeg).toMatchObject({ path: NPM_FFMPEG, source: 'npm' });
    expect(toolchain.ffprobe).toMatchObject({ path: NPM_FFPROBE, source: 'npm' });
    expect(toolchain.ffmpeg.version).toMatch(/^ffmpeg version /);
    expect(toolchain.fonts.regular).toMatch(/dejavu-fonts-ttf\/ttf\/DejaVuSans\.ttf$/);
    expect(describeMediaToolchain(toolchain)).toContain('ffmpeg from @ffmpeg-installer/ffmpeg');
    // The 2018 npm build is said once at start, with what to do in production.
    expect(bundledFfmpegWarning(toolchain)).toMatch(
      /from 2018\), without security updates: install the system's ffmpeg/,
    );
  });

  it('prefers system binaries that run and have libx264, AAC and drawtext', async () => {
    const bin = await pathWith('system', { ffmpeg: NPM_FFMPEG, ffprobe: NPM_FFPROBE });
    const toolchain = await resolveMediaToolchain({ searchPath: bin });
    expect(toolchain.ffmpeg).toMatchObject({ path: path.join(bin, 'ffmpeg'), source: 'system' });
    expect(toolchain.ffprobe).toMatchObject({ path: path.join(bin, 'ffprobe'), source: 'system' });
    expect(toolchain.skipped).toEqual([]);
    expect(bundledFfmpegWarning(toolchain)).toBeUndefined();
  });

  it('passes over a system ffmpeg that does not run, or lacks what Cena renders with, and says why', async () => {
    const broken = await pathWith('broken', {
      ffmpeg: { script: 'exit 127' },
      ffprobe: { script: 'exit 1' },
    });
    const fromBroken = await resolveMediaToolchain({ searchPath: broken });
    expect(fromBroken.ffmpeg.source).toBe('npm');
    expect(fromBroken.ffprobe.source).toBe('npm');
    expect(fromBroken.skipped).toEqual([
      expect.stringMatching(/^system ffmpeg at .*broken\/ffmpeg does not run/),
      expect.stringMatching(/^system ffprobe at .*broken\/ffprobe does not run/),
    ]);

    // Runs, but its encoder and filter lists have none of libx264, aac, drawtext (a minimal build).
    const minimal = await pathWith('minimal', { ffmpeg: { script: 'echo "ffmpeg version 9-minimal"' } });
    const fromMinimal = await resolveMediaToolchain({ searchPath: minimal });
    expect(fromMinimal.ffmpeg.source).toBe('npm');
    expect(fromMinimal.skipped).toContain(`system ffmpeg at ${minimal}/ffmpeg lacks libx264, aac, drawtext`);
  });

  it('uses FFMPEG_PATH and FFPROBE_PATH as given, and stops naming the variable when one does not run', async () => {
    const toolchain = await resolveMediaToolchain({
      ffmpegPath: NPM_FFMPEG,
      ffprobePath: NPM_FFPROBE,
      searchPath: '',
    });
    expect(toolchain.ffmpeg).toMatchObject({ path: NPM_FFMPEG, source: 'override' });
    expect(describeMediaToolchain(toolchain)).toContain(`ffmpeg from FFMPEG_PATH (${NPM_FFMPEG})`);

    const missing = path.join(dir, 'no-such-ffprobe');
    const attempt = resolveMediaToolchain({ ffprobePath: missing, searchPath: '' });
    await expect(attempt).rejects.toBeInstanceOf(MediaToolchainError);
    await expect(attempt).rejects.toThrow(`FFPROBE_PATH=${missing} cannot be used: it does not run`);
  });
});
