import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/logger.server';
import { mediaKeys } from '#server/media/rendering.server';
import { DiskStorage } from '#server/storage/storage.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { colourClip, mediaTools } from '#tests/support/media';
import { insertUser } from '#tests/support/users';
import { type FilmRenderDeps, renderFilm } from './film-render.job.server';

let database: TestDatabase;
let pool: pg.Pool;
let dir: string;
let storage: DiskStorage;
const tools = await mediaTools(60_000);
const logger = createLogger('silent');

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 6 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-film-job-'));
  storage = new DiskStorage(path.join(dir, 'storage'), 'test-signing-secret');
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A user's completed 2 s video and a pending film of it, as `createFilm` leaves them. */
async function filmOfOneScene(): Promise<{ userId: string; filmId: string }> {
  const userId = await insertUser(pool);
  const sourceId = randomUUID();
  const clip = await colourClip(tools, path.join(dir, `${sourceId}.mp4`), {
    colour: 'blue',
    seconds: 2,
    size: '320x180',
  });
  const { createReadStream } = await import('node:fs');
  await storage.put(mediaKeys(userId, sourceId).video, createReadStream(clip), 'video/mp4');
  const filmId = randomUUID();
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, film,
       provider, video_key, delivered_seconds)
     VALUES ($1, $2, $3, 'Cena azul', 'fast', '16:9', 10, 'completed', false, 'local', $4, 2),
            ($5, $2, $6, 'Meu filme', 'fast', '16:9', 0, 'pending', true, 'cena', NULL, NULL)`,
    [sourceId, userId, randomUUID(), mediaKeys(userId, sourceId).video, filmId, randomUUID()],
  );
  await pool.query(
    `INSERT INTO film_scenes (film_id, position, source_request_id, start_seconds, end_seconds)
     VALUES ($1, 1, $2, 0, 2)`,
    [filmId, sourceId],
  );
  return { userId, filmId };
}

describe('film-render runs that overlap', () => {
  it("the run that loses to an overlapping one keeps the winner's file", async () => {
    const { userId, filmId } = await filmOfOneScene();
    let winnerDone: () => void = () => undefined;
    const winnerFinished = new Promise<void>((resolve) => {
      winnerDone = resolve;
    });
    // The late run stores its file only once the winner has completed the film (a retried job whose first run
    // was slow, not dead).
    const lateStorage = Object.create(storage) as DiskStorage;
    lateStorage.put = async (key: string, body: Buffer | Readable, contentType: string) => {
      await winnerFinished;
      return storage.put(key, body, contentType);
    };
    const deps = (store: DiskStorage): FilmRenderDeps => ({ pool, storage: store, tools, logger });
    const late = renderFilm(deps(lateStorage), filmId, { finalAttempt: false });
    await renderFilm(deps(storage), filmId, { finalAttempt: false });
    winnerDone();
    await late;
    const film = await pool.query(
      'SELECT status, video_key, thumbnail_key FROM video_requests WHERE id = $1',
      [filmId],
    );
    expect(film.rows[0]).toMatchObject({ status: 'completed', video_key: mediaKeys(userId, filmId).video });
    expect(await storage.exists(film.rows[0].video_key)).toBe(true);
    expect(await storage.exists(film.rows[0].thumbnail_key)).toBe(true);
  }, 90_000);
});
