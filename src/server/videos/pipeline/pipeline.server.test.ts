import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testPool } from '../../../../tests/support/database';
import { API_KEY, type FakeVeo, seedVideoRequest, startFakeVeo } from '../../../../tests/support/fake-veo';
import { insertUser } from '../../../../tests/support/users';
import { VIDEO_CAPABILITIES } from '../../../shared/video-directing';
import { loadConfig } from '../../config.server';
import { audit, balance, grant } from '../../credits/credits-ledger.server';
import { type Jobs, startJobs } from '../../jobs/jobs.server';
import { QUEUES, send } from '../../jobs/queues.server';
import { createLogger } from '../../logger.server';
import { DiskStorage } from '../../storage/storage.server';
import { FAILURE_MESSAGES, type PipelineDeps, runVideoGeneration } from './generate-video.job.server';
import { probe } from './media.server';
import { VeoProvider } from './providers/veo-provider.server';
import { signWebhookBody } from './webhook.job.server';
import { registerVideoWorkers } from './workers.server';

let database: TestDatabase;
let pool: pg.Pool;
let veo: FakeVeo;
let storageDir: string;
let storage: DiskStorage;
const logger = createLogger('silent');
const START = 10_000;

function provider() {
  return new VeoProvider({
    apiKey: API_KEY,
    apiBase: veo.base,
    models: { fast: 'veo-3.0-fast-generate-001', quality: 'veo-3.0-generate-001' },
    attempts: 3,
    backoffMs: 5,
  });
}

function deps(overrides: Partial<PipelineDeps> = {}): PipelineDeps {
  return {
    pool,
    provider: provider(),
    storage,
    tools: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', timeoutMs: 30_000 },
    capabilities: () => VIDEO_CAPABILITIES['veo-3.1'],
    logger,
    timeoutMs: { fast: 20_000, quality: 20_000 },
    poll: { initialMs: 10, maxMs: 50 },
    ...overrides,
  };
}

async function newUser(): Promise<string> {
  const userId = await insertUser(pool);
  await grant(pool, {
    userId,
    amount: START,
    source: 'adjustment',
    sourceRef: `test:${userId}`,
    expiresAt: null,
  });
  return userId;
}

async function row(id: string) {
  const result = await pool.query(
    `SELECT r.*, h.status AS hold_status FROM video_requests r JOIN credit_holds h ON h.id = r.hold_id
     WHERE r.id = $1`,
    [id],
  );
  return result.rows[0];
}

async function entries(holdId: string): Promise<string[]> {
  const result = await pool.query<{ kind: string }>(
    'SELECT kind FROM credit_ledger_entries WHERE hold_id = $1 ORDER BY id',
    [holdId],
  );
  return result.rows.map((entry) => entry.kind);
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 10 });
  veo = await startFakeVeo();
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'cena-pipeline-'));
  storage = new DiskStorage(storageDir, 'test-signing-secret');
});

afterAll(async () => {
  await veo?.stop();
  await pool?.end();
  await database?.drop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

describe('video pipeline with the Veo provider (fake Gemini API)', () => {
  it('success: stored video, thumbnail and probe data; the hold captured once', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, {
      userId,
      prompt: 'Um farol na tempestade ao anoitecer',
      aspectRatio: '1:1',
    });
    expect(await runVideoGeneration(deps(), request.id)).toBe('completed');
    // A second run (a duplicate job) changes nothing.
    expect(await runVideoGeneration(deps(), request.id)).toBe('already_final');

    const done = await row(request.id);
    expect(done).toMatchObject({
      status: 'completed',
      hold_status: 'captured',
      provider: 'veo',
      error_message: null,
    });
    expect(done.model).toBe('veo-3.0-fast-generate-001');
    expect(done.operation_name).toMatch(/^models\/veo-3\.0-fast-generate-001\/operations\//);
    expect(done.completed_at).toBeInstanceOf(Date);
    expect(done.attempts).toBe(1);
    // 192x108 cropped to a square.
    expect(done.resolution).toBe('108x108');
    expect(done.duration_seconds).toBeCloseTo(8, 0);
    expect(await storage.exists(done.video_key)).toBe(true);
    expect(await storage.exists(done.thumbnail_key)).toBe(true);
    const stored = await probe(storage.pathOf(done.video_key), {
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
      timeoutMs: 10_000,
    });
    expect(stored).toMatchObject({ width: 108, height: 108, hasAudio: true });
    expect(await entries(request.holdId)).toEqual(['hold', 'capture']);
    expect(await balance(pool, userId)).toBe(START - request.cost);
    expect(await audit(pool, userId)).toEqual([]);

    const sent = veo.submitBodies.at(-1) as { instances: unknown[]; parameters: Record<string, unknown> };
    expect(sent.parameters).toMatchObject({
      aspectRatio: '16:9',
      resolution: '720p',
      durationSeconds: 8,
      personGeneration: 'allow_all',
    });
  });

  it('9:16 Quality is asked natively at 1080p and not reframed', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, {
      userId,
      prompt: 'Uma bailarina num palco vazio',
      quality: 'quality',
      aspectRatio: '9:16',
    });
    expect(await runVideoGeneration(deps(), request.id)).toBe('completed');
    const done = await row(request.id);
    expect(done.resolution).toBe('108x192');
    expect(done.model).toBe('veo-3.0-generate-001');
    const sent = veo.submitBodies.at(-1) as { parameters: Record<string, unknown> };
    expect(sent.parameters).toMatchObject({ aspectRatio: '9:16', resolution: '1080p' });
    expect(await balance(pool, userId)).toBe(START - 25);
  });

  it.each([
    ['safety block', 'Cena proibida [block]', FAILURE_MESSAGES.blocked],
    ['operation error', 'Cena com erro [error]', FAILURE_MESSAGES.provider],
    ['broken file', 'Cena com arquivo quebrado [badfile]', FAILURE_MESSAGES.render],
  ])('%s → failed with a pt-BR message and refunded once', async (_name, prompt, message) => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, { userId, prompt });
    expect(await runVideoGeneration(deps(), request.id)).toBe('failed');
    expect(await runVideoGeneration(deps(), request.id)).toBe('already_final');
    const failed = await row(request.id);
    expect(failed).toMatchObject({ status: 'failed', hold_status: 'voided', error_message: message });
    expect(await entries(request.holdId)).toEqual(['hold', 'void']);
    expect(await balance(pool, userId)).toBe(START);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('429 on submit, then success: retried with back-off, one operation', async () => {
    const userId = await newUser();
    const prompt = 'Fila cheia na API [429]';
    const request = await seedVideoRequest(pool, { userId, prompt });
    expect(await runVideoGeneration(deps(), request.id)).toBe('completed');
    expect(veo.submits.get(prompt)).toBe(1);
    expect((await row(request.id)).hold_status).toBe('captured');
  });

  it('503s while polling are retried', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, { userId, prompt: 'Servidor instável [503]' });
    expect(await runVideoGeneration(deps(), request.id)).toBe('completed');
  });

  it('never done → failed at the per-mode timeout and refunded', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, { userId, prompt: 'Nunca termina [never]' });
    const started = Date.now();
    const outcome = await runVideoGeneration(deps({ timeoutMs: { fast: 600, quality: 60_000 } }), request.id);
    expect(outcome).toBe('failed');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await row(request.id)).toMatchObject({
      status: 'failed',
      hold_status: 'voided',
      error_message: FAILURE_MESSAGES.timeout,
    });
    expect(await balance(pool, userId)).toBe(START);
  });

  it('a wrong API key (403) is a permanent failure, refunded', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, { userId, prompt: 'Chave errada para a API' });
    const wrongKey = new VeoProvider({
      apiKey: 'nope',
      apiBase: veo.base,
      models: { fast: 'f', quality: 'q' },
    });
    expect(await runVideoGeneration(deps({ provider: wrongKey }), request.id)).toBe('failed');
    expect(await balance(pool, userId)).toBe(START);
  });
});

describe('video pipeline on pg-boss', () => {
  let webhookServer: ReturnType<typeof createServer>;
  const webhooks: { body: string; signature: string | undefined }[] = [];
  let webhookUrl = '';

  beforeAll(async () => {
    let calls = 0;
    webhookServer = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        calls += 1;
        // The first delivery fails: the webhook is retried.
        if (calls === 1) {
          response.writeHead(500).end();
          return;
        }
        webhooks.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: request.headers['x-cena-signature'] as string,
        });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => webhookServer.listen(0, '127.0.0.1', resolve));
    webhookUrl = `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/hook`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => webhookServer?.close(() => resolve()));
  });

  async function startWorker(): Promise<Jobs> {
    const jobs = await startJobs(database.url, logger);
    const config = loadConfig({
      NODE_ENV: 'test',
      VIDEO_PROVIDER: 'veo',
      GEMINI_API_KEY: API_KEY,
      VEO_API_BASE: veo.base,
      VIDEO_WEBHOOK_URL: webhookUrl,
      VIDEO_WEBHOOK_SECRET: 'webhook-secret',
      VIDEO_TIMEOUT_FAST_MS: '60000',
    });
    await registerVideoWorkers({
      boss: jobs.boss,
      pool,
      config,
      logger,
      storage,
      provider: provider(),
      poll: { initialMs: 100, maxMs: 200 },
      queueOptions: { retryDelay: 1, retryBackoff: true, retryDelayMax: 1 },
      pollingIntervalSeconds: 0.5,
    });
    // The webhook queue's retry delay, shortened the same way.
    await jobs.boss.updateQueue(QUEUES.videoWebhook, { retryDelay: 1, retryBackoff: true, retryDelayMax: 1 });
    return jobs;
  }

  async function waitFor<T>(
    read: () => Promise<T>,
    ok: (value: T) => boolean,
    timeoutMs = 20_000,
  ): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      if (Date.now() > until) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('a worker stopped between submit and done: a new worker completes the same operation, one submit', async () => {
    const userId = await newUser();
    const prompt = 'Um trem a vapor cruzando a ponte';
    veo.pollsUntilDone = 1_000_000;
    const first = await startWorker();
    const request = await seedVideoRequest(pool, { userId, prompt });
    await send(first.boss, QUEUES.videoGenerate, { requestId: request.id });
    const generating = await waitFor(
      () => row(request.id),
      (value) => value.status === 'generating',
    );
    expect(generating.operation_name).toBeTruthy();
    await first.stop(1_000);

    veo.pollsUntilDone = 2;
    const second = await startWorker();
    try {
      const done = await waitFor(
        () => row(request.id),
        (value) => value.status === 'completed',
      );
      expect(done.operation_name).toBe(generating.operation_name);
      expect(done.attempts).toBe(2);
      expect(done.hold_status).toBe('captured');
      expect(veo.submits.get(prompt)).toBe(1);
      expect(await entries(request.holdId)).toEqual(['hold', 'capture']);
      expect(await audit(pool, userId)).toEqual([]);

      // The webhook went out once, signed, after one failed delivery.
      const hook = await waitFor(async () => webhooks.find((w) => w.body.includes(request.id)), Boolean);
      expect(hook?.signature).toBe(signWebhookBody(hook?.body ?? '', 'webhook-secret'));
      expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({
        request_id: request.id,
        user_id: userId,
        prompt,
        quality: 'fast',
        aspect_ratio: '16:9',
        credits_used: 10,
        reference_image_url: null,
        seed: null,
        status: 'pending',
      });
      expect(webhooks.filter((w) => w.body.includes(request.id))).toHaveLength(1);
    } finally {
      veo.pollsUntilDone = 2;
      await second.stop(1_000);
    }
  }, 60_000);
});
