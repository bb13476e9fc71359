import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Where ffmpeg, ffprobe and the overlay font come from (design §2, media row). A fresh machine has only Node.js, so
 * everything Cena renders with must come from npm; a system ffmpeg is only an optional speed-up (a newer build).
 *
 * Per tool, the first that works wins:
 *   1. `FFMPEG_PATH` / `FFPROBE_PATH` — the operator's choice; if it does not run, start-up stops naming the variable.
 *   2. The system binary on PATH, when it runs (and, for ffmpeg, has libx264, AAC and drawtext).
 *   3. The static binary inside `@ffmpeg-installer/ffmpeg` / `@ffprobe-installer/ffprobe` (libx264, AAC and
 *      drawtext included).
 * The font is always DejaVu Sans from `dejavu-fonts-ttf`, passed to drawtext as `fontfile=` so no fontconfig set-up
 * is needed (the static npm build has no fonts configured).
 *
 * The renderer, the reframing and thumbnail step, the landing's sample script, the tests and the benchmarks all
 * take their paths from here.
 */

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** A cold 70 MB static binary can take a moment to load from disk the first time. */
const CHECK_TIMEOUT_MS = 20_000;
/** What Cena's ffmpeg runs use: H.264 video, AAC audio, text overlays (the local preview's label). */
const REQUIRED_FFMPEG_FEATURES = [
  { list: '-encoders', name: 'libx264' },
  { list: '-encoders', name: 'aac' },
  { list: '-filters', name: 'drawtext' },
] as const;

type ToolSource = 'override' | 'system' | 'npm';

interface ResolvedTool {
  path: string;
  source: ToolSource;
  /** From the first line of `-version`, e.g. "ffmpeg version 5.1.7-0+deb12u1". */
  version: string;
}

export interface MediaToolchain {
  ffmpeg: ResolvedTool;
  ffprobe: ResolvedTool;
  fonts: { regular: string; bold: string };
  /** Why a candidate was passed over (e.g. a system ffmpeg without libx264), for the start-up log. */
  skipped: string[];
}

export interface ToolchainOptions {
  /** FFMPEG_PATH: used as is, or start-up fails. */
  ffmpegPath?: string;
  /** FFPROBE_PATH: used as is, or start-up fails. */
  ffprobePath?: string;
  /** The PATH searched for system binaries (default: this process's). */
  searchPath?: string;
}

export class MediaToolchainError extends Error {
  override name = 'MediaToolchainError';
}

type ToolName = 'ffmpeg' | 'ffprobe';

const TOOLS: Record<ToolName, { variable: string; npmPackage: string }> = {
  ffmpeg: { variable: 'FFMPEG_PATH', npmPackage: '@ffmpeg-installer/ffmpeg' },
  ffprobe: { variable: 'FFPROBE_PATH', npmPackage: '@ffprobe-installer/ffprobe' },
};

async function findOnPath(command: string, searchPath: string): Promise<string | undefined> {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

/** The binary's `-version` line, or why it is unusable for Cena. */
async function check(tool: ToolName, file: string): Promise<{ version: string } | { problem: string }> {
  try {
    const { stdout } = await run(file, ['-hide_banner', '-version'], { timeout: CHECK_TIMEOUT_MS });
    // "ffmpeg version 5.1.7-0+deb12u1 Copyright (c) …": the name and the version are enough for the log.
    const version = (stdout.split('\n')[0] ?? tool).split(' ').slice(0, 3).join(' ');
    if (tool === 'ffprobe') return { version };
    const lists = await Promise.all(
      ['-encoders', '-filters'].map((list) =>
        run(file, ['-hide_banner', list], { timeout: CHECK_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }),
      ),
    );
    const [encoders = '', filters = ''] = lists.map((result) => result.stdout);
    const missing = REQUIRED_FFMPEG_FEATURES.filter(({ list, name }) => {
      const text = list === '-encoders' ? encoders : filters;
      return !new RegExp(`^\\s*\\S+\\s+${name}\\s`, 'm').test(text);
    }).map(({ name }) => name);
    return missing.length > 0 ? { problem: `lacks ${missing.join(', ')}` } : { version };
  } catch (error) {
    return { problem: `does not run (${(error as Error).message.split('\n')[0]})` };
  }
}

function npmBinary(tool: ToolName): string {
  try {
    return (require(TOOLS[tool].npmPackage) as { path: string }).path;
  } catch (error) {
    // The installer packages throw plain strings (unsupported platform, missing binary package).
    throw new MediaToolchainError(
      `${TOOLS[tool].npmPackage} has no ${tool} for this machine (${String(error instanceof Error ? error.message : error)}); install ${tool} or set ${TOOLS[tool].variable}.`,
    );
  }
}

/** The tool to use, and why a system binary on PATH was passed over, if one was. */
async function resolveTool(
  tool: ToolName,
  override: string | undefined,
  searchPath: string,
): Promise<ResolvedTool & { skipped?: string }> {
  const { variable, npmPackage } = TOOLS[tool];
  if (override) {
    const result = await check(tool, override);
    if ('problem' in result) {
      throw new MediaToolchainError(`${variable}=${override} cannot be used: it ${result.problem}.`);
    }
    return { path: override, source: 'override', version: result.version };
  }
  let skipped: string | undefined;
  const system = await findOnPath(tool, searchPath);
  if (system) {
    const result = await check(tool, system);
    if ('version' in result) return { path: system, source: 'system', version: result.version };
    skipped = `system ${tool} at ${system} ${result.problem}`;
  }
  const bundled = npmBinary(tool);
  const result = await check(tool, bundled);
  if ('problem' in result) {
    throw new MediaToolchainError(
      `${tool} from ${npmPackage} (${bundled}) ${result.problem}; install ${tool} or set ${variable}.`,
    );
  }
  return { path: bundled, source: 'npm', version: result.version, skipped };
}

function fonts(): MediaToolchain['fonts'] {
  const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return { regular: path.join(dir, 'DejaVuSans.ttf'), bold: path.join(dir, 'DejaVuSans-Bold.ttf') };
}

const resolved = new Map<string, Promise<MediaToolchain>>();

/** Resolves the toolchain once per set of options (the checks spawn each tool a few times). */
export function resolveMediaToolchain(options: ToolchainOptions = {}): Promise<MediaToolchain> {
  const searchPath = options.searchPath ?? process.env.PATH ?? '';
  const key = JSON.stringify([options.ffmpegPath, options.ffprobePath, searchPath]);
  let toolchain = resolved.get(key);
  if (!toolchain) {
    toolchain = Promise.all([
      resolveTool('ffmpeg', options.ffmpegPath, searchPath),
      resolveTool('ffprobe', options.ffprobePath, searchPath),
    ]).then(([{ skipped: ffmpegSkipped, ...ffmpeg }, { skipped: ffprobeSkipped, ...ffprobe }]) => ({
      ffmpeg,
      ffprobe,
      fonts: fonts(),
      skipped: [ffmpegSkipped, ffprobeSkipped].filter((reason) => reason !== undefined),
    }));
    // A failure is not cached: the operator may fix the machine and try again in the same process (tests do).
    toolchain.catch(() => resolved.delete(key));
    resolved.set(key, toolchain);
  }
  return toolchain;
}

/** The toolchain chosen from the environment's FFMPEG_PATH / FFPROBE_PATH, for scripts and tests. */
export function mediaToolchainFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<MediaToolchain> {
  return resolveMediaToolchain({
    ffmpegPath: env.FFMPEG_PATH || undefined,
    ffprobePath: env.FFPROBE_PATH || undefined,
  });
}

const SOURCE_LABELS: Record<ToolSource, (tool: ToolName) => string> = {
  override: (tool) => TOOLS[tool].variable,
  system: () => 'the system',
  npm: (tool) => TOOLS[tool].npmPackage,
};

/** One line for the start-up log, e.g. "ffmpeg from @ffmpeg-installer/ffmpeg (/…/ffmpeg), ffprobe from the system (/usr/bin/ffprobe)". */
export function describeMediaToolchain(toolchain: MediaToolchain): string {
  const tool = (name: ToolName) =>
    `${name} from ${SOURCE_LABELS[toolchain[name].source](name)} (${toolchain[name].path})`;
  return `media toolchain: ${tool('ffmpeg')}, ${tool('ffprobe')}, font ${toolchain.fonts.regular}`;
}

/**
 * The npm ffmpeg is a 2018 static build (`@ffmpeg-installer/linux-x64` 4.1.0: "Copyright (c) 2000-2018"), with no
 * security updates since. No npm package ships a maintained ffmpeg inside its tarball: `ffmpeg-static` 5.3.0,
 * `ffmpeg-ffprobe-static` 6.1.1 and `ffmpeg-for-homebridge` 2.2.2 all download their binary from an install script
 * (`node install.js`, checked with `npm view … scripts.install` on 2026-11-24), which a machine with only the npm
 * registry cannot run. So the npm build stays as the fallback that makes a fresh machine work, and production uses
 * the system's (the Docker image installs Debian's). Said once at start when the npm build is the one in use.
 */
export function bundledFfmpegWarning(toolchain: MediaToolchain): string | undefined {
  if (toolchain.ffmpeg.source !== 'npm') return undefined;
  return (
    `ffmpeg is ${TOOLS.ffmpeg.npmPackage}'s static build (${toolchain.ffmpeg.version}, from 2018), without security updates: ` +
    `install the system's ffmpeg (e.g. apt-get install ffmpeg) or set ${TOOLS.ffmpeg.variable} in production`
  );
}
