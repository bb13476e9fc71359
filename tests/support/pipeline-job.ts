import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { GeminiClient } from '#server/gemini/gemini-client.server';
import { GeminiVideoProvider } from '#server/gemini/gemini-provider.server';
import { type PipelineDeps, trialMarkOf } from '#server/generation/generate-video.job.server';
import { unlimitedCapacity } from '#server/generation/generation-capacity.server';
import type { JobRun } from '#server/generation/job/job-types.server';
import { loadRequest } from '#server/generation/job/request-row.server';
import { createLogger } from '#server/logger.server';
import type { MediaTools } from '#server/media/ffmpeg.server';
import { DiskStorage } from '#server/storage/storage.server';
import { capabilitiesOf } from '#server/video-requests/capabilities.server';
import type { GenerationStep } from '#server/video-requests/generation-steps.server';
import type { VideoStatus } from '#shared/video-request';
import { createTestDatabase, type TestDatabase, testPool } from './database';
import {
  API_KEY,
  contractBreaches,
  type FakeGemini,
  NO_BREACHES,
  seedVideoRequest,
  startFakeGemini,
} from './fake-gemini';
import { mediaTools } from './media';
import { insertUserWithCredits } from './users';

/**
 * The generation job against the Gemini fake, a test database and disk storage: each step's test file, and the
 * pipeline's and delivery's, calls `jobHarness()` once at its top.
 */

/** The model the harness's provider and capabilities name for both modes. */
export const OMNI = 'gemini-omni-1.1-flash';
export const START_CREDITS = 10_000;

export interface JobHarness {
  pool: pg.Pool;
  /** The test database's own URL (pg-boss's, for a test that starts the workers). */
  databaseUrl: string;
  tools: MediaTools;
  gemini: FakeGemini;
  storage: DiskStorage;
  deps(overrides?: Partial<PipelineDeps>): PipelineDeps;
  /** Omni on the fake (or another fake), retrying each call up to `attempts` times, at most `maxDelayMs` apart. */
  provider(options?: ProviderOptions): GeminiVideoProvider;
  /** A user with START_CREDITS. */
  newUser(): Promise<string>;
  /** The request's row (snake_case columns, as stored) and its hold's status (`hold_status`). */
  row(id: string): Promise<Record<string, unknown>>;
  /** One run of the job for a stored request, as runVideoGeneration builds it, for a step called on its own. */
  runOf(id: string, overrides?: Partial<PipelineDeps>): Promise<JobRun>;
  /** A request of `userId` put at `step` (and `status`) as a crashed run would have left it. */
  seedAt(userId: string, prompt: string, step: GenerationStep, status: VideoStatus): Promise<SeededRequest>;
}

type SeededRequest = Awaited<ReturnType<typeof seedVideoRequest>>;

interface ProviderOptions {
  fake?: FakeGemini;
  attempts?: number;
  maxDelayMs?: number;
  models?: { fast: string; quality: string };
  apiKey?: string;
}

/** `fakeGemini`: the fake's options; its videos are tiny unless a test reads their real sizes. */
export async function jobHarness(
  options: { fakeGemini?: Parameters<typeof startFakeGemini>[0]; folderPrefix?: string } = {},
): Promise<JobHarness> {
  const tools = await mediaTools(30_000);
  const logger = createLogger('silent');
  let database: TestDatabase | undefined;
  const harness = { tools } as JobHarness;
  let storageDir: string | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    harness.databaseUrl = database.url;
    harness.pool = testPool({ connectionString: database.url, max: 10 });
    harness.gemini = await startFakeGemini(options.fakeGemini ?? { retryDelay: '0.3s', tiny: true });
    storageDir = await mkdtemp(path.join(os.tmpdir(), options.folderPrefix ?? 'cena-job-'));
    harness.storage = new DiskStorage(storageDir, 'test-signing-secret');
  });
  afterEach(() => {
    expect(contractBreaches(harness.gemini)).toEqual(NO_BREACHES);
  });
  afterAll(async () => {
    await harness.gemini?.stop();
    await harness.pool?.end();
    await database?.drop();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });
  harness.provider = (choice = {}) =>
    new GeminiVideoProvider(
      new GeminiClient({
        apiKey: choice.apiKey ?? API_KEY,
        apiBase: (choice.fake ?? harness.gemini).base,
        retry: { attempts: choice.attempts ?? 4, initialDelayMs: 5, maxDelayMs: choice.maxDelayMs ?? 20 },
      }),
      choice.models ?? { fast: OMNI, quality: OMNI },
    );
  harness.deps = (overrides = {}) => ({
    pool: harness.pool,
    provider: harness.provider(),
    capacity: unlimitedCapacity(),
    storage: harness.storage,
    tools,
    capabilities: capabilitiesOf({ provider: 'gemini', gemini: { models: { fast: OMNI, quality: OMNI } } }),
    logger,
    timeoutMs: { fast: 60_000, quality: 60_000 },
    poll: { initialMs: 10, maxMs: 50 },
    ...overrides,
  });
  harness.newUser = () => insertUserWithCredits(harness.pool, START_CREDITS);
  harness.row = async (id) => {
    const result = await harness.pool.query(
      `SELECT r.*, h.status AS hold_status FROM video_requests r JOIN credit_holds h ON h.id = r.hold_id
       WHERE r.id = $1`,
      [id],
    );
    return result.rows[0];
  };
  harness.runOf = async (id, overrides) => {
    const deps = harness.deps(overrides);
    const row = await loadRequest(harness.pool, id);
    if (!row) throw new Error(`no request ${id}`);
    return {
      deps,
      row,
      provider: deps.provider,
      deadline: Date.now() + 60_000,
      log: logger,
      signal: undefined,
      trialMark: await trialMarkOf(deps, id),
    };
  };
  harness.seedAt = async (userId, prompt, step, status) => {
    const request = await seedVideoRequest(harness.pool, { userId, prompt });
    await harness.pool.query(
      `UPDATE video_requests SET generation_step = $2, status = $3, started_at = now(),
         operation_name = CASE WHEN $3 = 'rendering' THEN 'interactions/seeded' END
       WHERE id = $1`,
      [request.id, step, status],
    );
    return request;
  };
  return harness;
}
