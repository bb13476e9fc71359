import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mediaKeys } from '../src/server/media/rendering.server';
import { PASSWORD, signUpAndVerify } from './support/accounts';
import { TEST_AUTH_SECRET } from './support/app';
import { type Spawned, spawnCollecting } from './support/child-process';
import { createTestDatabase, type TestDatabase, testPool } from './support/database';
import { type FakeS3, startFakeS3 } from './support/fake-s3';
import { freePort } from './support/free-port';

/**
 * An account deletion whose process is killed half-way (SIGKILL while it deletes the media, some files gone, the
 * rows still there) is finished by the next process to start: every file, request and the user row gone, the
 * deletion marked complete. The storage is an S3 stand-in in this process, which kills the server at its first
 * DeleteObject.
 */

const REQUESTS = 3;

let database: TestDatabase;
let s3: FakeS3;
let pool: pg.Pool;
let running: Spawned | undefined;

async function startServer(): Promise<{ url: string; server: Spawned }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawnCollecting(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--dev'], {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATABASE_URL: database.url,
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    SUPPORT_EMAIL: 'suporte@cena.test',
    TRUSTED_PROXIES: '127.0.0.1',
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: 'cena',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test',
  });
  running = server;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`Cena exited early:\n${server.output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, server };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Cena did not become ready:\n${server.output()}`);
}

beforeAll(async () => {
  [database, s3] = await Promise.all([createTestDatabase(), startFakeS3()]);
  pool = testPool({ connectionString: database.url, max: 2 });
}, 60_000);

afterAll(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGTERM');
    await running.exited;
  }
  await pool?.end();
  await s3?.stop();
  await database?.drop();
});

it('a deletion killed half-way completes when the next process starts', async () => {
  const first = await startServer();
  const { client } = await signUpAndVerify(first.url);
  const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
  for (let i = 0; i < REQUESTS; i++) {
    const id = randomUUID();
    const keys = mediaKeys(userId, id);
    for (const key of [keys.video, keys.thumbnail]) {
      s3.objects.set(`cena/${key}`, { body: Buffer.from(key), contentType: 'application/octet-stream' });
    }
    await pool.query(
      `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
         video_key, thumbnail_key, completed_at)
       VALUES ($1, $2, $3, 'Um barco no mar ao amanhecer', 'fast', '16:9', 10, 'completed', $4, $5, now())`,
      [id, userId, randomUUID(), keys.video, keys.thumbnail],
    );
  }
  const userFiles = () => [...s3.objects.keys()].filter((name) => name.startsWith(`cena/${userId}/`));
  expect(userFiles()).toHaveLength(REQUESTS * 2);

  // The first file deleted kills the process: that one goes, the rest and every row stay.
  let killed = false;
  s3.beforeDelete = async () => {
    if (killed) return;
    killed = true;
    first.server.child.kill('SIGKILL');
    await first.server.exited;
  };
  const deleted = await client.json('/api/me', { method: 'DELETE', json: { password: PASSWORD } });
  expect(deleted.status).toBe(200);
  await first.server.exited;
  expect(killed).toBe(true);
  s3.beforeDelete = undefined;
  const state = async () =>
    (await pool.query('SELECT completed_at FROM account_deletions WHERE user_id = $1', [userId])).rows[0]
      ?.completed_at ?? null;
  expect(await state()).toBeNull();
  expect((await pool.query('SELECT 1 FROM video_requests WHERE user_id = $1', [userId])).rowCount).toBe(
    REQUESTS,
  );
  expect(userFiles().length).toBeGreaterThanOrEqual(REQUESTS * 2 - 1);

  const second = await startServer();
  await expect.poll(state, { timeout: 30_000 }).not.toBeNull();
  expect(userFiles()).toEqual([]);
  expect((await pool.query('SELECT 1 FROM video_requests WHERE user_id = $1', [userId])).rowCount).toBe(0);
  expect((await pool.query('SELECT 1 FROM "user" WHERE id = $1', [userId])).rowCount).toBe(0);
  second.server.child.kill('SIGTERM');
  expect(await second.server.exited).toBe(0);
}, 120_000);
