import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFilm } from '#server/films/film-render.job.server';
import { createLogger } from '#server/logger.server';
import { mediaKeys } from '#server/media/rendering.server';
import { S3Storage } from '#server/storage/s3-storage.server';
import { type BlobStorage, DiskStorage } from '#server/storage/storage.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { type FakeS3, startFakeS3 } from '#tests/support/fake-s3';
import { storeVideo } from '#tests/support/films';
import { colourClip, mediaTools } from '#tests/support/media';
import { insertUser } from '#tests/support/users';
import { contestTakedown, decideContest } from './contest.server';
import { decideReport } from './decide-report.server';
import { honouringTakedowns } from './honour-takedowns.server';
import { withheldKey } from './withhold-media.server';

/**
 * A job that read a video before its takedown and stores its file after it (ADR 0070, "Late writes"): the file
 * must not be reachable at its own key — with S3 a URL signed earlier for that key would fetch it, and the owner's
 * page would hand out new ones — and a restore must bring it back with the rest. Both drivers, each through the
 * storage the kernel gives every writer.
 */

let database: TestDatabase;
let pool: pg.Pool;
let dir: string;
let s3: FakeS3;
let clip: string;
const tools = await mediaTools(60_000);
const logger = createLogger('silent');

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 6 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-late-writes-'));
  s3 = await startFakeS3();
  clip = await colourClip(tools, path.join(dir, 'clip.mp4'), { colour: 'red', seconds: 2, size: '160x90' });
  drivers.disk = new DiskStorage(path.join(dir, 'storage'), 'test-signing-secret');
  drivers.s3 = new S3Storage({
    bucket: 'cena-late',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'test',
    secretAccessKey: 'test-secret',
    forcePathStyle: true,
  });
});

afterAll(async () => {
  drivers.s3?.destroy();
  await pool?.end();
  await database?.drop();
  await s3?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const drivers: { disk?: DiskStorage; s3?: S3Storage } = {};

/** Whether a browser can fetch the key: a presigned GET with S3, the file being there on disk. */
async function reachable(storage: BlobStorage, key: string): Promise<boolean> {
  if (storage.kind === 'disk') return storage.exists(key);
  const answer = await fetch(await storage.signedUrl(key, { ttlSeconds: 900 }));
  await answer.arrayBuffer();
  return answer.status === 200;
}

/** A report of the video, taken down by an admin (the real decision); the takedown's id. */
async function takeDown(storage: BlobStorage, adminId: string, requestId: string): Promise<string> {
  const report = await pool.query<{ id: string }>(
    `INSERT INTO content_reports (slug, video_request_id, reason) VALUES ($1, $2, 'other') RETURNING id`,
    [`slug-${randomUUID().slice(0, 8)}`, requestId],
  );
  const reportId = report.rows[0]?.id as string;
  const decided = await decideReport(pool, storage, { reportId, adminId, decision: 'take_down', note: null });
  if (decided.kind !== 'decided' || !decided.takedown) throw new Error(`not taken down: ${decided.kind}`);
  return decided.takedown.id;
}

async function restore(
  storage: BlobStorage,
  ids: { owner: string; admin: string; video: string; takedown: string },
) {
  const contested = await contestTakedown(pool, {
    userId: ids.owner,
    requestId: ids.video,
    text: 'Autorizei.',
  });
  expect(contested.kind).toBe('contested');
  const restored = await decideContest(pool, storage, {
    takedownId: ids.takedown,
    adminId: ids.admin,
    decision: 'restore',
    note: null,
  });
  expect(restored).toBe(true);
}

/** A storage whose writes wait at `held` until released: a job slower than the admin. */
function heldWrites(storage: BlobStorage) {
  let reach: () => void = () => undefined;
  let release: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: BlobStorage = Object.create(storage);
  held.put = async (key: string, body: Buffer | Readable, contentType: string) => {
    reach();
    await released;
    return storage.put(key, body, contentType);
  };
  return { held, reached, release };
}

describe.each(['disk', 's3'] as const)('a write for a taken-down video (%s storage)', (driver) => {
  it('a film joined from it that finishes after the takedown is stored out of reach, and a restore brings it back', async () => {
    const storage = honouringTakedowns(drivers[driver] as BlobStorage, pool);
    const [owner, admin] = [await insertUser(pool), await insertUser(pool)];
    const sourceId = await storeVideo(pool, storage, owner, { file: clip, deliveredSeconds: 2 });
    const filmId = randomUUID();
    await pool.query(
      `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, film,
         provider)
       VALUES ($1, $2, $3, 'Meu filme', 'fast', '16:9', 0, 'pending', true, 'cena')`,
      [filmId, owner, randomUUID()],
    );
    await pool.query(
      `INSERT INTO film_scenes (film_id, position, source_request_id, start_seconds, end_seconds)
       VALUES ($1, 1, $2, 0, 2)`,
      [filmId, sourceId],
    );

    // The film job has read its scene and joined it when the source is taken down; it stores after.
    const slow = heldWrites(storage);
    const job = renderFilm({ pool, storage: slow.held, tools, logger }, filmId, { finalAttempt: true });
    await slow.reached;
    const takedown = await takeDown(storage, admin, sourceId);
    slow.release();
    await job;

    const film = mediaKeys(owner, filmId);
    const source = mediaKeys(owner, sourceId);
    const row = await pool.query('SELECT status, video_key FROM video_requests WHERE id = $1', [filmId]);
    expect(row.rows[0]).toMatchObject({ status: 'completed', video_key: film.video });
    for (const key of [film.video, film.thumbnail, source.video]) {
      expect(await reachable(storage, key), key).toBe(false);
      expect(await storage.exists(withheldKey(key)), key).toBe(true);
    }

    await restore(storage, { owner, admin, video: sourceId, takedown });
    for (const key of [film.video, film.thumbnail, source.video]) {
      expect(await reachable(storage, key), key).toBe(true);
      expect(await storage.exists(withheldKey(key)), key).toBe(false);
    }
  }, 90_000);

  it('a write under way when the takedown is decided ends out of reach: the takedown waits for it', async () => {
    const base = drivers[driver] as BlobStorage;
    const slow = heldWrites(base);
    const storage = honouringTakedowns(slow.held, pool);
    const [owner, admin] = [await insertUser(pool), await insertUser(pool)];
    const videoId = await storeVideo(pool, base, owner, { file: clip });
    const captioned = mediaKeys(owner, videoId).captioned;

    // A captions burn storing its file: the upload has begun (the video's lock is held) when the admin decides.
    const burn = storage.put(captioned, Buffer.from('captioned mp4'), 'video/mp4');
    await slow.reached;
    const decision = takeDown(base, admin, videoId);
    await waitForAdvisoryLockWaiter();
    slow.release();
    await Promise.all([burn, decision]);

    expect(await reachable(base, captioned)).toBe(false);
    expect(await base.exists(withheldKey(captioned))).toBe(true);
    // A job that then drops its file (a failed run) drops it there too: a restore must not bring it back.
    await storage.delete(captioned);
    expect(await base.exists(withheldKey(captioned))).toBe(false);
  });
});

/**
 * Until a session waits for an advisory lock (the takedown's moves, behind the write's lock), or a few seconds: a
 * takedown that does not wait for the write is already done by then.
 */
async function waitForAdvisoryLockWaiter(): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    const waiting = await pool.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
    if ((waiting.rowCount ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
