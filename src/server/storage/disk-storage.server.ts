import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  BlobNotFoundError,
  type BlobRead,
  type BlobStorage,
  contentTypeOf,
  type DownloadOptions,
  parseRange,
  type UrlSigner,
} from './blob-storage.server';

/** An empty file has no byte to read (`createReadStream`'s `end` is inclusive). */
const readFrom = (file: string, start: number, end: number): Readable =>
  end < start ? Readable.from([]) : createReadStream(file, { start, end });

/** The public path signed disk URLs point at (served by mediaRoutes). */
const MEDIA_PATH = '/media';

/**
 * Files under one folder on local disk. Writes go to a temporary file beside the target and are renamed into
 * place, so a reader (or a crash) never sees half a file. URLs are `/media/{key}?expires=…&signature=…`, an
 * HMAC-SHA256 over key and expiry that the media route checks.
 */
export class DiskStorage implements BlobStorage {
  readonly kind = 'disk' as const;
  private readonly root: string;

  constructor(
    root: string,
    private readonly signingSecret: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.root = path.resolve(root);
  }

  /** The file's absolute path; the key check plus this containment check keep every path under the root. */
  pathOf(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new BlobNotFoundError(key);
    return full;
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const draft = `${target}.${randomUUID()}.tmp`;
    try {
      if (Buffer.isBuffer(body)) await fs.writeFile(draft, body);
      else await pipeline(body, createWriteStream(draft));
      await fs.rename(draft, target);
    } catch (error) {
      await fs.rm(draft, { force: true });
      throw error;
    }
  }

  async getStream(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    const stats = await fs.stat(file).catch(() => undefined);
    if (!stats?.isFile()) throw new BlobNotFoundError(key);
    return createReadStream(file);
  }

  async readRange(key: string, range: string | undefined): Promise<BlobRead> {
    const file = this.pathOf(key);
    const stats = await fs.stat(file).catch(() => undefined);
    if (!stats?.isFile()) throw new BlobNotFoundError(key);
    const size = stats.size;
    const contentType = contentTypeOf(key);
    if (!range || size === 0) {
      return { status: 200, size, start: 0, end: size - 1, contentType, body: readFrom(file, 0, size - 1) };
    }
    const parsed = parseRange(range, size);
    if (!parsed) return { status: 416, size };
    const [start, end] = parsed;
    return { status: 206, size, start, end, contentType, body: readFrom(file, start, end) };
  }

  async exists(key: string): Promise<boolean> {
    const stats = await fs.stat(this.pathOf(key)).catch(() => undefined);
    return stats?.isFile() ?? false;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  /** A rename: one step on one file system, so the file is at one key or the other, never both nor neither. */
  async move(from: string, to: string): Promise<boolean> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(source, target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async signedUrl(key: string, options: { ttlSeconds: number } & DownloadOptions): Promise<string> {
    return (await this.urlSigner(options))(key, options);
  }

  async urlSigner(options: { ttlSeconds: number }): Promise<UrlSigner> {
    const expires = Math.floor(this.clock() / 1000) + options.ttlSeconds;
    return (key, { download = false, fileName } = {}) => {
      assertSafeKey(key);
      const params = new URLSearchParams({ expires: String(expires), signature: this.sign(key, expires) });
      if (download) params.set('download', '1');
      // The name is not signed: whoever holds the link may only rename their own download, within
      // DOWNLOAD_FILE_NAME (checked by the media route).
      if (download && fileName) params.set('name', fileName);
      const encoded = key.split('/').map(encodeURIComponent).join('/');
      return `${MEDIA_PATH}/${encoded}?${params}`;
    };
  }

  /** True when `signature` is ours for this key and expiry and the expiry has not passed. */
  verify(key: string, expires: string | undefined, signature: string | undefined): boolean {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) * 1000 <= this.clock()) return false;
    const expected = Buffer.from(this.sign(key, Number(expires)));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(key: string, expires: number): string {
    return createHmac('sha256', this.signingSecret).update(`media\n${key}\n${expires}`).digest('base64url');
  }
}
