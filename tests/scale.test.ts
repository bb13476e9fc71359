import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../src/server/credits/ledger-grants.server';
import { ADULT_BIRTH_DATE, newEmail, PASSWORD, waitForMail } from './support/accounts';
import { ROOT, TEST_AUTH_SECRET } from './support/app';
import { type Spawned, spawnCollecting } from './support/child-process';
import { createTestDatabase, type TestDatabase, testPool } from './support/database';
import { type FakeS3, startFakeS3 } from './support/fake-s3';
import { freePort } from './support/free-port';
import { SessionClient } from './support/session-client';

/**
 * Running at scale (docs/operations.md, "Running at scale"): two web processes and two worker processes, each its own `node … main.ts --role=…`
 * with its own DATA_DIR, sharing only one PostgreSQL database and one S3 bucket. A user signs up through web B,
 * verifies through web A and listens on web B's event stream; a video request created through web A is generated
 * exactly once by one of the two workers, and its statuses reach the stream on web B. All four stop with 0 on SIGTERM.
 */

const BUCKET = 'cena-scale';
/** Four processes start at once on a shared two-core CI machine: be patient. */
const START_TIMEOUT_MS = 120_000;

interface Child extends Spawned {
  name: string;
  dataDir: string;
}

/**
 * The process's pino JSON lines, read from stdout alone: a chunk of stderr (tsx, warnings) can arrive in the middle of
 * a stdout line in the interleaved output and break it.
 */
function logLines(child: Child): Record<string, unknown>[] {
  return child
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

async function spawnCena(name: string, role: 'web' | 'worker', env: Record<string, string>): Promise<Child> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `cena-scale-${name}-`));
  await chmod(dataDir, 0o755);
  const spawned = spawnCollecting(
    process.execPath,
    ['--import', 'tsx', 'src/server/main.ts', `--role=${role}`],
    {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
    },
  );
  return { ...spawned, name, dataDir };
}

async function waitFor(child: Child, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.child.exitCode !== null) throw new Error(`${child.name} exited early:\n${child.output()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${child.name} did not become ready:\n${child.output()}`);
}

interface ServerEvent {
  event: string;
  data: string;
}

/** A minimal EventSource over fetch: collects events until closed. */
async function openEvents(url: string, client: SessionClient) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      cookie: client.cookieHeader,
      origin: client.baseUrl,
      'x-forwarded-for': client.address,
    },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`/api/events answered ${response.status}`);
  const events: ServerEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reading = (async () => {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .filter((line) => line.startsWith(`${name}:`))
            .map((line) => line.slice(name.length + 1).trimStart())
            .join('\n');
        if (field('event') || field('data')) events.push({ event: field('event'), data: field('data') });
      }
    }
  })().catch(() => undefined);
  return {
    events,
    async close() {
      controller.abort();
      await reading;
    },
  };
}

let database: TestDatabase;
let pool: pg.Pool;
let s3: FakeS3;
let webA: Child;
let webB: Child;
let workers: Child[] = [];
let urlA = '';
let urlB = '';

const all = () => [webA, webB, ...workers].filter(Boolean);

beforeAll(async () => {
  [database, s3] = await Promise.all([createTestDatabase(), startFakeS3()]);
  pool = testPool({ connectionString: database.url, max: 2 });
  const [portA, portB] = [await freePort(), await freePort()];
  urlA = `http://127.0.0.1:${portA}`;
  urlB = `http://127.0.0.1:${portB}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    // One public address for every web process, as behind a load balancer: web A stands in for it.
    APP_URL: urlA,
    TRUSTED_PROXIES: '127.0.0.1',
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '3',
    WEB_DIST_DIR: path.join(ROOT, 'dist/client'),
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
    VIDEO_PROVIDER: 'local',
    LOCAL_RENDER_DELAY_MS: '0',
    SHUTDOWN_TIMEOUT_MS: '5000',
    // Whatever the developer's shell says, nothing else is configured.
    SMTP_URL: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    VIDEO_WEBHOOK_URL: '',
    CENA_ROLE: '',
  };
  [webA, webB, ...workers] = await Promise.all([
    spawnCena('web-a', 'web', { ...env, PORT: String(portA) }),
    spawnCena('web-b', 'web', { ...env, PORT: String(portB) }),
    spawnCena('worker-1', 'worker', { ...env, PORT: '0' }),
    spawnCena('worker-2', 'worker', { ...env, PORT: '0' }),
  ]);
  const readyz = (url: string) => async () => (await fetch(`${url}/readyz`)).ok;
  // Each worker has registered its pg-boss handlers, so both are competing for the job below.
  const workersStarted = (worker: Child) => async () =>
    logLines(worker).some((line) => line.msg === 'video workers started');
  await Promise.all([
    waitFor(webA, readyz(urlA)),
    waitFor(webB, readyz(urlB)),
    ...workers.map((worker) => waitFor(worker, workersStarted(worker))),
  ]);
}, START_TIMEOUT_MS + 30_000);

afterAll(async () => {
  // Normally the last test has stopped them all; after a failure, make sure nothing is left running.
  for (const started of all()) {
    if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGKILL');
  }
  await Promise.all(all().map((started) => started.exited));
  await Promise.all(all().map((started) => rm(started.dataDir, { recursive: true, force: true })));
  await pool?.end();
  await database?.drop();
  await s3?.stop();
});

describe('two web and two worker processes on one database and one bucket', () => {
  it('every process is up with its role: webs listening and ready, workers working the queues', () => {
    for (const web of [webA, webB]) {
      expect(
        logLines(web).some((line) => line.role === 'web' && String(line.msg).includes('listening')),
      ).toBe(true);
      expect(logLines(web).some((line) => line.msg === 'video workers started')).toBe(false);
    }
    for (const worker of workers) {
      expect(worker.child.exitCode).toBe(null);
      expect(logLines(worker).some((line) => String(line.msg).includes('listening'))).toBe(false);
    }
  });

  it('a request created through web A is generated once, stored once in S3, and streamed live on web B', async () => {
    // Sign up on B, read the mail (kept in the database) through A, verify on A: every step crosses processes.
    const client = new SessionClient(urlA);
    const email = newEmail('scale');
    const signUp = await client.fetch(`${urlB}/api/auth/sign-up/email`, {
      json: {
        name: 'Ana Souza',
        email,
        password: PASSWORD,
        birthDate: ADULT_BIRTH_DATE,
        callbackURL: '/dashboard',
      },
    });
    expect(signUp.status, await signUp.text()).toBe(200);
    const mail = await waitForMail(urlA, email, /e-mail/i, { timeoutMs: 30_000 });
    const link = mail.links[0] ?? '';
    expect(link.startsWith(`${urlA}/`)).toBe(true);
    const verified = await client.fetch(link);
    await verified.body?.cancel();
    expect(verified.status).toBe(302);
    const me = await client.json<{ user: { id: string } }>(`${urlB}/api/me`);
    expect(me.status).toBe(200);
    const userId = me.body.user.id;
    await grant(pool, {
      userId,
      amount: 30,
      source: 'adjustment',
      sourceRef: `test:${randomUUID()}`,
      expiresAt: null,
    });

    const stream = await openEvents(`${urlB}/api/events`, client);
    try {
      await expect.poll(() => stream.events.some((event) => event.event === 'ready')).toBe(true);

      const form = new FormData();
      form.append('prompt', 'Um farol no alto de um penhasco ao entardecer, ondas batendo nas pedras');
      form.append('quality', 'fast');
      // Native ratio: the provider's file is the video, stored once, with its thumbnail (no reframed copy).
      form.append('aspectRatio', '16:9');
      form.append('seed', '');
      form.append('clientKey', randomUUID());
      const created = await fetch(`${urlA}/api/videos`, {
        method: 'POST',
        body: form,
        headers: { cookie: client.cookieHeader, origin: urlA, 'x-forwarded-for': client.address },
      });
      const body = (await created.json()) as { request: { id: string; status: string } };
      expect(created.status, JSON.stringify(body)).toBe(201);
      const requestId = body.request.id;

      // The statuses, as web B streams them, in order (an unchanged status repeated by a later update is folded).
      const statuses = () =>
        stream.events
          .filter((event) => event.event === 'video_request')
          .map((event) => JSON.parse(event.data) as { id: string; status: string })
          .filter((event) => event.id === requestId)
          .map((event) => event.status)
          .filter((status, index, list) => status !== list[index - 1]);
      await expect
        .poll(() => statuses().at(-1), { timeout: 90_000, interval: 250 })
        .toMatch(/^(completed|failed)$/);
      expect(statuses()).toEqual(['pending', 'processing', 'generating', 'rendering', 'completed']);

      const request = await pool.query(
        `SELECT r.status, r.video_key, r.thumbnail_key, r.attempts, h.status AS hold_status, h.id AS hold_id
         FROM video_requests r JOIN credit_holds h ON h.id = r.hold_id WHERE r.id = $1`,
        [requestId],
      );
      expect(request.rows[0]).toMatchObject({ status: 'completed', hold_status: 'captured', attempts: 1 });
      const ledger = await pool.query<{ kind: string }>(
        'SELECT kind FROM credit_ledger_entries WHERE hold_id = $1 ORDER BY id',
        [request.rows[0].hold_id],
      );
      expect(ledger.rows.map((entry) => entry.kind)).toEqual(['hold', 'capture']);

      // One generation job, worked once: pg-boss marks it completed just after the handler returns.
      const jobs = () =>
        pool
          .query<{ state: string; retry_count: number }>(
            `SELECT state, retry_count FROM pgboss.job WHERE name = 'video-generate' AND data->>'requestId' = $1`,
            [requestId],
          )
          .then((result) => result.rows);
      await expect.poll(jobs, { timeout: 15_000 }).toEqual([{ state: 'completed', retry_count: 0 }]);

      // Exactly one video and one thumbnail in the bucket, each uploaded once. The video is the model's file with its
      // Content Credentials signed in (ADR 0065): the plain file as downloaded is not uploaded first, since the signed
      // one would replace it under the same key (a run that dies before the render fetches it from the provider
      // again, generation/job/download.step.server.ts).
      const prefix = `${BUCKET}/${userId}/videos/${requestId}/`;
      expect([...s3.objects.keys()].filter((key) => key.startsWith(prefix)).sort()).toEqual([
        `${prefix}thumbnail.jpg`,
        `${prefix}video.mp4`,
      ]);
      expect(s3.requests.filter((line) => line.startsWith(`PUT /${prefix}`))).toEqual([
        `PUT /${prefix}video.mp4`,
        `PUT /${prefix}thumbnail.jpg`,
      ]);
      expect(request.rows[0].video_key).toBe(`${userId}/videos/${requestId}/video.mp4`);
      expect(s3.objects.get(`${prefix}video.mp4`)?.contentType).toBe('video/mp4');

      // One of the two workers did it; the other never touched it; no web process generated anything. The line
      // crosses a pipe from another process, so it is awaited rather than expected at once.
      const completedBy = () =>
        all()
          .filter((started) =>
            logLines(started).some((line) => line.msg === 'video completed' && line.requestId === requestId),
          )
          .map((started) => started.name);
      await expect.poll(() => completedBy().length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(completedBy()).toHaveLength(1);
      expect(completedBy()[0]).toMatch(/^worker-/);

      // The media URLs web B hands out are the bucket's presigned URLs, not a path on one process's disk.
      const view = await client.json<{ request: { videoUrl: string; thumbnailUrl: string } }>(
        `${urlB}/api/videos/${requestId}`,
      );
      expect(view.body.request.videoUrl.startsWith(`${s3.endpoint}/${BUCKET}/`)).toBe(true);
      const thumbnail = await fetch(view.body.request.thumbnailUrl);
      expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
      await thumbnail.body?.cancel();
    } finally {
      await stream.close();
    }
  }, 150_000);

  it('every process stops cleanly on SIGTERM (exit code 0)', async () => {
    for (const started of all()) started.child.kill('SIGTERM');
    const codes = await Promise.all(all().map((started) => started.exited));
    expect(Object.fromEntries(all().map((started, index) => [started.name, codes[index]]))).toEqual({
      'web-a': 0,
      'web-b': 0,
      'worker-1': 0,
      'worker-2': 0,
    });
    for (const started of all()) {
      expect(logLines(started).some((line) => line.msg === 'stopped')).toBe(true);
    }
  }, 60_000);
});
