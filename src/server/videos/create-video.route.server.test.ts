import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { grant } from '#server/credits/ledger-grants.server';
import { balance } from '#server/credits/ledger-reads.server';
import { JOBS_SCHEMA } from '#server/jobs/job-engine.server';
import { QUEUES } from '#server/jobs/queues.server';
import type { VideoRequestView } from '#shared/video-request';
import { FIRST_FRAME_TWICE } from '#shared/video-request-form';
import { signUpAndVerify } from '#tests/support/accounts';
import { startDiskApp, startTestApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { freePort } from '#tests/support/free-port';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';

/** POST /api/videos end to end, on the real server and database (disk storage). */

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;

beforeAll(async () => {
  // The app runs the video workers too ('all' role): a long local render delay keeps picked-up requests from
  // finishing (or failing and refunding) while these tests look at holds, balances and stored files.
  ({ app, pool, storageDir } = await startDiskApp('cena-videos-', { LOCAL_RENDER_DELAY_MS: '600000' }));
});

afterAll(() => stopDiskApp({ app, pool, storageDir }));

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

const user = (credits = 0) => signedUpWithCredits(app.url, pool, credits);

interface PostAnswer {
  request: VideoRequestView;
  error: { code: string; message: string; fields?: Record<string, string> };
}

interface Form {
  /** For a body the server refuses mid-upload: its socket must not be reused by the next request. */
  closeConnection?: boolean;
  fields?: Record<string, string>;
  firstFrame?: Upload;
  /** The first frame under its deprecated name. */
  image?: Upload;
}

type Upload = { bytes: Buffer; name: string; type?: string };

const validFields = () => ({
  prompt: 'Um cachorro correndo na praia ao pôr do sol',
  quality: 'fast',
  aspectRatio: '9:16',
  seed: '',
  clientKey: randomUUID(),
});

async function postVideo(
  client: SessionClient,
  { fields = validFields(), firstFrame, image, closeConnection = false }: Form = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of [['firstFrame', firstFrame] as const, ['image', image] as const]) {
    if (file)
      form.append(
        name,
        new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
        file.name,
      );
  }
  const response = await fetch(`${app.url}/api/videos`, {
    method: 'POST',
    body: form,
    headers: {
      cookie: client.cookieHeader,
      origin: app.url,
      'x-forwarded-for': client.address,
      ...(closeConnection ? { connection: 'close' } : {}),
    },
  });
  return { status: response.status, body: (await response.json()) as PostAnswer };
}

/** Reference images kept in storage (the pipeline's `{userId}/videos/…` files are not this file's concern). */
async function storedFiles(): Promise<string[]> {
  return (await fs.readdir(storageDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storageDir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('videos'))
    .sort();
}

/**
 * The request's `video-generate` jobs and whether it was dispatched, read in one snapshot: the app's dispatcher
 * (role 'all') may give it a slot at any moment, and a job exists exactly once it has.
 */
async function queueState(requestId: string): Promise<{ dispatched: boolean; jobs: number }> {
  const result = await pool.query<{ dispatched: boolean; jobs: number }>(
    `SELECT r.dispatched_at IS NOT NULL AS dispatched,
            (SELECT count(*)::int FROM ${JOBS_SCHEMA}.job j
              WHERE j.name = $2 AND j.data->>'requestId' = r.id::text) AS jobs
     FROM video_requests r WHERE r.id = $1`,
    [requestId, QUEUES.videoGenerate],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`no request ${requestId}`);
  return row;
}

describe('POST /api/videos', () => {
  it('creates a pending request without an image: hold and row together; it waits in the fair queue, with its place in line', async () => {
    const { client, userId } = await user(30);
    const created = await postVideo(client);
    expect(created.status).toBe(201);
    const request = created.body.request as VideoRequestView;
    expect(request).toMatchObject({
      prompt: 'Um cachorro correndo na praia ao pôr do sol',
      quality: 'fast',
      aspectRatio: '9:16',
      seed: null,
      creditsUsed: 10,
      status: 'pending',
      errorMessage: null,
      completedAt: null,
      firstFrameUrl: null,
      referenceImageUrl: null,
      videoUrl: null,
      downloadUrl: null,
      thumbnailUrl: null,
      technical: { provider: null, model: null, resolution: null, durationSeconds: null },
    });
    expect(request.structuredPrompt).toMatchObject({
      subject: 'Um cachorro',
      action: 'correndo na praia ao pôr do sol',
    });
    expect(await balance(pool, userId)).toBe(20);
    // Created waiting: the dispatcher sends its one job with a slot of the provider's budget (ADR 0013).
    // Its place in line, unless the dispatcher gave it a slot before the answer was written.
    if (request.queue) expect(request.queue.position).toBeGreaterThanOrEqual(1);
    const state = await queueState(request.id);
    expect(state.jobs).toBe(state.dispatched ? 1 : 0);
    const row = await pool.query('SELECT hold_id, client_key FROM video_requests WHERE id = $1', [
      request.id,
    ]);
    const hold = await pool.query('SELECT reference, amount, status FROM credit_holds WHERE id = $1', [
      row.rows[0].hold_id,
    ]);
    expect(hold.rows[0]).toEqual({ reference: `video:${request.id}`, amount: 10, status: 'pending' });

    const read = await client.json<{ request: VideoRequestView }>(`/api/videos/${request.id}`);
    expect(read.status).toBe(200);
    // The same request; its place in line, status and technical info are live (the app's dispatcher and worker
    // may have moved it on between the two answers).
    const { id, prompt, structuredPrompt, quality, aspectRatio, seed, creditsUsed, createdAt } = request;
    expect(read.body.request).toMatchObject({
      id,
      prompt,
      structuredPrompt,
      quality,
      aspectRatio,
      seed,
      creditsUsed,
      createdAt,
    });
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('stores the image under {userId}/{timestamp}-{safe name} and links it with a signed URL', async () => {
    const { client, userId } = await user(30);
    const bytes = Buffer.concat([PNG, Buffer.alloc(100, 7)]);
    const created = await postVideo(client, {
      fields: { ...validFields(), quality: 'quality', aspectRatio: '16:9', seed: '12345' },
      firstFrame: { bytes, name: 'Minha Foto (1).png' },
    });
    expect(created.status).toBe(201);
    const request = created.body.request as VideoRequestView;
    expect(request).toMatchObject({ quality: 'quality', seed: 12345, creditsUsed: 25 });
    const key = (await pool.query('SELECT first_frame_key FROM video_requests WHERE id = $1', [request.id]))
      .rows[0].first_frame_key as string;
    expect(key).toMatch(new RegExp(`^${userId}/\\d{13}-Minha-Foto-1\\.png$`));
    expect(request.firstFrameUrl).toMatch(/^\/media\/.+\?expires=\d+&signature=/);
    const image = await fetch(`${app.url}${request.firstFrameUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(bytes);
    expect(await balance(pool, userId)).toBe(5);
  });

  it('answers field messages for invalid input and takes nothing', async () => {
    const { client, userId } = await user(30);
    const short = await postVideo(client, { fields: { ...validFields(), prompt: 'curto' } });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({
      code: 'invalid_request',
      message: 'Muito curto',
      fields: { prompt: 'Muito curto' },
    });

    const several = await postVideo(client, {
      fields: {
        prompt: 'Um gato dormindo no sofá',
        quality: 'ultra',
        aspectRatio: '2:1',
        seed: '123',
        clientKey: 'x',
      },
    });
    expect(several.status).toBe(400);
    expect(several.body.error.fields).toEqual({
      quality: 'Escolha um modo válido: Rascunho, Fast ou Quality.',
      aspectRatio: 'Escolha uma proporção válida.',
      seed: 'Use exatamente 5 dígitos.',
      clientKey: 'Chave de envio inválida.',
    });

    const { prompt: _omitted, ...withoutPrompt } = validFields();
    const missing = await postVideo(client, { fields: withoutPrompt });
    expect(missing.body.error.fields).toEqual({ prompt: 'Campo obrigatório.' });

    const unknown = await postVideo(client, {
      fields: { ...validFields(), userId: 'someone-else', credits: '0' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({
      userId: 'Campo não permitido.',
      credits: 'Campo não permitido.',
    });

    const notMultipart = await client.json('/api/videos', { json: validFields() });
    expect(notMultipart.status).toBe(415);
    expect(await balance(pool, userId)).toBe(30);
  });

  it('still reads the first frame under its deprecated name `image`, and refuses it sent under both names', async () => {
    const { client, userId } = await user(30);
    const old = await postVideo(client, { image: { bytes: PNG, name: 'antigo.png' } });
    expect(old.status).toBe(201);
    const request = old.body.request as VideoRequestView;
    expect(request.firstFrameUrl).toMatch(/^\/media\/.+\?expires=\d+&signature=/);
    // The view's deprecated name carries the same link.
    expect(request.referenceImageUrl).toBe(request.firstFrameUrl);
    expect((await fetch(`${app.url}${request.firstFrameUrl}`)).status).toBe(200);
    expect(await balance(pool, userId)).toBe(20);

    // The old name gets the same checks, its problem said under the name that was sent.
    const text = await postVideo(client, { image: { bytes: Buffer.from('não é imagem'), name: 'foto.png' } });
    expect(text.status).toBe(400);
    expect(text.body.error.fields).toEqual({ image: 'Use uma imagem JPG, PNG ou WEBP.' });

    const before = await storedFiles();
    const both = await postVideo(client, {
      firstFrame: { bytes: PNG, name: 'novo.png' },
      image: { bytes: PNG, name: 'antigo.png' },
    });
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({
      code: 'invalid_request',
      message: FIRST_FRAME_TWICE,
      fields: { firstFrame: FIRST_FRAME_TWICE },
    });
    expect(await storedFiles()).toEqual(before);
    expect(await balance(pool, userId)).toBe(20);
  });

  it('refuses an image by its content, and one over 5 MB with the spec message', async () => {
    const { client, userId } = await user(30);
    const before = await storedFiles();
    const text = await postVideo(client, {
      firstFrame: { bytes: Buffer.from('not an image at all'), name: 'foto.png' },
    });
    expect(text.status).toBe(400);
    expect(text.body.error.fields).toEqual({ firstFrame: 'Use uma imagem JPG, PNG ou WEBP.' });

    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const tooBig = await postVideo(client, { firstFrame: { bytes: big, name: 'grande.png' } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.message).toBe('Imagem muito grande. Máximo 5MB.');
    expect(tooBig.body.error.fields).toEqual({ firstFrame: 'Imagem muito grande. Máximo 5MB.' });

    const huge = await postVideo(client, {
      firstFrame: { bytes: Buffer.alloc(26 * 1024 * 1024 + 10), name: 'enorme.png' },
      closeConnection: true,
    });
    expect(huge.status).toBe(413);
    expect(await storedFiles()).toEqual(before);
    expect(await balance(pool, userId)).toBe(30);
  });

  it('answers 402 with too few credits: no request, no hold, no image, balance unchanged', async () => {
    const { client, userId } = await user(5);
    const before = await storedFiles();
    const refused = await postVideo(client, { firstFrame: { bytes: PNG, name: 'a.png' } });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      code: 'insufficient_credits',
      message: 'Créditos insuficientes para este vídeo.',
    });
    expect(await balance(pool, userId)).toBe(5);
    expect((await pool.query('SELECT 1 FROM video_requests WHERE user_id = $1', [userId])).rowCount).toBe(0);
    expect((await pool.query('SELECT 1 FROM credit_holds WHERE user_id = $1', [userId])).rowCount).toBe(0);
    expect(await storedFiles()).toEqual(before);

    const noAccount = await user(0);
    expect((await postVideo(noAccount.client)).status).toBe(402);
  });

  it('is idempotent by clientKey: 10 concurrent identical submits make one request and one hold', async () => {
    const { client, userId } = await user(100);
    const fields = validFields();
    const image = { bytes: PNG, name: 'same.png' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postVideo(client, { fields, firstFrame: image })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(answers.map((answer) => answer.body.request.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    expect((await pool.query('SELECT 1 FROM video_requests WHERE user_id = $1', [userId])).rowCount).toBe(1);
    expect((await pool.query('SELECT 1 FROM credit_holds WHERE user_id = $1', [userId])).rowCount).toBe(1);
    expect(await balance(pool, userId)).toBe(90);
    const state = await queueState(id);
    expect(state.jobs).toBe(state.dispatched ? 1 : 0);
    // Only the winner's image is kept.
    expect((await storedFiles()).filter((file) => file.startsWith(`${userId}/`))).toHaveLength(1);

    const replay = await postVideo(client, { fields });
    expect(replay.status).toBe(200);
    expect(replay.body.request.id).toBe(id);
    expect(await balance(pool, userId)).toBe(90);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('limits creation to 10 per minute per user', async () => {
    const { client, userId } = await user(500);
    for (let i = 0; i < 10; i += 1) expect((await postVideo(client)).status).toBe(201);
    const limited = await postVideo(client);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(await balance(pool, userId)).toBe(400);
  });

  it('publishes the insert on the user’s event stream', async () => {
    const { client } = await user(30);
    const response = await client.fetch('/api/events');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const waitFor = async (pattern: RegExp) => {
      const deadline = Date.now() + 5_000;
      while (!pattern.test(text)) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} in ${text}`);
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value, { stream: true });
      }
    };
    await waitFor(/event: ready/);
    const created = await postVideo(client);
    await waitFor(/event: video_request\ndata: .*\n\n/);
    const data = /event: video_request\ndata: (.*)\n/.exec(text)?.[1] ?? '';
    expect(JSON.parse(data)).toEqual({ id: created.body.request.id, status: 'pending', op: 'insert' });
    await reader.cancel();
  });
});

describe('when the reference image cannot be stored', () => {
  it('answers the spec upload error, and nothing is held or created', async () => {
    const closedPort = await freePort();
    const broken = await startTestApp({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'cena-test',
      S3_ENDPOINT: `http://127.0.0.1:${closedPort}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
      LOCAL_RENDER_DELAY_MS: '600000',
      SHUTDOWN_TIMEOUT_MS: '2000',
    });
    try {
      const { client } = await signUpAndVerify(broken.url);
      const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
      const brokenPool = broken.cena.pool;
      await grant(brokenPool, {
        userId,
        amount: 50,
        source: 'adjustment',
        sourceRef: `test:${randomUUID()}`,
        expiresAt: null,
      });
      const form = new FormData();
      for (const [name, value] of Object.entries(validFields())) form.append(name, value);
      form.append('firstFrame', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'ref.png');
      const response = await fetch(`${broken.url}/api/videos`, {
        method: 'POST',
        body: form,
        headers: { cookie: client.cookieHeader, origin: broken.url, 'x-forwarded-for': client.address },
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        error: { code: 'upload_failed', message: 'Erro ao fazer upload da imagem. Tente novamente.' },
      });
      expect(await balance(brokenPool, userId)).toBe(50);
      const rows = await brokenPool.query(
        'SELECT count(*)::int AS n FROM video_requests WHERE user_id = $1',
        [userId],
      );
      expect(rows.rows[0]?.n).toBe(0);
    } finally {
      await broken.stop();
    }
  });
});
