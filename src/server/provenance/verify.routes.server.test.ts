import { randomUUID } from 'node:crypto';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_MAX_BYTES, VERIFY_MESSAGES, type VerifyResult } from '#shared/provenance';
import type { VideoRequestView } from '#shared/video-request';
import { ROOT, startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { activeManifest, checkClaimSignature, manifestStore } from '#tests/support/c2pa-jumbf';
import { colourClip, mediaTools } from '#tests/support/media';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';
import { readCredentials } from './read-credentials.server';

/**
 * The acceptance of Content Credentials (ADR 0065) through the real server and worker in local mode: a Fast video
 * downloads signed (read back by c2pa-rs and by the independent box walker), carries nothing about its maker, and
 * `POST /api/verify` answers for it, for its share link, for it altered by one byte, for an unsigned MP4 and for
 * what it refuses.
 */

let app: TestApp;
let pool: pg.Pool;
let dir = '';
const TOOLS = await mediaTools(60_000);
/** A prompt no manifest may carry. */
const PROMPT = `Um farol pintado de vermelho numa ilha de pedra, ondas calmas ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  ({ app, pool, storageDir: dir } = await startDiskApp('cena-verify-', { LOCAL_RENDER_DELAY_MS: '0' }));
});

afterAll(() => stopDiskApp({ app, pool, storageDir: dir }));

/** The development root the test app signs under (DATA_DIR/c2pa, DATA_DIR being ./data for test apps). */
const anchors = () => readFile(path.join(ROOT, 'data/c2pa/root.pem'), 'utf8');

async function completedFast(client: SessionClient): Promise<VideoRequestView> {
  const form = new FormData();
  const fields = {
    prompt: PROMPT,
    quality: 'fast',
    aspectRatio: '16:9',
    clipSeconds: '4',
    clientKey: randomUUID(),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const created = await fetch(`${app.url}/api/videos`, {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookieHeader, origin: app.url, 'x-forwarded-for': client.address },
  });
  expect(created.status).toBe(201);
  const { id } = ((await created.json()) as { request: VideoRequestView }).request;
  for (let i = 0; i < 600; i++) {
    const { request } = (await client.json<{ request: VideoRequestView }>(`/api/videos/${id}`)).body;
    if (request.status === 'completed') return request;
    if (request.status === 'failed') throw new Error(`failed: ${request.errorMessage}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the video never completed');
}

async function verify(
  form: FormData,
): Promise<{ status: number; body: VerifyResult & { error?: { code: string; message: string } } }> {
  const response = await fetch(`${app.url}/api/verify`, {
    method: 'POST',
    body: form,
    headers: { origin: app.url },
  });
  return { status: response.status, body: (await response.json()) as never };
}

function fileForm(bytes: Buffer, name = 'video.mp4', type = 'video/mp4'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

function linkForm(link: string): FormData {
  const form = new FormData();
  form.append('link', link);
  return form;
}

describe('a Fast video made in local mode', () => {
  let downloaded = '';
  let client: SessionClient;
  let video: VideoRequestView;
  let model = '';

  beforeAll(async () => {
    ({ client } = await signedUpWithCredits(app.url, pool, 50));
    video = await completedFast(client);
    const stored = await pool.query<{ model: string }>('SELECT model FROM video_requests WHERE id = $1', [
      video.id,
    ]);
    model = stored.rows[0]?.model ?? '';
    const response = await client.fetch(video.downloadUrl ?? '');
    expect(response.status).toBe(200);
    downloaded = path.join(dir, 'downloaded.mp4');
    await writeFile(downloaded, Buffer.from(await response.arrayBuffer()));
  }, 240_000);

  it('downloads with Content Credentials that validate, naming Cena, the model and trainedAlgorithmicMedia', async () => {
    const read = await readCredentials(downloaded, await anchors());
    expect(read).toMatchObject({
      credentials: 'valid',
      madeByCena: true,
      aiGenerated: true,
      model,
    });
    expect(model).toBeTruthy();
    expect(read.generator).toMatch(/^Cena /);
    const store = manifestStore(downloaded);
    const { manifest, actions } = activeManifest(store as NonNullable<typeof store>);
    expect(checkClaimSignature(manifest).verified).toBe(true);
    expect(actions[0]?.get('digitalSourceType')).toBe(
      'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
    );
  });

  it('carries no personal data: not the e-mail, the name, the prompt nor any id of the user or the video', async () => {
    const me = (await client.json<{ user: { id: string; email: string; name: string } }>('/api/me')).body
      .user;
    const read = JSON.stringify(await readCredentials(downloaded, await anchors()));
    const file = (await readFile(downloaded)).toString('latin1');
    const boxStart = file.indexOf('c2pa');
    const manifestBytes = file.slice(Math.max(0, boxStart - 64), boxStart + 64 * 1024);
    for (const personal of [me.email, me.name, PROMPT, PROMPT.slice(0, 20), me.id, video.id]) {
      expect(personal.length).toBeGreaterThan(3);
      expect(read).not.toContain(personal);
      expect(manifestBytes).not.toContain(personal);
    }
  });

  it('/api/verify: the file is valid and Cena-made, as is its share link; one byte changed in the video is not', async () => {
    const bytes = await readFile(downloaded);
    const asFile = await verify(fileForm(bytes));
    expect(asFile.status).toBe(200);
    expect(asFile.body).toMatchObject({ credentials: 'valid', madeByCena: true, model });
    expect(asFile.body.signer).toContain('Cena');

    const shared = await client.json<{ url: string }>(`/api/videos/${video.id}/share`, {
      method: 'POST',
      json: {},
    });
    expect(shared.status).toBe(200);
    expect((await verify(linkForm(shared.body.url))).body).toMatchObject({
      credentials: 'valid',
      madeByCena: true,
    });
    expect((await verify(linkForm(new URL(shared.body.url).pathname))).status).toBe(200);

    const altered = path.join(dir, 'altered.mp4');
    await copyFile(downloaded, altered);
    const data = await readFile(altered);
    const mdat = data.indexOf('mdat');
    data[mdat + 4096] = (data[mdat + 4096] ?? 0) ^ 0x01;
    const answer = await verify(fileForm(data));
    expect(answer.status).toBe(200);
    expect(answer.body.credentials).toBe('invalid');
    expect(answer.body.failures).toContain('assertion.bmffHash.mismatch');
  });
});

describe('POST /api/verify', () => {
  it('says an MP4 from elsewhere carries none', async () => {
    const plain = await colourClip(TOOLS, path.join(dir, 'plain.mp4'), {
      colour: 'navy',
      seconds: 1,
      size: '160x90',
    });
    const answer = await verify(fileForm(await readFile(plain)));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ credentials: 'none', madeByCena: false, actions: [] });
  });

  it('refuses what is not an MP4, neither or both of file and link, and links that are not Cena’s', async () => {
    const text = await verify(fileForm(Buffer.from('não sou um vídeo'), 'nota.txt', 'text/plain'));
    expect(text.status).toBe(415);
    expect(text.body.error).toEqual({
      code: 'unsupported_media_type',
      message: VERIFY_MESSAGES.notMp4,
      requestId: expect.any(String),
    });
    expect((await verify(new FormData())).body.error?.message).toBe(VERIFY_MESSAGES.nothing);
    const both = fileForm(Buffer.from('x'));
    both.append('link', `${app.url}/v/abc`);
    expect((await verify(both)).body.error?.message).toBe(VERIFY_MESSAGES.both);
    const elsewhere = await verify(linkForm('https://example.com/v/abcdef'));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error?.code).toBe('not_cena_link');
    const gone = await verify(linkForm(`${app.url}/v/naoexiste123`));
    expect(gone.status).toBe(404);
    expect(gone.body.error?.message).toBe(VERIFY_MESSAGES.linkGone);
    const other = new FormData();
    other.append('nome', 'x');
    expect((await verify(other)).status).toBe(400);
  });

  it('answers 413 at once for a body announced over the limit, and closes the connection', async () => {
    const answer = await new Promise<{ status: number; connection: string | undefined; body: string }>(
      (resolve, reject) => {
        const outgoing = httpRequest(
          `${app.url}/api/verify`,
          {
            method: 'POST',
            agent: false,
            headers: {
              origin: app.url,
              'content-type': 'multipart/form-data; boundary=x',
              'content-length': String(VERIFY_MAX_BYTES + 1024 * 1024),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                connection: response.headers.connection,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
          },
        );
        outgoing.on('error', reject);
        outgoing.write('--x\r\n');
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body).error.message).toBe(VERIFY_MESSAGES.tooLarge);
  });
});
