import type { Readable } from 'node:stream';

/**
 * Where Cena keeps files (reference images, videos, thumbnails): local disk or an S3-compatible bucket behind one
 * interface (docs/video-contract.md). Keys are `/`-separated relative paths of safe segments; the browser never
 * gets a key's file directly, only a short-lived signed URL for it.
 */
export interface BlobStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** Rejects with BlobNotFoundError when there is no such file. */
  getStream(key: string): Promise<Readable>;
  /**
   * The file, or the one byte range a `Range` header asks for (what a <video> needs to seek), for answers the server
   * streams itself (a share page's media, ADR 0031). Rejects with BlobNotFoundError when there is no such file.
   */
  readRange(key: string, range: string | undefined): Promise<BlobRead>;
  /**
   * A URL the browser can GET for `ttlSeconds`; `download` asks for `Content-Disposition: attachment`, named
   * `fileName` (a `DOWNLOAD_FILE_NAME`, src/shared/download-name.ts) or else the key's last segment.
   */
  signedUrl(key: string, options: { ttlSeconds: number } & DownloadOptions): Promise<string>;
  /**
   * Signs many URLs that expire together, `ttlSeconds` from now: what every URL shares (credentials, signing key,
   * expiry) is worked out once, so each URL is a synchronous hash-and-HMAC (a data export signs 200 000).
   */
  urlSigner(options: { ttlSeconds: number }): Promise<UrlSigner>;
  exists(key: string): Promise<boolean>;
  /** Removing a missing file is not an error (deletes are retried and raced). */
  delete(key: string): Promise<void>;
  /**
   * Moves a file to another key (replacing any file there); false when there is no file at `from` (already moved:
   * a move is retried). After it, a URL signed for `from` finds nothing (a takedown, ADR 0070).
   */
  move(from: string, to: string): Promise<boolean>;
}

/** A file's bytes as one answer: the whole (200), one range (206), or no range it can serve (416). */
export type BlobRead =
  | { status: 200 | 206; size: number; start: number; end: number; contentType: string; body: Readable }
  | { status: 416; size: number | undefined };

export interface DownloadOptions {
  download?: boolean;
  fileName?: string;
}

/** Signs one key; throws InvalidKeyError for an unsafe key. */
export type UrlSigner = (key: string, options?: DownloadOptions) => string;

export class BlobNotFoundError extends Error {
  override name = 'BlobNotFoundError';
}

class InvalidKeyError extends Error {
  override name = 'InvalidKeyError';
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY_LENGTH = 1024;

/**
 * True for keys made only of safe segments: no empty, `.` or `..` segment, no backslash, no absolute path, no
 * percent or control characters. Checked on every call of every driver, so no key can leave the storage root.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && !/^\.+$/.test(segment));
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new InvalidKeyError(`unsafe storage key: ${JSON.stringify(key)}`);
}

/**
 * A file name the user chose, reduced to a safe key segment that keeps its meaning where it can: accents dropped,
 * anything else replaced by `-`, length bounded, and the extension set from the real (detected) type.
 */
export function safeFileName(original: string, extension: string): string {
  // Browsers send a bare name, but some clients send a path: only its last part is the name.
  const base = (original.split(/[/\\]/).pop() ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^[-_]+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'imagem'}.${extension}`;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  json: 'application/json',
};

/** Disk files carry no metadata: their type comes from the key's extension, which Cena always sets. */
export function contentTypeOf(key: string): string {
  const extension = key.split('.').pop()?.toLowerCase() ?? '';
  return TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

export function extensionOf(contentType: string): string {
  const found = Object.entries(TYPES_BY_EXTENSION).find(([, type]) => type === contentType);
  return found?.[0] ?? 'bin';
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range, clamped to the file; undefined when unsatisfiable. */
export function parseRange(header: string, size: number): [number, number] | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || size === 0) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return undefined;
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return undefined;
  return [start, end];
}
