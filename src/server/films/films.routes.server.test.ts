import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '#server/media/rendering.server';
import type { FilmCandidatesResponse, FilmScenesResponse } from '#shared/films';
import type { HistoryPage } from '#shared/history-list';
import type { VideoRequestView } from '#shared/video-request';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { credentialsOf } from '#tests/support/content-credentials';
import { testPool } from '#tests/support/database';
import { eventReader } from '#tests/support/event-stream';
import { storeVideo } from '#tests/support/films';
import { colourClip, mediaTools } from '#tests/support/media';
import type { SessionClient } from '#tests/support/session-client';

/**
 * `POST /api/films` end to end in local mode: a film of the user's completed videos is saved for no credits, goes
 * pending → rendering → completed on the user's event stream, and is then a video like any other (detail, list,
 * download); replays are one film; every refusal has its status and pt-BR message.
 */

let app: TestApp;
let pool: pg.Pool;
let dir = '';
let clip4s = '';
let clip3s = '';

type Answer = {
  status: number;
  body: { request: VideoRequestView; error?: { code: string; message: string } };
};

async function user(): Promise<{ client: SessionClient; userId: string }> {
  const { client } = await signUpAndVerify(app.url);
  const me = await client.json<{ user: { id: string } }>('/api/me');
  return { client, userId: me.body.user.id };
}

const store = (userId: string, options: Parameters<typeof storeVideo>[3] = {}) =>
  storeVideo(pool, app.cena.storage, userId, { file: clip4s, deliveredSeconds: 4, ...options });

const save = (client: SessionClient, body: unknown): Promise<Answer> =>
  client.json('/api/films', { json: body }) as Promise<Answer>;

const errorOf = (answer: { body: unknown }) =>
  (answer.body as { error: { code: string; message: string } }).error;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cena-films-routes-'));
  const tools = await mediaTools(60_000);
  const [started, red, blue] = await Promise.allSettled([
    startTestApp({ STORAGE_DIR: path.join(dir, 'storage'), SHUTDOWN_TIMEOUT_MS: '2000' }),
    colourClip(tools, path.join(dir, 'red.mp4'), { colour: 'red', seconds: 4, size: '640x360' }),
    colourClip(tools, path.join(dir, 'blue.mp4'), { colour: 'blue', seconds: 3, size: '640x360' }),
  ]);
  // Kept even when a clip failed, so afterAll stops it: it would run on into the next file (ADR 0076).
  if (started.status === 'fulfilled') app = started.value;
  for (const result of [started, red, blue]) if (result.status === 'rejected') throw result.reason;
  if (red.status === 'fulfilled' && blue.status === 'fulfilled') [clip4s, clip3s] = [red.value, blue.value];
  pool = testPool({ connectionString: app.databaseUrl, max: 2 });
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await app?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('saving a film', () => {
  it('joins the scenes for no credits, live to completed, and is then a video of its own', async () => {
    const { client, userId } = await user();
    const first = await store(userId);
    const second = await store(userId, { file: clip3s, deliveredSeconds: 3 });
    const balanceBefore = (await client.json<{ balance: number }>('/api/credits')).body.balance;
    const events = eventReader(await client.fetch('/api/events'));
    expect((await events.next()).event).toBe('ready');

    const clientKey = randomUUID();
    const body = {
      title: 'Meu primeiro filme',
      scenes: [
        { requestId: second, startSeconds: 0.5 },
        { requestId: first, startSeconds: 1, endSeconds: 3.5 },
      ],
      clientKey,
    };
    const created = await save(client, body);
    expect(created.status).toBe(201);
    expect(created.body.request).toMatchObject({
      kind: 'film',
      prompt: 'Meu primeiro filme',
      creditsUsed: 0,
      aspectRatio: '16:9',
      videoUrl: null,
    });
    expect(['pending', 'rendering']).toContain(created.body.request.status);
    const id = created.body.request.id;

    // A double click: the same film, not a second one.
    const replay = await save(client, body);
    expect(replay.status).toBe(200);
    expect(replay.body.request.id).toBe(id);

    // Each status change of the film reaches the open stream (the page refetches on it).
    const seen: string[] = [];
    for (let i = 0; i < 10 && !seen.includes('completed'); i++) {
      const event = await events.next(60_000);
      if (event.event !== 'video_request') continue;
      const film = (await client.json<{ request: VideoRequestView }>(`/api/videos/${id}`)).body.request;
      seen.push(film.status);
    }
    await events.cancel();
    expect(seen.at(-1)).toBe('completed');

    const film = (await client.json<{ request: VideoRequestView }>(`/api/videos/${id}`)).body.request;
    expect(film.kind).toBe('film');
    expect(film.technical.deliveredSeconds).toBeCloseTo(2.5 + 2.5, 1);
    expect(film.technical.resolution).toBe('640x360');
    expect(film.downloadUrl).toBeTruthy();
    expect(film.thumbnailUrl).toBeTruthy();
    const download = await client.fetch(film.downloadUrl ?? '');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    const downloaded = path.join(dir, 'downloaded.mp4');
    await writeFile(downloaded, Buffer.from(await download.arrayBuffer()));
    const tools = await mediaTools(60_000);
    const probed = await probe(downloaded, tools);
    expect(probed.deliveredSeconds).toBeCloseTo(5, 1);
    expect(probed.hasAudio).toBe(true);
    // Signed after the join (ADR 0065): made by a model, then joined and trimmed by Cena.
    const credentials = await credentialsOf(downloaded);
    expect(credentials).toMatchObject({ credentials: 'valid', madeByCena: true, aiGenerated: true });
    expect(credentials.actions.map((action) => action.edit ?? action.action)).toEqual([
      'c2pa.created',
      'joined',
      'trimmed',
    ]);

    // Joined by Cena, never sent to a provider: the fair queue did not dispatch it, no hold was placed.
    const row = await pool.query(
      'SELECT dispatched_at, provider_project, hold_id FROM video_requests WHERE id = $1',
      [id],
    );
    expect(row.rows[0]).toEqual({ dispatched_at: null, provider_project: null, hold_id: null });

    const scenes = await client.json<FilmScenesResponse>(`/api/films/${id}/scenes`);
    expect(scenes.status).toBe(200);
    expect(scenes.body.items.map((scene) => [scene.requestId, scene.startSeconds, scene.endSeconds])).toEqual(
      [
        [second, 0.5, 3],
        [first, 1, 3.5],
      ],
    );

    const history = await client.json<HistoryPage>('/api/videos');
    expect(history.body.items.find((item) => item.id === id)?.kind).toBe('film');
    const csv = await (await client.fetch('/api/videos/export.csv')).text();
    expect(csv.split('\r\n').find((line) => line.includes('Meu primeiro filme'))).toMatch(
      /;Fast;16:9;0;Concluído;[\d,]+;Filme$/,
    );
    expect((await client.json<{ balance: number }>('/api/credits')).body.balance).toBe(balanceBefore);

    // The film can itself be a scene of another film.
    const candidates = await client.json<FilmCandidatesResponse>('/api/films/candidates');
    expect(candidates.body.items.map((item) => item.id)).toEqual(expect.arrayContaining([id, first, second]));
    expect(candidates.body.items.find((item) => item.id === id)?.film).toBe(true);
  }, 120_000);

  it('answers 404 for a video that is not the user’s, and for a film’s scenes that are not', async () => {
    const { client, userId } = await user();
    const other = await user();
    const mine = await store(userId);
    const theirs = await store(other.userId);
    const answer = await save(client, {
      title: 'Filme',
      scenes: [{ requestId: mine }, { requestId: theirs }],
      clientKey: randomUUID(),
    });
    expect(answer.status).toBe(404);
    expect(errorOf(answer)).toMatchObject({ code: 'not_found', message: expect.stringContaining('Cena 2') });
    const unknown = await save(client, {
      title: 'Filme',
      scenes: [{ requestId: randomUUID() }, { requestId: mine }],
      clientKey: randomUUID(),
    });
    expect(unknown.status).toBe(404);
    // Nothing was saved by either refusal.
    const films = await pool.query('SELECT 1 FROM video_requests WHERE user_id = $1 AND film', [userId]);
    expect(films.rowCount).toBe(0);
    expect((await client.json(`/api/films/${mine}/scenes`)).status).toBe(404);
    expect((await other.client.json(`/api/films/${theirs}/scenes`)).status).toBe(404);
  });

  it('answers 409 for mixed aspect ratios and for a scene that is not finished', async () => {
    const { client, userId } = await user();
    const wide = await store(userId, { aspectRatio: '16:9' });
    const tall = await store(userId, { aspectRatio: '9:16' });
    const mixed = await save(client, {
      title: 'Filme',
      scenes: [{ requestId: wide }, { requestId: tall }],
      clientKey: randomUUID(),
    });
    expect(mixed.status).toBe(409);
    expect(errorOf(mixed)).toEqual({
      code: 'mixed_aspect_ratios',
      message: 'Todas as cenas precisam ter a mesma proporção.',
      requestId: expect.any(String),
    });

    const generating = await store(userId, { status: 'generating', file: undefined });
    const unfinished = await save(client, {
      title: 'Filme',
      scenes: [{ requestId: wide }, { requestId: generating }],
      clientKey: randomUUID(),
    });
    expect(unfinished.status).toBe(409);
    expect(errorOf(unfinished)).toMatchObject({
      code: 'scene_not_ready',
      message: expect.stringContaining('A cena 2 ainda não está pronta'),
    });
    const failed = await store(userId, { status: 'failed', file: undefined });
    expect(
      (
        await save(client, {
          title: 'F',
          scenes: [{ requestId: failed }, { requestId: wide }],
          clientKey: randomUUID(),
        })
      ).status,
    ).toBe(409);
  });

  it('answers 422 for a trim outside the scene', async () => {
    const { client, userId } = await user();
    const scene = await store(userId, { deliveredSeconds: 4 });
    const trims = [
      { startSeconds: 0, endSeconds: 4.5 },
      { startSeconds: 4 },
      { startSeconds: 2, endSeconds: 1 },
      { startSeconds: 1, endSeconds: 1.2 },
    ];
    for (const trim of trims) {
      const answer = await save(client, {
        title: 'Filme',
        scenes: [{ requestId: scene }, { requestId: scene, ...trim }],
        clientKey: randomUUID(),
      });
      expect(answer.status, JSON.stringify(trim)).toBe(422);
      expect(errorOf(answer)).toMatchObject({
        code: 'trim_outside_scene',
        message: expect.stringContaining('O corte da cena 2 está fora do vídeo: use de 0 a 4 s'),
      });
    }
  });

  it('fails a film whose scene cannot be read, after its retries, with a pt-BR reason and nothing to refund', async () => {
    const { client, userId } = await user();
    const scene = await store(userId);
    const lost = await store(userId);
    await app.cena.storage.delete(`${userId}/videos/${lost}/video.mp4`);
    const created = await save(client, {
      title: 'Filme sem cena',
      scenes: [{ requestId: scene }, { requestId: lost }],
      clientKey: randomUUID(),
    });
    expect(created.status).toBe(201);
    const read = async () =>
      (await client.json<{ request: VideoRequestView }>(`/api/videos/${created.body.request.id}`)).body
        .request;
    await expect.poll(async () => (await read()).status, { timeout: 90_000, interval: 500 }).toBe('failed');
    expect(await read()).toMatchObject({
      errorMessage: 'Não foi possível montar o filme. Tente novamente.',
      creditsUsed: 0,
      videoUrl: null,
    });
  }, 120_000);

  it('makes one film of ten identical saves sent at once', async () => {
    const { client, userId } = await user();
    const scene = await store(userId);
    const body = {
      title: 'Duplo clique',
      scenes: [{ requestId: scene }, { requestId: scene }],
      clientKey: randomUUID(),
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => save(client, body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(9).fill(200), 201]);
    expect(new Set(answers.map((answer) => answer.body.request.id)).size).toBe(1);
    const films = await pool.query('SELECT 1 FROM video_requests WHERE user_id = $1 AND film', [userId]);
    expect(films.rowCount).toBe(1);
  });

  it('refuses a malformed film with 400 and a reused key with 409', async () => {
    const { client, userId } = await user();
    const scene = await store(userId);
    const bad = [
      { title: 'Só uma', scenes: [{ requestId: scene }], clientKey: randomUUID() },
      { title: '   ', scenes: [{ requestId: scene }, { requestId: scene }], clientKey: randomUUID() },
      {
        title: 'Filme',
        scenes: [{ requestId: scene }, { requestId: scene, startSeconds: -1 }],
        clientKey: randomUUID(),
      },
      { title: 'Filme', scenes: [{ requestId: scene }, { requestId: 'x' }], clientKey: randomUUID() },
      { title: 'Filme', scenes: [{ requestId: scene }, { requestId: scene }], clientKey: 'abc' },
      {
        title: 'Filme',
        scenes: [{ requestId: scene }, { requestId: scene }],
        clientKey: randomUUID(),
        extra: 1,
      },
    ];
    for (const body of bad) {
      const answer = await save(client, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer).code).toBe('invalid_request');
    }
    const video = await pool.query<{ client_key: string }>(
      'SELECT client_key FROM video_requests WHERE id = $1',
      [scene],
    );
    const reused = await save(client, {
      title: 'Filme',
      scenes: [{ requestId: scene }, { requestId: scene }],
      clientKey: video.rows[0]?.client_key,
    });
    expect(reused.status).toBe(409);
    expect(errorOf(reused).code).toBe('client_key_reused');
  });
});
