import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FairQueue } from '#server/capacity/fair-queue.server';
import { ProviderBudget } from '#server/capacity/provider-budget.server';
import { balance } from '#server/credits/ledger-reads.server';
import { GeminiClient } from '#server/gemini/gemini-client.server';
import { GeminiVideoProvider } from '#server/gemini/gemini-provider.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { createLogger } from '#server/logger.server';
import { DiskStorage } from '#server/storage/storage.server';
import { capabilitiesOf } from '#server/video-requests/capabilities.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import {
  API_KEY,
  contractBreaches,
  type FakeGemini,
  NO_BREACHES,
  seedVideoRequest,
  startFakeGemini,
} from '#tests/support/fake-gemini';
import { mediaTools } from '#tests/support/media';
import { insertUserWithCredits } from '#tests/support/users';
import {
  FAILURE_MESSAGES,
  failRequest,
  type PipelineDeps,
  runVideoGeneration,
} from './generate-video.job.server';
import { sharedCapacity, unlimitedCapacity } from './generation-capacity.server';

/**
 * The provider path of a delivered or given-up generation, against the Gemini fake: a video Google made is
 * followed to the file through a cut body, a poll outage across the deadline and a generation that ends as it is
 * cancelled; an open interaction is stopped before its refund; a generation's slot outlives a poll slower than its
 * lease.
 */

let database: TestDatabase;
let pool: pg.Pool;
let gemini: FakeGemini;
let storageDir: string;
let storage: DiskStorage;
const logger = createLogger('silent');
const tools = await mediaTools(30_000);
const START = 10_000;
const OMNI = 'gemini-omni-1.1-flash';

function provider(fake: FakeGemini = gemini, attempts = 4) {
  return new GeminiVideoProvider(
    new GeminiClient({
      apiKey: API_KEY,
      apiBase: fake.base,
      retry: { attempts, initialDelayMs: 5, maxDelayMs: 20 },
    }),
    { fast: OMNI, quality: OMNI },
  );
}

function deps(overrides: Partial<PipelineDeps> = {}): PipelineDeps {
  return {
    pool,
    provider: provider(),
    storage,
    tools,
    capabilities: capabilitiesOf({ provider: 'gemini', gemini: { models: { fast: OMNI, quality: OMNI } } }),
    logger,
    timeoutMs: { fast: 60_000, quality: 60_000 },
    poll: { initialMs: 10, maxMs: 50 },
    capacity: unlimitedCapacity(),
    ...overrides,
  };
}

const newUser = () => insertUserWithCredits(pool, START);

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

const interactionOf = async (requestId: string) =>
  String((await row(requestId)).operation_name).replace('interactions/', '');

/** Completed, charged once, one create, and the interaction neither cancelled nor deleted at Google. */
async function expectDeliveredOnce(request: { id: string; holdId: string; cost: number }, userId: string) {
  expect(await row(request.id)).toMatchObject({ status: 'completed', hold_status: 'captured' });
  expect(await entries(request.holdId)).toEqual(['hold', 'capture']);
  expect(await balance(pool, userId)).toBe(START - request.cost);
  const interaction = await interactionOf(request.id);
  expect(gemini.cancelled).not.toContain(interaction);
  expect(gemini.deleted).not.toContain(interaction);
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 10 });
  gemini = await startFakeGemini({ retryDelay: '0.3s', tiny: true });
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'cena-delivery-'));
  storage = new DiskStorage(storageDir, 'test-signing-secret');
});

afterEach(() => {
  expect(contractBreaches(gemini)).toEqual(NO_BREACHES);
});

afterAll(async () => {
  await gemini?.stop();
  await pool?.end();
  await database?.drop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

describe('following a delivered video to the file (fake Gemini API)', () => {
  it('a download whose body is cut halfway once (Content-Length announced, connection dropped) completes, charged once', async () => {
    const userId = await newUser();
    const prompt = 'Um trem atravessa a ponte [dlcut]';
    const request = await seedVideoRequest(pool, { userId, prompt });
    expect(await runVideoGeneration(deps(), request.id)).toBe('completed');
    expect(gemini.submits.get(prompt)).toBe(1);
    await expectDeliveredOnce(request, userId);
  }, 60_000);

  it('a poll that fails across the deadline while Google finished the video: read again, not cancelled, delivered', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, { userId, prompt: 'Um farol visto durante o apagão' });
    const until = gemini.pollsUntilDone;
    gemini.pollsUntilDone = 1;
    // Every read fails from before the deadline (600 ms) to well after it; the generation is done at Google.
    gemini.unavailableUntil = Date.now() + 1_500;
    try {
      const run = runVideoGeneration(
        deps({ provider: provider(gemini, 1), timeoutMs: { fast: 600, quality: 600 } }),
        request.id,
      );
      expect(await run).toBe('completed');
    } finally {
      gemini.pollsUntilDone = until;
      gemini.unavailableUntil = 0;
    }
    await expectDeliveredOnce(request, userId);
  }, 60_000);

  it('a generation that finishes as it is cancelled at the deadline (400 FAILED_PRECONDITION) is read, not deleted', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, {
      userId,
      prompt: 'Termina no último segundo [never][lastsecond]',
    });
    expect(await runVideoGeneration(deps({ timeoutMs: { fast: 600, quality: 600 } }), request.id)).toBe(
      'completed',
    );
    // The cancel's refusal is the scripted race itself, not a field Google does not know.
    expect(gemini.refusals.splice(0).map((refusal) => refusal.message)).toEqual([
      'Only a background interaction that is still running can be cancelled.',
    ]);
    await expectDeliveredOnce(request, userId);
  }, 60_000);

  it('an interaction left open (requires_action) is cancelled and deleted at Google before the refund', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, { userId, prompt: 'Espera uma ação do cliente [action]' });
    expect(await runVideoGeneration(deps(), request.id)).toBe('failed');
    expect(await row(request.id)).toMatchObject({
      status: 'failed',
      hold_status: 'voided',
      error_message: FAILURE_MESSAGES.provider,
    });
    expect(await balance(pool, userId)).toBe(START);
    const interaction = await interactionOf(request.id);
    expect(gemini.cancelled).toContain(interaction);
    expect(gemini.deleted).toContain(interaction);
  }, 60_000);
});

describe("a generation's slot while it runs (fake Gemini API with a quota)", () => {
  it('a poll slower than the lease: no second generation is dispatched into its slot', async () => {
    const quota = { requestsPerMinute: 100, inFlight: 1, generationMs: 1_500 };
    const limited = await startFakeGemini({ tiny: true, quota, retryDelay: '0.3s' });
    try {
      // Each read takes longer than the whole lease.
      limited.pollDelayMs = 700;
      const budget = new ProviderBudget({
        limits: { requestsPerMinute: 100, inFlight: 1, requestsPerDay: null },
        leaseMs: 300,
      });
      const dispatched: string[] = [];
      const queue = new FairQueue({
        budget,
        projects: ['lease-test'],
        models: { fast: OMNI, quality: OMNI },
        sendJob: async (_client, requestId) => {
          dispatched.push(requestId);
        },
      });
      const pipeline = deps({ provider: provider(limited), capacity: sharedCapacity({ budget, queue }) });
      const first = await seedVideoRequest(pool, { userId: await newUser(), prompt: 'Primeiro na fila' });
      expect(await queue.dispatch(pool)).toBe(1);
      expect(dispatched).toEqual([first.id]);
      const run = runVideoGeneration(pipeline, first.id);
      const second = await seedVideoRequest(pool, { userId: await newUser(), prompt: 'Segundo na fila' });
      // The dispatcher runs on while the first generation's reads are slow; the second goes when a slot is free.
      const until = Date.now() + 30_000;
      while (!dispatched.includes(second.id) && Date.now() < until) {
        await queue.dispatch(pool);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const secondRun = runVideoGeneration(pipeline, second.id);
      expect(await run).toBe('completed');
      expect(await secondRun).toBe('completed');
      // Google never saw more in progress than its quota, so it refused nothing: the slot was never given away.
      expect(limited.maxInFlight).toBeLessThanOrEqual(quota.inFlight);
      expect(limited.quotaRefusals).toBe(0);
      expect(await row(first.id)).toMatchObject({ status: 'completed', hold_status: 'captured' });
    } finally {
      await limited.stop();
    }
  }, 90_000);
});

describe('what nobody reads any more is not left at Google (fake Gemini API)', () => {
  it('an account deleted while its create is in flight: the interaction answered afterwards is cancelled and deleted', async () => {
    const userId = await newUser();
    const prompt = 'Um pedido de quem apagou a conta';
    const request = await seedVideoRequest(pool, { userId, prompt });
    const before = { cancelled: gemini.cancelled.length, deleted: gemini.deleted.length };
    gemini.createAnswerDelayMs = 400;
    try {
      const run = runVideoGeneration(deps(), request.id);
      const until = Date.now() + 20_000;
      while (!gemini.submits.get(prompt) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      // What the account deletion does to an unfinished request, while Google still holds the create's answer.
      expect(await failRequest(pool, request.id, 'Solicitação encerrada: a conta foi excluída.')).toBe(true);
      expect(await run).toBe('already_final');
    } finally {
      gemini.createAnswerDelayMs = 0;
    }
    const cancelled = gemini.cancelled.slice(before.cancelled);
    expect(cancelled).toHaveLength(1);
    expect(gemini.deleted.slice(before.deleted)).toEqual(cancelled);
    const left = await pool.query('SELECT 1 FROM provider_leftovers WHERE user_id = $1', [userId]);
    expect(left.rowCount).toBe(0);
    expect(await balance(pool, userId)).toBe(START);
  }, 60_000);

  it('a create that cannot be marked as sent (the database away) gives its slot back at once', async () => {
    const request = await seedVideoRequest(pool, { userId: await newUser(), prompt: 'Banco fora do ar' });
    const budget = new ProviderBudget({
      limits: { requestsPerMinute: 10, inFlight: 1, requestsPerDay: null },
    });
    const queue = new FairQueue({
      budget,
      projects: ['mark-test'],
      models: { fast: OMNI, quality: OMNI },
      sendJob: async () => {},
    });
    await inTransaction(pool, async (client) => {
      await client.query(
        "UPDATE video_requests SET dispatched_at = now(), provider_project = 'mark-test' WHERE id = $1",
        [request.id],
      );
      await budget.grant(client, request.id, 'mark-test', OMNI);
    });
    const failing = new Proxy(pool, {
      get(target, property) {
        if (property === 'query') {
          return (text: unknown, params?: unknown[]) =>
            String(text).includes('SET create_sent_at = now()')
              ? Promise.reject(new Error('Connection terminated unexpectedly'))
              : target.query(text as string, params);
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(
      runVideoGeneration(deps({ pool: failing, capacity: sharedCapacity({ budget, queue }) }), request.id),
    ).rejects.toThrow('Connection terminated unexpectedly');
    const [use] = await budget.use(pool, ['mark-test'], OMNI);
    expect(use?.inFlight).toBe(0);
    // Settled here, so nothing else picks the waiting request up.
    expect(await failRequest(pool, request.id, FAILURE_MESSAGES.capacity)).toBe(true);
  });
});
