import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.server';
import { audit } from '#server/credits/ledger-audit.server';
import { grant } from '#server/credits/ledger-grants.server';
import { balance } from '#server/credits/ledger-reads.server';
import { GeminiClient } from '#server/gemini/gemini-client.server';
import { GeminiVideoProvider } from '#server/gemini/gemini-provider.server';
import { RULES_WRITER } from '#server/generation/prompt-writer.server';
import { registerVideoWorkers, type VideoWorkers } from '#server/generation/workers.server';
import { type Jobs, startJobs } from '#server/jobs/job-engine.server';
import { createLogger } from '#server/logger.server';
import { DiskStorage } from '#server/storage/storage.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import {
  API_KEY,
  contractBreaches,
  type FakeGemini,
  NO_BREACHES,
  seedVideoRequest,
  startFakeGemini,
} from '#tests/support/fake-gemini';
import { insertUser } from '#tests/support/users';
import { createCapacity } from './capacity-planner.server';

/**
 * Launch day against the Gemini API stand-in with a project quota (the fake's [QUOTA]): a compressed minute of
 * 6 s, 12 creates per minute and 3 generations in progress, each generation taking 1.5 s.
 */

const OMNI = 'gemini-omni-1.1-flash';
const MINUTE_MS = 6_000;
const QUOTA = { requestsPerMinute: 12, inFlight: 3, generationMs: 1_500, minuteMs: MINUTE_MS };
const START = 1_000;
const logger = createLogger('silent');

let database: TestDatabase;
let pool: pg.Pool;
let gemini: FakeGemini;
let storageDir: string;
let storage: DiskStorage;
const running: { jobs: Jobs; workers: VideoWorkers }[] = [];

function provider() {
  return new GeminiVideoProvider(
    new GeminiClient({
      apiKey: API_KEY,
      apiBase: gemini.base,
      retry: { attempts: 3, initialDelayMs: 5, maxDelayMs: 50 },
    }),
    { fast: OMNI, quality: OMNI },
  );
}

/** Cena's configuration of the project: the real figures, or figures higher than Google enforces. */
function cenaConfig(limits: { rpm: number; inFlight: number }) {
  return loadConfig({
    VIDEO_PROVIDER: 'gemini',
    GEMINI_API_KEY: API_KEY,
    GEMINI_API_BASE: gemini.base,
    VIDEO_MODEL_FAST: OMNI,
    VIDEO_MODEL_QUALITY: OMNI,
    VIDEO_CAPACITY_RPM: String(limits.rpm),
    VIDEO_CAPACITY_IN_FLIGHT: String(limits.inFlight),
    VIDEO_TIMEOUT_FAST_MS: '120000',
  });
}

async function startWorker(config: ReturnType<typeof cenaConfig>) {
  const jobs = await startJobs(database.url, logger);
  const workers = await registerVideoWorkers({
    boss: jobs.boss,
    pool,
    config,
    logger,
    storage,
    provider: provider(),
    writePrompt: RULES_WRITER,
    poll: { initialMs: 100, maxMs: 200 },
    queueOptions: { retryDelay: 1, retryBackoff: true, retryDelayMax: 1, heartbeatSeconds: 10 },
    pollingIntervalSeconds: 0.5,
    dispatchIntervalMs: 200,
    capacityClock: { minuteMs: MINUTE_MS, leaseMs: 4_000 },
  });
  const worker = { jobs, workers };
  running.push(worker);
  return worker;
}

async function stopWorker(worker: (typeof running)[number], timeoutMs: number) {
  await worker.workers.stop();
  await worker.jobs.stop(timeoutMs);
  running.splice(running.indexOf(worker), 1);
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

/**
 * Six users (or `users`) create four Fast videos each, one user after the other (the unfair order a plain queue would keep), all
 * in line before a worker starts: "in turns" is the order among users waiting together. Seeded while a dispatcher
 * ran, the first users had the free slots to themselves (the queue serves whoever waits) for as long as seeding
 * took, which a loaded machine stretched until one user's last video ended before another's first.
 */
async function launchDay(users = 6): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  for (let user = 0; user < users; user += 1) {
    const userId = await newUser();
    const ids: string[] = [];
    for (let video = 0; video < 4; video += 1) {
      ids.push((await seedVideoRequest(pool, { userId, prompt: `Usuário ${user}, vídeo ${video}` })).id);
    }
    byUser.set(userId, ids);
  }
  return byUser;
}

async function settled(ids: string[], timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await pool.query<{ id: string; status: string; completed_at: Date | null; user_id: string }>(
      'SELECT id, status, completed_at, user_id FROM video_requests WHERE id = ANY($1::uuid[])',
      [ids],
    );
    if (rows.rows.every((row) => row.status === 'completed' || row.status === 'failed')) return rows.rows;
    if (Date.now() > until) {
      throw new Error(`not settled: ${JSON.stringify(rows.rows.map((row) => row.status))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function expectLaunchDayServed(byUser: Map<string, string[]>) {
  const ids = [...byUser.values()].flat();
  const rows = await settled(ids, 150_000);
  expect(rows.filter((row) => row.status !== 'completed')).toEqual([]);
  for (const userId of byUser.keys()) expect(await balance(pool, userId)).toBe(START - 40);
  // Every user's first video is done before any user's last.
  const done = new Map(rows.map((row) => [row.id, row.completed_at?.getTime() ?? 0]));
  const firsts = [...byUser.values()].map((own) => Math.min(...own.map((id) => done.get(id) ?? 0)));
  const lasts = [...byUser.values()].map((own) => Math.max(...own.map((id) => done.get(id) ?? 0)));
  expect(Math.max(...firsts)).toBeLessThan(Math.min(...lasts));
  expect(gemini.maxInFlight).toBeLessThanOrEqual(QUOTA.inFlight);
  // No slot outlives its generation, and the books balance.
  const leases = await pool.query('SELECT 1 FROM provider_leases WHERE expires_at > now()');
  expect(leases.rowCount).toBe(0);
  expect(await audit(pool)).toEqual([]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 20 });
  gemini = await startFakeGemini({ tiny: true, quota: QUOTA });
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'cena-queue-'));
  storage = new DiskStorage(storageDir, 'test-signing-secret');
});

afterEach(async () => {
  for (const worker of [...running]) await stopWorker(worker, 5_000);
  expect(contractBreaches(gemini)).toEqual(NO_BREACHES);
});

afterAll(async () => {
  await gemini?.stop();
  await pool?.end();
  await database?.drop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

describe('the fair queue on launch day', () => {
  it('6 users × 4 Fast videos, Cena set to the real quota: all complete, in turns, each user charged 40, no 429', async () => {
    const refusedBefore = gemini.quotaRefusals;
    const byUser = await launchDay();
    await startWorker(cenaConfig({ rpm: QUOTA.requestsPerMinute, inFlight: QUOTA.inFlight }));
    await expectLaunchDayServed(byUser);
    expect(gemini.quotaRefusals - refusedBefore).toBe(0);
  }, 180_000);

  it('Cena set above the quota: the 429s put requests back in line (never failed), and what it plans with comes down to the limit they state', async () => {
    const refusedBefore = gemini.quotaRefusals;
    const config = cenaConfig({ rpm: 40, inFlight: 8 });
    const byUser = await launchDay();
    await startWorker(config);
    await expectLaunchDayServed(byUser);
    expect(gemini.quotaRefusals - refusedBefore).toBeGreaterThan(0);
    // Refused runs are not counted as attempts.
    const attempts = await pool.query<{ max: number }>(
      'SELECT max(attempts)::int AS max FROM video_requests WHERE id = ANY($1::uuid[])',
      [[...byUser.values()].flat()],
    );
    expect(attempts.rows[0]?.max).toBe(1);
    const boss = running[0]?.jobs.boss;
    if (!boss) throw new Error('no worker');
    const view = await createCapacity(config.video, boss, { minuteMs: MINUTE_MS }).queue.adminView(pool);
    const budget = view.budgets.find((entry) => entry.model === OMNI);
    expect(budget?.throttledLastHour).toBeGreaterThan(0);
    // The fake's 429s name the generations-in-progress limit (QuotaFailure quotaValue): Cena plans with it as it
    // is (ADR 0061), where it used to halve its rate per refusal.
    expect(budget?.inFlightLimit).toBe(QUOTA.inFlight);
  }, 180_000);

  it('two worker processes, one killed mid-run: nothing stuck, no slot leaked, nothing lost', async () => {
    const config = cenaConfig({ rpm: QUOTA.requestsPerMinute, inFlight: QUOTA.inFlight });
    // Half the day (3 users × 4, four waves of three): what is asked here is the kill's aftermath, which the first
    // waves show; the full day's turns and charges are the first case's.
    const byUser = await launchDay(3);
    const first = await startWorker(config);
    await startWorker(config);
    // Wait until generations are in progress, then stop one process without letting its jobs finish.
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const generating = await pool.query("SELECT 1 FROM video_requests WHERE status = 'generating'");
      if ((generating.rowCount ?? 0) >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stopWorker(first, 0);
    await expectLaunchDayServed(byUser);
  }, 180_000);
});
