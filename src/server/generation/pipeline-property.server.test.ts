import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { grant } from '#server/credits/ledger-grants.server';
import { balance } from '#server/credits/ledger-reads.server';
import { GeminiClient } from '#server/gemini/gemini-client.server';
import { GeminiVideoProvider } from '#server/gemini/gemini-provider.server';
import { createLogger } from '#server/logger.server';
import { DiskStorage } from '#server/storage/storage.server';
import { capabilitiesOf } from '#server/video-requests/capabilities.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { API_KEY, type FakeGemini, seedVideoRequest, startFakeGemini } from '#tests/support/fake-gemini';
import { mediaTools } from '#tests/support/media';
import { insertUser } from '#tests/support/users';
import { type PipelineDeps, runVideoGeneration } from './generate-video.job.server';
import { unlimitedCapacity } from './generation-capacity.server';

/**
 * Money property: whatever mix of outcomes (success, safety block, error, timeout, a worker crash and restart),
 * every request ends final, the balance is start − Σ costs of completed requests, and the ledger audits clean.
 */

let database: TestDatabase;
let pool: pg.Pool;
let gemini: FakeGemini;
let storageDir: string;
const START = 100_000;
const tools = await mediaTools(30_000);
// Long enough that no success is late under load; timeouts are reached by backdating instead.
const TIMEOUT_MS = 120_000;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 12 });
  gemini = await startFakeGemini({ tiny: true });
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'cena-property-'));
});

afterAll(async () => {
  await gemini?.stop();
  await pool?.end();
  await database?.drop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

type Outcome = 'success' | 'block' | 'error' | 'timeout' | 'crash';
const MARKERS: Record<Outcome, string> = {
  success: '',
  block: ' [block]',
  error: ' [error]',
  timeout: ' [never]',
  crash: '',
};

const GEMINI_MODELS = { fast: 'gemini-omni-1.1-flash', quality: 'gemini-omni-1.2-flash' };

function deps(): PipelineDeps {
  return {
    pool,
    provider: new GeminiVideoProvider(
      new GeminiClient({
        apiKey: API_KEY,
        apiBase: gemini.base,
        retry: { attempts: 3, initialDelayMs: 5, maxDelayMs: 50 },
      }),
      GEMINI_MODELS,
    ),
    storage: new DiskStorage(storageDir, 'secret'),
    tools,
    capabilities: capabilitiesOf({ provider: 'gemini', gemini: { models: GEMINI_MODELS } }),
    logger: createLogger('silent'),
    capacity: unlimitedCapacity(),
    timeoutMs: { fast: TIMEOUT_MS, quality: TIMEOUT_MS },
    poll: { initialMs: 10, maxMs: 40 },
  };
}

/** Runs the job; a `crash` run is aborted at a random moment and a fresh "worker" runs the job again. */
async function work(id: string, outcome: Outcome, crashAfterMs: number): Promise<void> {
  if (outcome === 'crash') {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), crashAfterMs);
    await runVideoGeneration(deps(), id, { signal: controller.signal }).catch((error: Error) => {
      if (!controller.signal.aborted) throw error;
    });
    clearTimeout(timer);
  }
  await runVideoGeneration(deps(), id);
}

// The property is the balance, not the speed: the 200 runs took 42–60 s on a two-core machine whose memory is slow to
// touch the first time (docs/benchmarks.md, session 24), so a one-minute time-out was too close.
it('200 requests with random outcomes: balance = start − Σ completed costs, audit clean', async () => {
  const userId = await insertUser(pool);
  await grant(pool, {
    userId,
    amount: START,
    source: 'adjustment',
    sourceRef: `test:${userId}`,
    expiresAt: null,
  });

  const plans = fc.sample(
    fc.record({
      outcome: fc.constantFrom<Outcome>('success', 'block', 'error', 'timeout', 'crash'),
      quality: fc.constantFrom('fast' as const, 'quality' as const),
      aspectRatio: fc.constantFrom('16:9' as const, '9:16' as const, '1:1' as const, '4:3' as const),
      crashAfterMs: fc.integer({ min: 0, max: 120 }),
    }),
    { numRuns: 200, seed: 20_261_122 },
  );
  const requests: ({ id: string; holdId: string; cost: number } & (typeof plans)[number])[] = [];
  for (const [index, plan] of plans.entries()) {
    const seeded = await seedVideoRequest(pool, {
      userId,
      prompt: `Pedido número ${index}${MARKERS[plan.outcome]}`,
      quality: plan.quality,
      aspectRatio: plan.aspectRatio,
      // Timeouts are reached by starting the request's clock in the past, not by waiting.
      createdAt: plan.outcome === 'timeout' ? new Date(Date.now() - TIMEOUT_MS + 300) : undefined,
    });
    requests.push({ ...seeded, ...plan });
  }

  // Eight at a time, like a worker pool; every request's job runs (and a crashed one runs again).
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < requests.length) {
        const request = requests[next++];
        if (request) await work(request.id, request.outcome, request.crashAfterMs);
      }
    }),
  );

  const rows = await pool.query<{ id: string; status: string; credits_used: number; hold_status: string }>(
    `SELECT r.id, r.status, r.credits_used, h.status AS hold_status
     FROM video_requests r JOIN credit_holds h ON h.id = r.hold_id WHERE r.user_id = $1`,
    [userId],
  );
  expect(rows.rows).toHaveLength(200);
  let completedCost = 0;
  for (const row of rows.rows) {
    const plan = requests.find((request) => request.id === row.id);
    const expected = plan?.outcome === 'success' || plan?.outcome === 'crash' ? 'completed' : 'failed';
    expect({ id: row.id, status: row.status }).toEqual({ id: row.id, status: expected });
    expect(row.hold_status).toBe(row.status === 'completed' ? 'captured' : 'voided');
    if (row.status === 'completed') completedCost += row.credits_used;
  }
  expect(await balance(pool, userId)).toBe(START - completedCost);
  expect(await audit(pool, userId)).toEqual([]);
  // Each hold resolved by exactly one entry.
  const resolutions = await pool.query<{ count: string }>(
    `SELECT count(*) FROM credit_ledger_entries WHERE user_id = $1 AND kind IN ('capture')`,
    [userId],
  );
  expect(Number(resolutions.rows[0]?.count)).toBe(
    rows.rows.filter((row) => row.status === 'completed').length,
  );
}, 180_000);
