import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVideoGeneration } from '#server/generation/generate-video.job.server';
import { unlimitedCapacity } from '#server/generation/generation-capacity.server';
import { createTakeGuarantee } from '#server/generation/take-check/take-guarantee.server';
import { createLogger } from '#server/logger.server';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';
import { DiskStorage } from '#server/storage/storage.server';
import {
  LOCAL_BAD_TAKE_MARKERS,
  LocalVideoProvider,
} from '#server/video-providers/local-preview-provider.server';
import { capabilitiesOf } from '#server/video-requests/capabilities.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { seedVideoRequest } from '#tests/support/fake-gemini';
import { mediaTools } from '#tests/support/media';
import { insertUserWithCredits } from '#tests/support/users';
import { FairQueue } from './fair-queue.server';
import { ProviderBudget } from './provider-budget.server';

/** The longest wait for capacity counts from when the current take was queued, and a known hold is waited out. */

const HOUR_MS = 60 * 60_000;
const OMNI = 'gemini-omni-1.1-flash';
const LIMITS = { requestsPerMinute: 10, inFlight: 10, requestsPerDay: null };
const logger = createLogger('silent');
const tools = await mediaTools(60_000);

let database: TestDatabase;
let pool: pg.Pool;
let dir: string;
let local: LocalVideoProvider;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 6 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-max-wait-'));
  const toolchain = await mediaToolchainFromEnv();
  local = new LocalVideoProvider({
    dir: path.join(dir, 'renders'),
    delayMs: 0,
    ffmpegPath: toolchain.ffmpeg.path,
    fontFile: toolchain.fonts.regular,
  });
});

afterAll(async () => {
  await local?.close();
  await pool?.end();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const newUser = () => insertUserWithCredits(pool, 1_000);

function queueOf(budget: ProviderBudget, project: string, model: string): FairQueue {
  return new FairQueue({
    budget,
    projects: [project],
    models: { fast: model, quality: model },
    sendJob: async () => {},
  });
}

async function queuedAt(id: string): Promise<Date | undefined> {
  const result = await pool.query<{ queued_at: Date }>('SELECT queued_at FROM video_requests WHERE id = $1', [
    id,
  ]);
  return result.rows[0]?.queued_at;
}

describe('the longest wait for capacity', () => {
  it('a re-roll of a request created 61 minutes ago is not refunded for capacity; a first take that old is', async () => {
    const storage = new DiskStorage(path.join(dir, 'storage'), 'test-signing-secret');
    const userId = await newUser();
    const longAgo = new Date(Date.now() - 61 * 60_000);
    const rerolled = await seedVideoRequest(pool, {
      userId,
      prompt: `Um farol na tempestade ${LOCAL_BAD_TAKE_MARKERS.frozen}`,
      createdAt: longAgo,
    });
    const waiting = await seedVideoRequest(pool, {
      userId,
      prompt: 'Ainda na fila',
      createdAt: new Date(longAgo.getTime() + 1_000),
    });
    const pipeline = {
      pool,
      provider: local,
      storage,
      tools,
      capabilities: capabilitiesOf({ provider: 'local', gemini: { models: { fast: 'x', quality: 'x' } } }),
      logger,
      timeoutMs: { fast: 120_000, quality: 120_000 },
      poll: { initialMs: 50, maxMs: 200 },
      capacity: unlimitedCapacity(),
      checkTake: createTakeGuarantee({ pool, storage, tools, logger, strictness: 'normal' }),
    };
    // The dispatcher gives it a slot now, after its long wait; its first take fails its check: back in line for
    // the free re-roll.
    await pool.query('UPDATE video_requests SET dispatched_at = now() WHERE id = $1', [rerolled.id]);
    expect(await runVideoGeneration(pipeline, rerolled.id)).toBe('requeued');
    const queue = queueOf(new ProviderBudget({ limits: LIMITS }), 'local', 'local-preview');
    const overdue = await queue.overdue(pool, HOUR_MS);
    expect(overdue).toContain(waiting.id);
    expect(overdue).not.toContain(rerolled.id);
    // Its place in line is still its creation's.
    const places = await queue.places(pool, [
      { id: rerolled.id, quality: 'fast', status: 'pending' },
      { id: waiting.id, quality: 'fast', status: 'pending' },
    ]);
    expect(places.get(rerolled.id)?.position).toBeLessThan(places.get(waiting.id)?.position ?? 0);
    await pool.query("UPDATE video_requests SET status = 'failed' WHERE user_id = $1", [userId]);
  });

  it('a 429 puts a request back in line with the time its take was queued', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, {
      userId,
      prompt: 'Recusado por cota',
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const before = await queuedAt(request.id);
    await pool.query("UPDATE video_requests SET dispatched_at = now(), status = 'processing' WHERE id = $1", [
      request.id,
    ]);
    const queue = queueOf(new ProviderBudget({ limits: LIMITS }), 'p-requeue', OMNI);
    expect(await queue.requeue(pool, request.id)).toBe(true);
    expect(await queuedAt(request.id)).toEqual(before);
    await pool.query("UPDATE video_requests SET status = 'failed' WHERE user_id = $1", [userId]);
  });

  it('past the longest wait, a request held by a limit known to lift in time waits; one held by nothing is refunded', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, {
      userId,
      prompt: 'Espera longa',
      createdAt: new Date(Date.now() - 61 * 60_000),
    });
    const held = new ProviderBudget({ limits: LIMITS });
    await held.throttled(pool, request.id, 'p-held', OMNI, { retryAfterMs: 30_000, violations: [] });
    expect(await queueOf(held, 'p-held', OMNI).overdue(pool, HOUR_MS)).not.toContain(request.id);
    const free = new ProviderBudget({ limits: LIMITS });
    expect(await queueOf(free, 'p-free', OMNI).overdue(pool, HOUR_MS)).toContain(request.id);
    await pool.query("UPDATE video_requests SET status = 'failed' WHERE user_id = $1", [userId]);
  });
});
