import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { DOWNLOAD_FILE_NAME } from '#shared/download-name';
import { contentTypeOf, isSafeKey, parseRange } from './blob-storage.server';
import type { DiskStorage } from './disk-storage.server';

/**
 * `GET /media/{key}?expires=…&signature=…[&download=1]` (docs/video-contract.md): local-disk storage's files, for
 * whoever holds a valid, unexpired signed URL (no session: a <video> element or a download link cannot send one
 * reliably, and the signature is the capability). Supports single byte ranges, which browsers need to seek videos.
 * A valid signature is not enough for a file `withheld` names (a taken-down video, ADR 0066): it is asked on every
 * redemption, after the signature, so a URL signed before the takedown answers 410 from the next request on.
 */
export function mediaRoutes(
  storage: DiskStorage,
  withheld: (key: string) => Promise<boolean> = async () => false,
): Hono<AppEnv> {
  return new Hono<AppEnv>().on(['GET', 'HEAD'], '/*', async (c) => {
    const forbidden = () => apiError(c, 403, 'forbidden', 'Link expirado ou inválido.');
    const raw = c.req.path.replace(/^\/media\//, '');
    let key: string;
    try {
      key = raw.split('/').map(decodeURIComponent).join('/');
    } catch {
      return forbidden();
    }
    // Unsafe keys are refused before anything touches the disk (signed or not: we never sign one).
    if (!isSafeKey(key)) return forbidden();
    if (!storage.verify(key, c.req.query('expires'), c.req.query('signature'))) return forbidden();
    if (await withheld(key)) {
      c.header('Cache-Control', 'private, no-store');
      return apiError(c, 410, 'media_withheld', 'Este vídeo foi removido após uma denúncia.');
    }

    const file = storage.pathOf(key);
    const stats = await fs.stat(file).catch(() => undefined);
    if (!stats?.isFile()) return apiError(c, 404, 'not_found', 'Arquivo não encontrado.');

    const size = stats.size;
    const headers = new Headers({
      'Content-Type': contentTypeOf(key),
      'Accept-Ranges': 'bytes',
      // The URL is a short-lived capability: private caches only, never beyond its expiry.
      'Cache-Control': `private, max-age=${Math.max(0, Number(c.req.query('expires')) - Math.floor(Date.now() / 1000))}`,
      'Last-Modified': stats.mtime.toUTCString(),
    });
    if (c.req.query('download') === '1')
      headers.set('Content-Disposition', attachment(key, c.req.query('name')));

    let start = 0;
    let end = size - 1;
    let status: 200 | 206 = 200;
    const range = c.req.header('range');
    if (range) {
      const parsed = parseRange(range, size);
      if (!parsed) {
        headers.set('Content-Range', `bytes */${size}`);
        return new Response(null, { status: 416, headers });
      }
      [start, end] = parsed;
      status = 206;
      headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
    }
    headers.set('Content-Length', String(size === 0 ? 0 : end - start + 1));
    if (c.req.method === 'HEAD' || size === 0) return new Response(null, { status, headers });
    const body = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream;
    return new Response(body, { status, headers });
  });
}

/** A download named as asked when the name is one Cena makes (nothing to escape), else the key's file name. */
function attachment(key: string, name: string | undefined): string {
  const fileName = name && DOWNLOAD_FILE_NAME.test(name) ? name : (key.split('/').pop() ?? 'arquivo');
  return `attachment; filename="${fileName}"`;
}
