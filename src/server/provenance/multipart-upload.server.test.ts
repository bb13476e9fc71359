import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryOf, readUpload } from './multipart-upload.server';

/** The streamed multipart reader of `/api/verify`, fed a browser-shaped body in chunks of every size. */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-upload-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function bodyOf(form: FormData) {
  const request = new Request('http://x/', { method: 'POST', body: form });
  return {
    bytes: Buffer.from(await request.arrayBuffer()),
    boundary: boundaryOf(request.headers.get('content-type') ?? '') ?? '',
  };
}

function chunked(bytes: Buffer, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + size));
      at += size;
    },
  });
}

describe('readUpload', () => {
  const video = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));

  it('writes the file part to disk exactly, whatever the chunk size, and keeps the text parts', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(video)]), 'v.mp4');
    form.append('link', 'https://cena.test/v/abc');
    const { bytes, boundary } = await bodyOf(form);
    for (const size of [1, 7, 64, 4096, bytes.length]) {
      const filePath = path.join(dir, `out-${size}.mp4`);
      const read = await readUpload(chunked(bytes, size), {
        boundary,
        filePath,
        maxFileBytes: 10_000,
        textFields: ['link'],
      });
      expect(read, `chunks of ${size}`).toEqual({
        kind: 'read',
        fileBytes: video.length,
        fields: { link: 'https://cena.test/v/abc' },
      });
      expect((await readFile(filePath)).equals(video)).toBe(true);
    }
  });

  it('stops at the limit, refuses unknown fields and an unfinished body', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(video)]), 'v.mp4');
    const { bytes, boundary } = await bodyOf(form);
    const filePath = path.join(dir, 'limited.mp4');
    const options = { boundary, filePath, maxFileBytes: 4999, textFields: ['link'] };
    expect(await readUpload(chunked(bytes, 100), options)).toEqual({ kind: 'too_large' });
    expect(
      await readUpload(chunked(bytes.subarray(0, bytes.length - 10), 100), {
        ...options,
        maxFileBytes: 10_000,
      }),
    ).toEqual({
      kind: 'malformed',
    });
    const other = new FormData();
    other.append('prompt', 'x');
    const unknown = await bodyOf(other);
    expect(await readUpload(chunked(unknown.bytes, 50), { ...options, boundary: unknown.boundary })).toEqual({
      kind: 'unknown_field',
      name: 'prompt',
    });
  });
});
