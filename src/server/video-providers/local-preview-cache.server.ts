import { createHash, randomUUID } from 'node:crypto';
import {
  copyFile,
  link,
  mkdir,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  utimes,
} from 'node:fs/promises';
import path from 'node:path';

/**
 * The local preview's renders, kept by what made them (ADR 0075). The preview is a development stand-in refused in
 * production (config), and its ffmpeg command is deterministic: the same binary, arguments and input files give the
 * same video. So a render asked again (the same prompt, seed, mode, size, images and label, as tests and a
 * developer's retries ask) is copied from here instead of encoded again. Nothing of the real pipeline's own steps
 * (reframe, joins, thumbnails, the take check) passes through here: their work is what the tests verify.
 *
 * Entries are hard links where the file system allows (a copy otherwise), so a hit costs no bytes; the oldest used
 * go once the folder is past its size. Several processes may share the folder (every test app shares DATA_DIR): an
 * entry appears by an atomic rename, and an entry removed under a reader is only a miss.
 */

export interface RenderCacheOptions {
  dir: string;
  /** Past this the least recently used entries are removed; 0 turns the cache off. */
  maxBytes: number;
}

/** Bumped when what a key covers changes, so old entries are never taken for new ones. */
const KEY_VERSION = 'cena-local-preview-cache/1';

async function fileDigest(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}

/** The binary as installed (path, size, time): an upgraded ffmpeg makes new keys. */
async function binaryIdentity(binary: string): Promise<string> {
  const real = await realpath(binary);
  const { size, mtimeMs } = await stat(real);
  return `${real}\u0000${size}\u0000${mtimeMs}`;
}

/** Copies by hard link when it can: a cached render is never written to, only read and unlinked. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

export class LocalRenderCache {
  private readonly binaries = new Map<string, Promise<string>>();
  /** Renders of a key under way in this process: one asked again meanwhile waits for it instead of encoding too. */
  private readonly making = new Map<string, Promise<void>>();

  constructor(private readonly options: RenderCacheOptions) {}

  get enabled(): boolean {
    return this.options.maxBytes > 0;
  }

  /**
   * The key of one ffmpeg run: its binary and its arguments, with every input file named by its content (the
   * operation's files have fresh names each time) and the output left out.
   */
  async key(binary: string, args: string[], inputs: string[], output: string): Promise<string> {
    let identity = this.binaries.get(binary);
    if (!identity) {
      identity = binaryIdentity(binary);
      this.binaries.set(binary, identity);
    }
    const named = await Promise.all(inputs.map(async (file) => [file, await fileDigest(file)] as const));
    const canonical = args.map((arg) =>
      named.reduce(
        (text, [file, digest]) => text.replaceAll(file, `<${digest}>`),
        arg.replaceAll(output, '<output>'),
      ),
    );
    return createHash('sha256')
      .update(JSON.stringify([KEY_VERSION, await identity, canonical]))
      .digest('hex');
  }

  /**
   * Puts `key`'s render at `target`: the kept one, or the one under way for it here, or else what `render` writes
   * there, which is then kept. A render that cannot be kept is delivered all the same.
   */
  async produce(key: string, target: string, render: () => Promise<void>): Promise<void> {
    const earlier = this.making.get(key);
    // Registered before any wait, so a second ask of the key queues behind this one rather than beside it.
    const making = (async () => {
      await earlier?.catch(() => undefined);
      if (await this.take(key, target)) return;
      await render();
      await this.keep(key, target).catch(() => undefined);
    })();
    this.making.set(key, making);
    try {
      await making;
    } finally {
      if (this.making.get(key) === making) this.making.delete(key);
    }
  }

  /** Puts the render of `key` at `target` and says so, or says there is none. */
  private async take(key: string, target: string): Promise<boolean> {
    const entry = this.entry(key);
    try {
      await linkOrCopy(entry, target);
    } catch {
      return false;
    }
    const now = new Date();
    await utimes(entry, now, now).catch(() => undefined);
    return true;
  }

  /** Keeps `file` (a complete render) as `key`'s, then trims the folder to its size. */
  private async keep(key: string, file: string): Promise<void> {
    await mkdir(this.options.dir, { recursive: true });
    const temporary = path.join(this.options.dir, `${randomUUID()}.tmp`);
    try {
      await linkOrCopy(file, temporary);
      await rename(temporary, this.entry(key));
    } finally {
      await rm(temporary, { force: true });
    }
    await this.trim();
  }

  private entry(key: string): string {
    return path.join(this.options.dir, `${key}.mp4`);
  }

  private async trim(): Promise<void> {
    const names = (await readdir(this.options.dir)).filter((name) => name.endsWith('.mp4'));
    const entries = await Promise.all(
      names.map(async (name) => {
        const file = path.join(this.options.dir, name);
        const info = await stat(file).catch(() => undefined);
        return { file, size: info?.size ?? 0, used: info?.mtimeMs ?? 0 };
      }),
    );
    let total = entries.reduce((sum, entry) => sum + entry.size, 0);
    for (const entry of entries.sort((a, b) => a.used - b.used)) {
      if (total <= this.options.maxBytes) break;
      await rm(entry.file, { force: true });
      total -= entry.size;
    }
  }
}
