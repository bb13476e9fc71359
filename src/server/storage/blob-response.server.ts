import { Readable } from 'node:stream';
import { BlobNotFoundError, type BlobStorage } from './blob-storage.server';

/**
 * A stored file streamed by the server itself, with single byte ranges (RFC 9110 §14: 206 with Content-Range, or
 * 416 naming the size), which a <video> needs to seek. Undefined when there is no such file.
 */
export async function blobResponse(
  storage: BlobStorage,
  key: string,
  request: { range: string | undefined; cacheControl: string },
): Promise<Response | undefined> {
  const read = await storage.readRange(key, request.range).catch((error: unknown) => {
    if (error instanceof BlobNotFoundError) return undefined;
    throw error;
  });
  if (!read) return undefined;
  const headers = new Headers({ 'Accept-Ranges': 'bytes', 'Cache-Control': request.cacheControl });
  if (read.status === 416) {
    if (read.size !== undefined) headers.set('Content-Range', `bytes */${read.size}`);
    return new Response(null, { status: 416, headers });
  }
  headers.set('Content-Type', read.contentType);
  headers.set('Content-Length', String(Math.max(0, read.end - read.start + 1)));
  if (read.status === 206) headers.set('Content-Range', `bytes ${read.start}-${read.end}/${read.size}`);
  return new Response(Readable.toWeb(read.body) as ReadableStream, { status: read.status, headers });
}
