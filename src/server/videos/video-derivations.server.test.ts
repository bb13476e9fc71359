import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '#server/credits/ledger-reads.server';
import { probe } from '#server/media/rendering.server';
import { LOCAL_FAILURE_MARKER } from '#server/video-providers/local-preview-provider.server';
import { DERIVATION_REFUSALS, FILM_MAX_SECONDS, type VideoVersion } from '#shared/video-directing';
import type { VideoRequestView } from '#shared/video-request';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { contractBreaches, type FakeGemini, NO_BREACHES } from '#tests/support/fake-gemini';
import { type GeminiApp, startGeminiApp, stopGeminiApp } from '#tests/support/gemini-app';
import { mediaTools } from '#tests/support/media';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';

/**
 * Longer and directed videos end to end with the local renderer (real ffmpeg, real MP4s): a Fast 16:9 video
 * extended as one continued take keeps its sound, each extension charged like a new Fast video (and, through the
 * Gemini API stand-in, eight extensions make a film past one minute); concurrent extensions of one source are
 * branches (ADR 0011); an edit is a linked version at the source mode's price.
 */

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;
const TOOLS = await mediaTools(60_000);

beforeAll(async () => {
  // A render is read as done as soon as its file is there: each of the chains' many renders waits no poll out.
  ({ app, pool, storageDir } = await startDiskApp('cena-derivations-', {
    LOCAL_RENDER_DELAY_MS: '0',
    VIDEO_POLL_MS: '100',
  }));
});

afterAll(() => stopDiskApp({ app, pool, storageDir }));

/** The API calls a test makes, against one running app (local renderer, or the Gemini API stand-in). */
function videosApi(target: () => { app: TestApp; pool: pg.Pool }) {
  const user = (credits: number) => signedUpWithCredits(target().app.url, target().pool, credits);

  async function create(
    client: SessionClient,
    fields: Record<string, string> = {},
  ): Promise<VideoRequestView> {
    const form = new FormData();
    const all = {
      prompt: 'Um barco a vela cruzando a baía ao amanhecer',
      quality: 'fast',
      aspectRatio: '16:9',
      seed: '',
      clientKey: randomUUID(),
      ...fields,
    };
    for (const [name, value] of Object.entries(all)) form.append(name, value);
    const response = await fetch(`${target().app.url}/api/videos`, {
      method: 'POST',
      body: form,
      headers: { cookie: client.cookieHeader, origin: target().app.url, 'x-forwarded-for': client.address },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { request: VideoRequestView }).request;
  }

  async function derive(client: SessionClient, id: string, kind: 'extensions' | 'edits', body: object) {
    const response = await client.json<{
      request: VideoRequestView;
      error: { code: string; message: string };
    }>(`/api/videos/${id}/${kind}`, { json: body });
    return response;
  }

  async function finished(client: SessionClient, id: string): Promise<VideoRequestView> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const read = await client.json<{ request: VideoRequestView }>(`/api/videos/${id}`);
      const request = read.body.request;
      if (request.status === 'completed' || request.status === 'failed') return request;
      if (Date.now() > deadline) throw new Error(`request ${id} still ${request.status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function completed(client: SessionClient, id: string): Promise<VideoRequestView> {
    const request = await finished(client, id);
    if (request.status === 'failed') throw new Error(`request ${id} failed: ${request.errorMessage}`);
    return request;
  }

  async function downloaded(request: VideoRequestView) {
    if (!request.downloadUrl) throw new Error('no download URL');
    const response = await fetch(new URL(request.downloadUrl, target().app.url));
    expect(response.status).toBe(200);
    const file = path.join(storageDir, `${randomUUID()}.mp4`);
    await fs.writeFile(file, Buffer.from(await response.arrayBuffer()));
    try {
      return await probe(file, TOOLS);
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  return { user, create, derive, finished, completed, downloaded };
}

const { user, create, derive, finished, completed, downloaded } = videosApi(() => ({ app, pool }));

describe('extensions and edits (local renderer)', () => {
  // The chain at full length (eight extensions, past a minute) runs once, in the Omni film below; here two
  // extensions show the local renderer's continued take, its sound and its charge.
  it('extends a Fast 16:9 video twice as one continued take, with sound, at 10 credits each', async () => {
    const { client, userId } = await user(30);
    let current = await completed(client, (await create(client)).id);
    expect(current.derivations.extend).toEqual({
      allowed: true,
      reason: null,
      lengthAfterSeconds: 16,
      continuation: 'same-take',
    });
    for (let step = 1; step <= 2; step += 1) {
      const answer = await derive(client, current.id, 'extensions', {
        prompt: `O barco segue viagem, parte ${step}`,
        clientKey: randomUUID(),
      });
      expect(answer.status).toBe(201);
      expect(answer.body.request).toMatchObject({
        kind: 'extension',
        sourceRequestId: current.id,
        quality: 'fast',
        aspectRatio: '16:9',
        creditsUsed: 10,
        status: 'pending',
      });
      current = await completed(client, answer.body.request.id);
      expect(current.derivations.extend).toMatchObject({ allowed: true, continuation: 'same-take' });
    }
    const last = await downloaded(current);
    expect(last.deliveredSeconds).toBeGreaterThanOrEqual(23.5);
    expect(last.hasAudio).toBe(true);
    expect(current.technical.deliveredSeconds).toBeGreaterThanOrEqual(23.5);
    expect(await balance(pool, userId)).toBe(30 - 10 * 3);

    const versions = await client.json<{ items: VideoVersion[] }>(`/api/videos/${current.id}/versions`);
    expect(versions.body.items.map((item) => item.kind)).toEqual(['original', 'extension', 'extension']);
    expect(versions.body.items.at(-1)?.deliveredSeconds).toBeGreaterThanOrEqual(23.5);
  }, 180_000);

  it('past the local renderer’s 120 s, extends with a new shot from the last frame, joined with sound', async () => {
    const { client, userId } = await user(20);
    const done = await completed(client, (await create(client)).id);
    // The chain's length is what the rule reads; the file stays 8 s, so the join is quick to check.
    await pool.query('UPDATE video_requests SET delivered_seconds = 120 WHERE id = $1', [done.id]);
    const read = await client.json<{ request: VideoRequestView }>(`/api/videos/${done.id}`);
    expect(read.body.request.derivations.extend).toEqual({
      allowed: true,
      reason: null,
      lengthAfterSeconds: 128,
      continuation: 'new-shot',
    });
    const answer = await derive(client, done.id, 'extensions', {
      prompt: 'O barco chega ao porto e as pessoas acenam',
      clientKey: randomUUID(),
    });
    expect(answer.status).toBe(201);
    const film = await completed(client, answer.body.request.id);
    const media = await downloaded(film);
    expect(media.deliveredSeconds).toBeGreaterThan(15.8);
    expect(media.deliveredSeconds).toBeLessThan(16);
    expect(media.hasAudio).toBe(true);
    expect(`${media.width}x${media.height}`).toBe(done.technical.resolution);
    expect(await balance(pool, userId)).toBe(0);
  }, 180_000);

  it('refunds an extension that fails at the provider and leaves the chain as it was', async () => {
    const { client, userId } = await user(30);
    const source = await completed(client, (await create(client)).id);
    const extended = await completed(
      client,
      (
        await derive(client, source.id, 'extensions', {
          prompt: 'O barco vira à esquerda',
          clientKey: randomUUID(),
        })
      ).body.request.id,
    );
    const failing = await derive(client, extended.id, 'extensions', {
      prompt: `O barco afunda ${LOCAL_FAILURE_MARKER}`,
      clientKey: randomUUID(),
    });
    expect(failing.status).toBe(201);
    expect(await balance(pool, userId)).toBe(0);
    const failed = await finished(client, failing.body.request.id);
    expect(failed.status).toBe('failed');
    expect(failed.errorMessage).toBeTruthy();
    // Refunded: the failed extension's 10 credits are back, the two delivered videos stay paid.
    expect(await balance(pool, userId)).toBe(10);
    const again = await client.json<{ request: VideoRequestView }>(`/api/videos/${extended.id}`);
    expect(again.body.request).toMatchObject({ status: 'completed', technical: extended.technical });
    expect((await downloaded(again.body.request)).deliveredSeconds).toBeCloseTo(16, 0);
    // The chain goes on from the video the failure left untouched.
    const next = await derive(client, extended.id, 'extensions', {
      prompt: 'O barco chega ao porto',
      clientKey: randomUUID(),
    });
    expect(next.status).toBe(201);
    const longer = await completed(client, next.body.request.id);
    expect((await downloaded(longer)).deliveredSeconds).toBeGreaterThanOrEqual(23.5);
    const versions = await client.json<{ items: VideoVersion[] }>(`/api/videos/${source.id}/versions`);
    expect(versions.body.items.map((item) => [item.kind, item.status])).toEqual([
      ['original', 'completed'],
      ['extension', 'completed'],
      ['extension', 'failed'],
      ['extension', 'completed'],
    ]);
  }, 240_000);

  it('accepts two concurrent extensions of one source as branches, each the whole video', async () => {
    const { client, userId } = await user(30);
    const source = await completed(client, (await create(client)).id);
    const [first, second] = await Promise.all(
      ['Chega uma tempestade', 'O sol se põe'].map((prompt) =>
        derive(client, source.id, 'extensions', { prompt, clientKey: randomUUID() }),
      ),
    );
    expect([first?.status, second?.status]).toEqual([201, 201]);
    for (const answer of [first, second]) {
      const done = await completed(client, answer?.body.request.id ?? '');
      expect(done.sourceRequestId).toBe(source.id);
      const media = await downloaded(done);
      expect(media.deliveredSeconds).toBeGreaterThanOrEqual(15.5);
      expect(media.hasAudio).toBe(true);
    }
    expect(await balance(pool, userId)).toBe(0);
    const versions = await client.json<{ items: VideoVersion[] }>(`/api/videos/${source.id}/versions`);
    expect(versions.body.items.filter((item) => item.sourceRequestId === source.id)).toHaveLength(2);
  }, 180_000);

  it('edits a completed video as a linked version of the same length at the source mode price', async () => {
    // A Rascunho source: its price is not Fast's either, and its two renders and checks are 640x360 rather than
    // Quality's 1080p (2.7 s of ffmpeg CPU instead of 11.6); the local 1080p render is video-modes' Finalizar's and
    // the local provider's own test's.
    const { client, userId } = await user(60);
    const source = await completed(client, (await create(client, { quality: 'draft' })).id);
    const clientKey = randomUUID();
    const answer = await derive(client, source.id, 'edits', {
      instruction: 'troque o dia pela noite',
      clientKey,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.request).toMatchObject({
      kind: 'edit',
      sourceRequestId: source.id,
      prompt: 'troque o dia pela noite',
      quality: 'draft',
      creditsUsed: 4,
    });
    // Made by its source's provider, model and project (stored with it now), whatever the settings say later.
    const made = async (id: string) =>
      (await pool.query('SELECT provider, model, provider_project FROM video_requests WHERE id = $1', [id]))
        .rows[0];
    const sourceMade = await made(source.id);
    expect(sourceMade.model).toEqual(expect.any(String));
    expect(await made(answer.body.request.id)).toEqual(sourceMade);
    const replay = await derive(client, source.id, 'edits', {
      instruction: 'troque o dia pela noite',
      clientKey,
    });
    expect(replay.status).toBe(200);
    expect(replay.body.request.id).toBe(answer.body.request.id);
    const edited = await completed(client, answer.body.request.id);
    expect((await downloaded(edited)).deliveredSeconds).toBeCloseTo(
      source.technical.deliveredSeconds ?? 0,
      0,
    );
    expect(await balance(pool, userId)).toBe(60 - 4 * 2);
    // The source stays as it was.
    const again = await client.json<{ request: VideoRequestView }>(`/api/videos/${source.id}`);
    expect(again.body.request.status).toBe('completed');
    expect(again.body.request.technical).toEqual(source.technical);
  }, 180_000);

  it('answers 404, 409 and 402 before any hold, and 400 for bad input', async () => {
    const { client, userId } = await user(20);
    const stranger = await user(10);
    const pending = await create(client);
    const notYet = await derive(client, pending.id, 'extensions', {
      prompt: 'O barco chega ao porto',
      clientKey: randomUUID(),
    });
    expect(notYet.status).toBe(409);
    expect(notYet.body.error).toMatchObject({
      code: 'cannot_derive',
      message: 'Só é possível alterar um vídeo concluído.',
    });
    const done = await completed(client, pending.id);
    expect(await balance(pool, userId)).toBe(10);

    const foreign = await derive(stranger.client, done.id, 'edits', {
      instruction: 'deixe tudo azul',
      clientKey: randomUUID(),
    });
    expect(foreign.status).toBe(404);
    const unknown = await derive(client, randomUUID(), 'extensions', {
      prompt: 'O barco chega ao porto',
      clientKey: randomUUID(),
    });
    expect(unknown.status).toBe(404);
    const invalid = await derive(client, done.id, 'extensions', { prompt: 'curto', clientKey: 'x' });
    expect(invalid.status).toBe(400);

    const second = await create(client);
    await completed(client, second.id);
    expect(await balance(pool, userId)).toBe(0);
    const short = await derive(client, done.id, 'extensions', {
      prompt: 'O barco chega ao porto',
      clientKey: randomUUID(),
    });
    expect(short.status).toBe(402);
    expect(short.body.error.message).toBe('Créditos insuficientes para este vídeo.');
    const holds = await pool.query('SELECT count(*)::int AS n FROM credit_holds WHERE user_id = $1', [
      userId,
    ]);
    expect(holds.rows[0].n).toBe(2);
  }, 180_000);
});

/**
 * Past the model's extension limit (Omni: 40 s) 'Estender' keeps working: a new shot from the last frame, sent as
 * the guide's `<FIRST_FRAME>` image of a new video, appended to the film by Cena.
 */
describe('films past the model’s extension limit (Gemini API stand-in, Omni default)', () => {
  let gemini: FakeGemini;
  let omniApp: TestApp;
  let omniPool: pg.Pool;
  let running: GeminiApp;
  const omni = videosApi(() => ({ app: omniApp, pool: omniPool }));

  beforeAll(async () => {
    running = await startGeminiApp('cena-derivations-omni-', {
      VIDEO_PROVIDER: 'gemini',
      VIDEO_POLL_MS: '100',
    });
    ({ gemini, app: omniApp, pool: omniPool } = running);
    // Done on the first read, read every 100 ms: Cena's 5–8 s between reads of Google would only make ten
    // generations slower.
    gemini.pollsUntilDone = 1;
  });

  afterEach(() => {
    expect(contractBreaches(gemini)).toEqual(NO_BREACHES);
  });

  afterAll(() => stopGeminiApp(running));

  it('extends a Fast 16:9 video eight times into one film past a minute, with sound, at 10 credits each', async () => {
    const { client, userId } = await omni.user(100);
    let current = await omni.completed(client, (await omni.create(client)).id);
    const continuations: (string | null)[] = [];
    for (let step = 1; step <= 8; step += 1) {
      continuations.push(current.derivations.extend.continuation);
      expect(current.derivations.extend).toMatchObject({ allowed: true, reason: null });
      const answer = await omni.derive(client, current.id, 'extensions', {
        prompt: `O barco segue viagem, parte ${step}`,
        clientKey: randomUUID(),
      });
      expect(answer.status).toBe(201);
      expect(answer.body.request).toMatchObject({ kind: 'extension', creditsUsed: 10, quality: 'fast' });
      current = await omni.completed(client, answer.body.request.id);
    }
    // 8 → 40 s continues Omni's take; from 40 s (Omni's limit) on, each extension is a new shot.
    expect(continuations).toEqual([...Array(4).fill('same-take'), ...Array(4).fill('new-shot')]);
    const film = await omni.downloaded(current);
    expect(film.deliveredSeconds).toBeGreaterThanOrEqual(64);
    expect(film.hasAudio).toBe(true);
    expect(`${film.width}x${film.height}`).toBe('1280x720');
    expect(await balance(omniPool, userId)).toBe(100 - 10 * 9);
    // Omni's stored take is now only the last shot: the film is not offered to the model to edit.
    expect(current.derivations.edit).toEqual({
      allowed: false,
      reason: DERIVATION_REFUSALS.editJoinedShots,
    });

    // Each new shot is a new video whose first frame is the film's last frame, tagged as the guide documents.
    const newShots = gemini.submitBodies.filter(
      (body) => Array.isArray(body.input) && (body.input[0] as { text?: string }).text === '<FIRST_FRAME>',
    );
    expect(newShots).toHaveLength(4);
    for (const body of newShots) {
      expect(body).not.toHaveProperty('previous_interaction_id');
      expect(body).not.toHaveProperty('generation_config');
      expect(body.input).toEqual([
        { type: 'text', text: '<FIRST_FRAME>' },
        { type: 'image', data: expect.any(String), mime_type: 'image/jpeg' },
        { type: 'text', text: expect.stringContaining('O barco segue viagem') },
      ]);
    }
    const versions = await client.json<{ items: VideoVersion[] }>(`/api/videos/${current.id}/versions`);
    const fortySeconds = versions.body.items.find((item) => Math.round(item.deliveredSeconds ?? 0) === 40);
    const frame = await omniApp.cena.storage.getStream(`${userId}/videos/${fortySeconds?.id}/last-frame.jpg`);
    const chunks: Buffer[] = [];
    for await (const chunk of frame) chunks.push(chunk as Buffer);
    const firstShot = newShots[0]?.input as { data?: string }[] | undefined;
    expect(firstShot?.[1]?.data).toBe(Buffer.concat(chunks).toString('base64'));
  }, 600_000);

  it(`refuses to extend a film of ${FILM_MAX_SECONDS / 60} minutes with 409, before any hold`, async () => {
    const { client, userId } = await omni.user(20);
    const done = await omni.completed(client, (await omni.create(client)).id);
    await omniPool.query('UPDATE video_requests SET delivered_seconds = $2 WHERE id = $1', [
      done.id,
      FILM_MAX_SECONDS,
    ]);
    const read = await client.json<{ request: VideoRequestView }>(`/api/videos/${done.id}`);
    expect(read.body.request.derivations.extend).toEqual({
      allowed: false,
      reason: DERIVATION_REFUSALS.filmMaxLength,
      lengthAfterSeconds: null,
      continuation: null,
    });
    const refused = await omni.derive(client, done.id, 'extensions', {
      prompt: 'O barco segue viagem mais um pouco',
      clientKey: randomUUID(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'cannot_derive',
      message: 'Este vídeo já chegou a 5 minutos, a duração máxima de um filme na Cena.',
    });
    expect(await balance(omniPool, userId)).toBe(10);
    const holds = await omniPool.query('SELECT count(*)::int AS n FROM credit_holds WHERE user_id = $1', [
      userId,
    ]);
    expect(holds.rows[0].n).toBe(1);
  }, 180_000);
});
