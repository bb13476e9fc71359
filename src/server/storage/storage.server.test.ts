import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '#server/kernel/errors.server';
import { type FakeS3, startFakeS3 } from '#tests/support/fake-s3';
import { BlobNotFoundError, isSafeKey, parseRange, safeFileName } from './blob-storage.server';
import { DiskStorage } from './disk-storage.server';
import { S3Storage } from './s3-storage.server';
import { mediaRoutes } from './signed-media.routes.server';

const SECRET = 'media-test-secret-0123456789abcdef0123456789';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe('keys', () => {
  it('accepts nested safe keys and refuses traversal, absolute paths and odd characters', () => {
    expect(isSafeKey('user-1/videos/abc/video.mp4')).toBe(true);
    expect(isSafeKey('user-1/1700000000000-foto.png')).toBe(true);
    for (const bad of [
      '',
      '../x',
      'a/../b',
      '/etc/passwd',
      'a//b',
      'a/./b',
      'a\\b',
      '..',
      'a/%2e%2e',
      'a/b\n',
    ]) {
      expect(isSafeKey(bad), bad).toBe(false);
    }
  });

  it('makes safe file names with the real extension', () => {
    expect(safeFileName('Foto de Praia (1).PNG', 'png')).toBe('Foto-de-Praia-1.png');
    expect(safeFileName('../../etc/passwd', 'jpg')).toBe('passwd.jpg');
    expect(safeFileName('ção.webp', 'webp')).toBe('cao.webp');
    expect(safeFileName('...', 'png')).toBe('imagem.png');
  });

  it('parses byte ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual([0, 9]);
    expect(parseRange('bytes=90-', 100)).toEqual([90, 99]);
    expect(parseRange('bytes=-10', 100)).toEqual([90, 99]);
    expect(parseRange('bytes=50-500', 100)).toEqual([50, 99]);
    expect(parseRange('bytes=100-', 100)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
  });
});

describe('DiskStorage and /media', () => {
  let root: string;
  let now = Date.now();
  let storage: DiskStorage;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'cena-storage-'));
    storage = new DiskStorage(root, SECRET, () => now);
    app = new Hono<AppEnv>().route('/media', mediaRoutes(storage));
    await fs.writeFile(path.join(root, 'secret.txt'), 'outside any user folder');
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('round-trips buffers and streams, reports existence, deletes idempotently', async () => {
    await storage.put('u1/a.png', Buffer.from('png bytes'), 'image/png');
    await storage.put(
      'u1/videos/r1/video.mp4',
      Readable.from([Buffer.from('mp4 '), Buffer.from('bytes')]),
      'video/mp4',
    );
    expect(await text(await storage.getStream('u1/a.png'))).toBe('png bytes');
    expect(await text(await storage.getStream('u1/videos/r1/video.mp4'))).toBe('mp4 bytes');
    expect(await storage.exists('u1/a.png')).toBe(true);
    await storage.delete('u1/a.png');
    await storage.delete('u1/a.png');
    expect(await storage.exists('u1/a.png')).toBe(false);
    await expect(storage.getStream('u1/a.png')).rejects.toBeInstanceOf(BlobNotFoundError);
    // No temporary files left behind.
    expect(await fs.readdir(path.join(root, 'u1'))).toEqual(['videos']);
  });

  it('refuses unsafe keys in every operation', async () => {
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
    await expect(storage.getStream('u1/../../etc/passwd')).rejects.toThrow(/unsafe/);
    await expect(storage.signedUrl('../secret.txt', { ttlSeconds: 60 })).rejects.toThrow(/unsafe/);
  });

  it('serves a signed URL, with ranges and as a download', async () => {
    await storage.put('u1/videos/r1/video.mp4', Buffer.from('0123456789'), 'video/mp4');
    const url = await storage.signedUrl('u1/videos/r1/video.mp4', { ttlSeconds: 60 });
    expect(url).toMatch(/^\/media\/u1\/videos\/r1\/video\.mp4\?expires=\d+&signature=/);

    const whole = await app.request(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-disposition')).toBeNull();
    expect(await whole.text()).toBe('0123456789');

    const part = await app.request(url, { headers: { Range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await part.text()).toBe('2345');

    const outside = await app.request(url, { headers: { Range: 'bytes=20-' } });
    expect(outside.status).toBe(416);

    const download = await app.request(
      await storage.signedUrl('u1/videos/r1/video.mp4', { ttlSeconds: 60, download: true }),
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="video.mp4"');
  });

  it('names a download as asked when the name is one Cena makes, and ignores any other name', async () => {
    await storage.put('u1/videos/r2/video.mp4', Buffer.from('0123456789'), 'video/mp4');
    const fileName = 'cena-2026-04-30-camera-na-mao.mp4';
    const named = await storage.signedUrl('u1/videos/r2/video.mp4', {
      ttlSeconds: 60,
      download: true,
      fileName,
    });
    const download = await app.request(named);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
    // A holder of the link who edits the name gets the key's name, never a header of their making.
    const edited = named.replace(/name=[^&]+/, `name=${encodeURIComponent('x".mp4\r\nSet-Cookie: a=b')}`);
    const safe = await app.request(edited);
    expect(safe.status).toBe(200);
    expect(safe.headers.get('content-disposition')).toBe('attachment; filename="video.mp4"');
  });

  it('answers 403 for an expired, forged, missing or foreign signature', async () => {
    await storage.put('u1/b.png', Buffer.from('b'), 'image/png');
    await storage.put('u2/c.png', Buffer.from('c'), 'image/png');
    const url = await storage.signedUrl('u1/b.png', { ttlSeconds: 60 });
    const params = new URL(url, 'http://x').searchParams;

    const forged = url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await app.request(forged)).status).toBe(403);
    expect((await app.request('/media/u1/b.png')).status).toBe(403);
    // A valid signature for one key does not open another.
    expect((await app.request(`/media/u2/c.png?${params}`)).status).toBe(403);
    // Moving the expiry invalidates the signature.
    const later = url.replace(/expires=\d+/, `expires=${Number(params.get('expires')) + 3600}`);
    expect((await app.request(later)).status).toBe(403);

    now += 61_000;
    expect((await app.request(url)).status).toBe(403);
    now -= 61_000;
    expect((await app.request(url)).status).toBe(200);
  });

  it('never serves a path outside the storage root', async () => {
    const expires = String(Math.floor(now / 1000) + 60);
    for (const attempt of [
      '/media/../secret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/u1/%2e%2e/%2e%2e/secret.txt',
      '/media/u1/..%2f..%2fsecret.txt',
      '/media/%2fetc%2fpasswd',
    ]) {
      const response = await app.request(`${attempt}?expires=${expires}&signature=x`);
      expect([403, 404], attempt).toContain(response.status);
      expect(await response.text()).not.toContain('outside any user folder');
    }
  });
});

describe('S3Storage (fake S3, path-style)', () => {
  let s3: FakeS3;
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startFakeS3();
    storage = new S3Storage({
      bucket: 'cena-test',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test-secret',
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    storage?.destroy();
    await s3?.stop();
  });

  it('round-trips, checks existence and deletes', async () => {
    await storage.put('u1/a.png', Buffer.from('png bytes'), 'image/png');
    await storage.put('u1/videos/r1/video.mp4', Readable.from([Buffer.from('mp4 bytes')]), 'video/mp4');
    expect(s3.objects.get('cena-test/u1/a.png')?.contentType).toBe('image/png');
    expect(await text(await storage.getStream('u1/a.png'))).toBe('png bytes');
    expect(await text(await storage.getStream('u1/videos/r1/video.mp4'))).toBe('mp4 bytes');
    expect(await storage.exists('u1/a.png')).toBe(true);
    expect(await storage.exists('u1/missing.png')).toBe(false);
    await expect(storage.getStream('u1/missing.png')).rejects.toBeInstanceOf(BlobNotFoundError);
    await storage.delete('u1/a.png');
    expect(await storage.exists('u1/a.png')).toBe(false);
  });

  it('reads the whole file or one byte range, for answers the server streams itself', async () => {
    await storage.put('u1/videos/r2/video.mp4', Buffer.from('0123456789'), 'video/mp4');
    const whole = await storage.readRange('u1/videos/r2/video.mp4', undefined);
    expect(whole).toMatchObject({ status: 200, size: 10, start: 0, end: 9, contentType: 'video/mp4' });
    if (whole.status !== 416) expect(await text(whole.body)).toBe('0123456789');
    const part = await storage.readRange('u1/videos/r2/video.mp4', 'bytes=2-4');
    expect(part).toMatchObject({ status: 206, size: 10, start: 2, end: 4 });
    if (part.status !== 416) expect(await text(part.body)).toBe('234');
    expect(await storage.readRange('u1/videos/r2/video.mp4', 'bytes=50-')).toEqual({
      status: 416,
      size: undefined,
    });
    await expect(storage.readRange('u1/missing.mp4', undefined)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('makes presigned GET URLs (path-style, expiring, download as attachment)', async () => {
    await storage.put('u1/videos/r1/video.mp4', Buffer.from('video'), 'video/mp4');
    const url = await storage.signedUrl('u1/videos/r1/video.mp4', { ttlSeconds: 900 });
    expect(url.startsWith(`${s3.endpoint}/cena-test/u1/videos/r1/video.mp4?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('900');
    const response = await fetch(url);
    expect(await response.text()).toBe('video');

    const download = await fetch(
      await storage.signedUrl('u1/videos/r1/video.mp4', { ttlSeconds: 60, download: true }),
    );
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="video.mp4"');

    const fileName = 'cena-2026-04-30-camera-na-mao.mp4';
    const named = await fetch(
      await storage.signedUrl('u1/videos/r1/video.mp4', { ttlSeconds: 60, download: true, fileName }),
    );
    expect(named.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
  });
});
