import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.server';
import { audit } from '#server/credits/ledger-audit.server';
import { balance } from '#server/credits/ledger-reads.server';
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
import { insertUserWithCredits } from '#tests/support/users';
import { createCapacity } from './capacity-planner.server';

/**
 * Launch day against the Gemini API stand-in, with Cena's capacity left at its defaults (10 requests per minute, 10
 * in progress, two workers of four jobs): it must learn the project's real limits from the fake's 429s. The quota
 * (the fake's [QUOTA]) allows 12 creates a minute and 3 generations in progress; its 429s state the limit they hit
 * or, `unstated`, carry only RetryInfo (ADR 0061). The full day (6 users × 4 videos, 8 waves of 3) runs on a
 * compressed clock, Cena's and the fake's alike, in both modes; a smaller run (3 users × 2, generations of 4 s, 429s
 * unstated) keeps real seconds, Cena's production clock. The full day in real seconds is `npm run bench:launch-day`.
 */

const OMNI = 'gemini-omni-1.1-flash';
const START = 1_000;
const logger = createLogger('silent');

let database: TestDatabase;
let pool: pg.Pool;
let storageDir: string;
let storage: DiskStorage;
const fakes: FakeGemini[] = [];
const running: { jobs: Jobs; workers: VideoWorkers }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 20 });
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'cena-launch-'));
  storage = new DiskStorage(storageDir, 'test-signing-secret');
});

beforeEach(async () => {
  // Each case starts from an empty budget: the project ('default') and model are the same in every case.
  await pool.query('TRUNCATE provider_calls, provider_budgets, provider_leases, video_workers');
});

afterEach(async () => {
  for (const worker of running.splice(0)) {
    await worker.workers.stop();
    await worker.jobs.stop(5_000);
  }
  for (const fake of fakes.splice(0)) {
    expect(contractBreaches(fake)).toEqual(NO_BREACHES);
    await fake.stop();
  }
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

async function fakeGemini(
  quota: NonNullable<Parameters<typeof startFakeGemini>[0]>['quota'],
  retryDelay?: string,
) {
  const fake = await startFakeGemini({ tiny: true, quota, ...(retryDelay ? { retryDelay } : {}) });
  fakes.push(fake);
  return fake;
}

/** Cena's configuration with nothing of its capacity set, unless the test says so. */
function cenaConfig(gemini: FakeGemini, env: Record<string, string> = {}) {
  return loadConfig({
    VIDEO_PROVIDER: 'gemini',
    GEMINI_API_KEY: API_KEY,
    GEMINI_API_BASE: gemini.base,
    VIDEO_MODEL_FAST: OMNI,
    VIDEO_MODEL_QUALITY: OMNI,
    ...env,
  });
}

async function startWorker(
  config: ReturnType<typeof cenaConfig>,
  capacityClock?: Parameters<typeof registerVideoWorkers>[0]['capacityClock'],
) {
  const jobs = await startJobs(database.url, logger);
  const workers = await registerVideoWorkers({
    boss: jobs.boss,
    pool,
    config,
    logger,
    storage,
    writePrompt: RULES_WRITER,
    capacityClock,
  });
  running.push({ jobs, workers });
  return jobs;
}

const newUser = () => insertUserWithCredits(pool, START);

/** Every user creates their videos, one user after the other. */
async function arrive(users: number, perUser: number): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  for (let user = 0; user < users; user += 1) {
    const userId = await newUser();
    const ids: string[] = [];
    for (let video = 0; video < perUser; video += 1) {
      ids.push((await seedVideoRequest(pool, { userId, prompt: `Usuário ${user}, vídeo ${video}` })).id);
    }
    byUser.set(userId, ids);
  }
  return byUser;
}

async function settled(ids: string[], until: number) {
  for (;;) {
    const rows = await pool.query<{ id: string; status: string; completed_at: Date | null }>(
      'SELECT id, status, completed_at FROM video_requests WHERE id = ANY($1::uuid[])',
      [ids],
    );
    if (rows.rows.every((row) => row.status === 'completed' || row.status === 'failed')) return rows.rows;
    if (Date.now() > until) {
      throw new Error(`not settled in time: ${JSON.stringify(rows.rows.map((row) => row.status))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Every user's videos wait before the first dispatch, as when they press the button in the same instant: users
 * seeded one after the other while a dispatcher runs would let the first user's videos start before the last user
 * arrived, which is the queue being work-conserving, not unfair. The workers' start counts in the time, which must
 * stay within `withinMs`.
 */
async function launchDay(args: {
  users: number;
  perUser: number;
  generationMs: number;
  withinMs: number;
  minuteMs?: number;
  refusals: 'stated' | 'unstated';
}) {
  const { minuteMs } = args;
  const gemini = await fakeGemini({
    requestsPerMinute: 12,
    inFlight: 3,
    generationMs: args.generationMs,
    refusals: args.refusals,
    ...(minuteMs ? { minuteMs } : {}),
  });
  // On a compressed clock the generations are read every 200 ms: Cena's 5–8 s between reads would be whole minutes.
  const config = cenaConfig(gemini, minuteMs ? { VIDEO_POLL_MS: '200' } : {});
  const byUser = await arrive(args.users, args.perUser);
  const started = Date.now();
  const clock = minuteMs ? { minuteMs } : undefined;
  const jobs = await startWorker(config, clock);
  await startWorker(config, clock);
  const rows = await settled([...byUser.values()].flat(), started + args.withinMs);

  expect(rows.filter((row) => row.status !== 'completed')).toEqual([]);
  for (const userId of byUser.keys()) expect(await balance(pool, userId)).toBe(START - 10 * args.perUser);
  expect(gemini.maxInFlight).toBeLessThanOrEqual(3);
  expect(gemini.quotaRefusals).toBeGreaterThan(0);
  const view = await createCapacity(config.video, jobs.boss, clock).queue.adminView(pool);
  const budget = view.budgets.find((entry) => entry.model === OMNI);
  if (args.refusals === 'stated') {
    // Cena learned the limit from the fake's 429s (QuotaFailure quotaValue), not from its configuration.
    expect(budget?.inFlightLimit).toBe(3);
  } else {
    // Refused at 3 in progress under the rate: generations in progress learned at 3, not Cena's 10, then one more
    // per round of accepted creates (ADR 0061). Where that climb stands at the end is timing, not rule: a create
    // sent while a generation had ended at the fake but not yet been read by Cena is accepted, and counts as a round
    // (seen at 6 on a slow two-core machine). What the rule then bounds, while Cena reads a finished generation
    // before the next one ends (so a refusal meets at most 4 in progress by Cena's count): the first refusal needs 3
    // accepted, so at most 21 of the 24 creates come after it; a later refusal only lowers the limit; and climbing
    // from 3 to 7 takes 3 + 4 + 5 + 6 = 18 (from 4, 15 of the 20 left), to 8 another 7. The rate, which was never
    // what was refused, is back at Cena's 10 a minute.
    expect(budget?.inFlightLimit).toBeGreaterThanOrEqual(3);
    expect(budget?.inFlightLimit).toBeLessThanOrEqual(7);
    expect(budget?.learnedRequestsPerMinute).toBe(10);
  }
  expect(await audit(pool)).toEqual([]);
  return { byUser, rows };
}

/** In turns: every user's first video is done before any user's last. */
function expectInTurns({ byUser, rows }: Awaited<ReturnType<typeof launchDay>>) {
  const done = new Map(rows.map((row) => [row.id, row.completed_at?.getTime() ?? 0]));
  const firsts = [...byUser.values()].map((own) => Math.min(...own.map((id) => done.get(id) ?? 0)));
  const lasts = [...byUser.values()].map((own) => Math.max(...own.map((id) => done.get(id) ?? 0)));
  expect(Math.max(...firsts)).toBeLessThan(Math.min(...lasts));
}

describe('launch day', () => {
  for (const refusals of ['stated', 'unstated'] as const) {
    it(`6 users × 4 Fast on a compressed clock (a minute of 6 s), Cena at its defaults, the fake at 12/min and 3 in progress, its 429s ${refusals}: all 24 done in turns, each charged 40`, async () => {
      // 8 waves of 3 generations of 2 s: 16 s of generation, plus a poll and a render a wave. Measured 22–25 s
      // with npm's ffmpeg and 40–53 s with Debian's on a two-core machine whose memory is slow to touch the first
      // time (docs/benchmarks.md, session 24). The bound catches a queue that stalls; how fast the day goes is
      // `npm run bench:launch-day`'s to judge, not a timed test's.
      const day = await launchDay({
        users: 6,
        perUser: 4,
        generationMs: 2_000,
        minuteMs: 6_000,
        withinMs: 90_000,
        refusals,
      });
      expectInTurns(day);
    }, 120_000);
  }

  // Real seconds once, in the harder mode: Cena's production clock learning from 429s that state no limit. The stated
  // 429s are learned from the same way on it (the budget's minute is a parameter), and their full day, with every
  // assertion of this run, is the compressed case above.
  it('in real seconds, Cena at its defaults, its 429s unstated: 3 users × 2 Fast, each generation 4 s, all 6 done within 30 s, each charged 20', async () => {
    // 2 waves of 3 generations of 4 s, each seen at the first read (5 s). The turns are the full day's to show:
    // with two waves, which of the six the first round's 429s put back in line is a race.
    await launchDay({ users: 3, perUser: 2, generationMs: 4_000, withinMs: 30_000, refusals: 'unstated' });
  }, 90_000);

  it('four 429s in one dispatch round (and four more after the retryDelay) halve the learned rate once', async () => {
    // No quota: the fake's `[429]` marker refuses each prompt's first two creates with RetryInfo only. Its delay is
    // 2 s, not the fake's 0.2 s: each round is one round only while the four requests are picked up again within the
    // delay, and on a loaded machine a pick-up can take longer than 0.2 s. A second refusal sent after another
    // request's third create was accepted is another case: a refusal with a create accepted in the minute, which
    // the rule reads as the rate, one a minute (quota-lesson.server.ts, ADR 0061).
    const gemini = await fakeGemini(undefined, '2s');
    // Read every 200 ms: what is learned comes from the creates' answers, not from how often a generation is read.
    const config = cenaConfig(gemini, { VIDEO_POLL_MS: '200' });
    const jobs = await startWorker(config);
    const userId = await newUser();
    const ids: string[] = [];
    for (let video = 0; video < 4; video += 1) {
      ids.push((await seedVideoRequest(pool, { userId, prompt: `Sem cota ${video} [429]` })).id);
    }
    const rows = await settled(ids, Date.now() + 120_000);
    expect(rows.filter((row) => row.status !== 'completed')).toEqual([]);
    const view = await createCapacity(config.video, jobs.boss).queue.adminView(pool);
    const budget = view.budgets.find((entry) => entry.model === OMNI);
    expect(budget?.throttledLastHour).toBe(8);
    // Nothing accepted and nothing in progress when they came: the rate halved once, 10 to 5, and each of the
    // four accepted creates wins back one (ADR 0061).
    expect(budget?.learnedRequestsPerMinute).toBe(9);
  }, 180_000);

  it('a spend cap of $2 per 10 minutes: never exceeded at the fake, nothing failed, each video charged once', async () => {
    // A compressed minute of 1.5 s (so a spend window of 15 s), the same clock for Cena and the fake.
    const minuteMs = 1_500;
    const gemini = await fakeGemini({
      requestsPerMinute: 100,
      inFlight: 10,
      generationMs: 500,
      minuteMs,
      spendCentsPer10Minutes: 200,
    });
    // Read every 200 ms: the spend windows, not the reads, are what this case waits on.
    const config = cenaConfig(gemini, { VIDEO_CAPACITY_SPEND_PER_10_MIN_USD: '2', VIDEO_POLL_MS: '200' });
    await startWorker(config, { minuteMs });
    const byUser = await arrive(2, 3);
    const rows = await settled([...byUser.values()].flat(), Date.now() + 120_000);

    expect(rows.filter((row) => row.status !== 'completed')).toEqual([]);
    for (const userId of byUser.keys()) expect(await balance(pool, userId)).toBe(START - 30);
    // A Fast create (8 s at 720p) bills 56 cents: three fit in a window, never four.
    expect(gemini.spendRefusals).toBe(0);
    expect(gemini.maxSpendCents).toBeLessThanOrEqual(200);
    expect(await audit(pool)).toEqual([]);
  }, 180_000);
});
