import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quotaViolationsFrom } from '#server/gemini/gemini-error-details.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { againIfCrossed, pacificDay } from '#tests/support/clock-windows';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { seedVideoRequest } from '#tests/support/fake-gemini';
import { insertUserWithCredits } from '#tests/support/users';
import { FairQueue } from './fair-queue.server';
import { ProviderBudget } from './provider-budget.server';
import { lessonOf, type QuotaRefusal } from './quota-lesson.server';
import { WorkerSlots } from './worker-slots.server';

/** The budget's reading of Google's 429s, its spend dimension and the worker slots, against PostgreSQL. */

const OMNI = 'gemini-omni-1.1-flash';
const LIMITS = { requestsPerMinute: 10, inFlight: 10, requestsPerDay: null };
/** A 429 with only RetryInfo: the limit it hit is not named. */
const UNEXPLAINED: QuotaRefusal = { retryAfterMs: 200, violations: [] };

let database: TestDatabase;
let pool: pg.Pool;
let project: string;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url });
});

beforeEach(() => {
  // A project of its own per test: budgets are per project and model.
  project = `project-${randomUUID()}`;
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

const newUser = () => insertUserWithCredits(pool, 1_000);

/** One dispatch round's creates: each granted and sent, as the dispatcher and the pipeline do. */
async function sendRound(budget: ProviderBudget, count: number): Promise<string[]> {
  const userId = await newUser();
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const { id } = await seedVideoRequest(pool, { userId, prompt: `round ${index}` });
    await inTransaction(pool, (client) => budget.grant(client, id, project, OMNI, 56));
    await budget.sending(pool, id, project, OMNI);
    ids.push(id);
  }
  return ids;
}

async function useOf(budget: ProviderBudget, costCents = 0) {
  const [use] = await budget.use(pool, [project], OMNI, costCents);
  if (!use) throw new Error('no budget row');
  return use;
}

describe("the budget learns from Google's 429s", () => {
  it('four 429s in one dispatch round halve the learned rate once, not four times', async () => {
    const budget = new ProviderBudget({ limits: LIMITS });
    for (const id of await sendRound(budget, 4)) await budget.throttled(pool, id, project, OMNI, UNEXPLAINED);
    const use = await useOf(budget);
    expect(use.learnedRequestsPerMinute).toBe(5);
    expect(use.throttledLastHour).toBe(4);
    // Refused creates were not allocated any quota: they count for neither the minute nor the day.
    expect(use).toMatchObject({ requestsLastMinute: 0, requestsToday: 0, heldBy: 'retry', room: 0 });
  });

  it('a 429 that names its limit (QuotaFailure quotaValue) teaches that limit as it is, without halving the rate', async () => {
    const budget = new ProviderBudget({ limits: LIMITS });
    const ids = await sendRound(budget, 4);
    const inFlight: QuotaRefusal = {
      retryAfterMs: 50,
      violations: [{ dimension: 'inFlight', limit: 3 }],
    };
    for (const id of ids) await budget.throttled(pool, id, project, OMNI, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 80));
    let use = await useOf(budget);
    expect(use).toMatchObject({ learnedRequestsPerMinute: 10, inFlightLimit: 3, heldBy: null });
    await budget.throttled(pool, ids[0] ?? '', project, OMNI, {
      retryAfterMs: 50,
      violations: [{ dimension: 'requestsPerMinute', limit: 6 }],
    });
    use = await useOf(budget);
    expect(use.learnedRequestsPerMinute).toBe(6);
    // A success climbs back towards the stated limit, never above it.
    for (let success = 0; success < 20; success += 1)
      await budget.succeeded(pool, ids[1] ?? '', project, OMNI);
    expect((await useOf(budget)).learnedRequestsPerMinute).toBe(6);
  });

  it('a daily limit holds the project until the next midnight Pacific time, and the ETA counts it', async () => {
    // The day is Google's, from midnight Pacific time: a run across it is made again in the new day.
    await againIfCrossed(pacificDay, async () => {
      const budget = new ProviderBudget({ limits: { ...LIMITS, requestsPerDay: 2 } });
      await sendRound(budget, 2);
      const use = await useOf(budget);
      expect(use.heldBy).toBe('daily');
      const hoursLeft = ((use.heldUntil?.getTime() ?? 0) - Date.now()) / 3_600_000;
      expect(hoursLeft).toBeGreaterThan(0);
      expect(hoursLeft).toBeLessThanOrEqual(25);

      const queue = new FairQueue({
        budget,
        projects: [project],
        models: { fast: OMNI, quality: OMNI },
        sendJob: async () => {},
      });
      const estimate = await queue.estimate(pool, await newUser());
      expect(estimate.fast.heldBy).toBe('daily');
      expect(estimate.fast.longerThanUsual).toBe(true);
      expect(estimate.fast.etaSeconds).toBeGreaterThanOrEqual(Math.floor(hoursLeft * 3_600) - 5);
    });
  });

  it("reads Google's QuotaFailure: requests per minute and per day, tokens apart, quotaValue as a number", () => {
    // As the Gemini API answers (https://github.com/RooCodeInc/Roo-Code/issues/3883).
    const body = JSON.stringify({
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [
              {
                quotaMetric: 'generativelanguage.googleapis.com/generate_requests_per_model',
                quotaId: 'GenerateRequestsPerMinutePerProjectPerModel',
                quotaDimensions: { location: 'global', model: OMNI },
                quotaValue: '12',
              },
              {
                quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
                quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier',
                quotaDimensions: { location: 'global', model: OMNI },
              },
              {
                quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_input_token_count',
                quotaId: 'GenerateContentInputTokensPerModelPerMinute-FreeTier',
                quotaValue: '250000',
              },
            ],
          },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '26s' },
        ],
      },
    });
    expect(quotaViolationsFrom(`got status: 429. ${body}`)).toEqual([
      { dimension: 'requestsPerMinute', limit: 12 },
      { dimension: 'requestsPerDay', limit: undefined },
      { dimension: 'other', limit: 250_000 },
    ]);
    expect(quotaViolationsFrom('not json')).toEqual([]);
  });
});

/** One round of creates as Google answers them: the first `accepted` taken, the rest refused and put back in line. */
async function answerRound(budget: ProviderBudget, count: number, accepted: number, refusal = UNEXPLAINED) {
  const ids = await sendRound(budget, count);
  const lessons: string[] = [];
  for (const [index, id] of ids.entries()) {
    if (index < accepted) await budget.succeeded(pool, id, project, OMNI);
    else {
      lessons.push(await budget.throttled(pool, id, project, OMNI, refusal));
      // Back in line, as FairQueue.requeue puts it: its slot is free.
      await budget.release(pool, id);
    }
  }
  return { ids, lessons };
}

/** The generation of `id` ended at Google and its slot is free, as the pipeline releases it. */
const finish = (budget: ProviderBudget, ids: readonly string[]) =>
  Promise.all(ids.map((id) => budget.release(pool, id)));

describe('a 429 that states no limit teaches the dimension it points to (ADR 0061)', () => {
  const context = { rateInUse: 3, inProgress: 3, allowedRpm: 10 };

  it('reads a refusal under the rate in use, with generations in progress, as concurrency; at the rate or with none in progress, as the rate', () => {
    expect(lessonOf([], context)).toBe('inFlight');
    // At the rate Cena allows itself, the rate is the likelier limit.
    expect(lessonOf([], { ...context, rateInUse: 10 })).toBe('rate');
    expect(lessonOf([], { ...context, inProgress: 0 })).toBe('rate');
    // Nothing accepted in the minute, nothing in progress: neither dimension explains it.
    expect(lessonOf([], { ...context, rateInUse: 0, inProgress: 0 })).toBe('unknown');
    // A violation that names its dimension without a value points to it, whatever the counts.
    expect(lessonOf([{ dimension: 'requestsPerMinute', limit: undefined }], context)).toBe('rate');
    expect(lessonOf([{ dimension: 'inFlight', limit: undefined }], { ...context, rateInUse: 10 })).toBe(
      'inFlight',
    );
    expect(lessonOf([{ dimension: 'requestsPerDay', limit: undefined }], context)).toBe('unknown');
  });

  it('launch day against 3 in progress: three accepted, five refused saying nothing — generations in progress learned at 3, the rate kept', async () => {
    const budget = new ProviderBudget({ limits: LIMITS, minuteMs: 2_000 });
    const { lessons } = await answerRound(budget, 8, 3);
    expect(lessons).toEqual(['inFlight', 'inFlight', 'inFlight', 'inFlight', 'inFlight']);
    const use = await useOf(budget);
    expect(use).toMatchObject({ inFlightLimit: 3, learnedRequestsPerMinute: 10, inFlight: 3 });
    expect(use.requestsLastMinute).toBe(3);
  });

  it('refused with nothing in progress: the rate, lowered to the creates accepted in the minute', async () => {
    // A compressed minute of 3 s: the first round's creates still count when the next is refused.
    const budget = new ProviderBudget({ limits: LIMITS, minuteMs: 3_000 });
    await finish(budget, (await answerRound(budget, 6, 6)).ids);
    expect((await answerRound(budget, 1, 0)).lessons).toEqual(['rate']);
    expect(await useOf(budget)).toMatchObject({ learnedRequestsPerMinute: 6, inFlightLimit: 10 });
  });

  it('recovery is additive per accepted create: the rate one per success, generations in progress one per round', async () => {
    const budget = new ProviderBudget({ limits: LIMITS, minuteMs: 1_000 });
    const launch = await answerRound(budget, 5, 3);
    expect((await useOf(budget)).inFlightLimit).toBe(3);
    await finish(budget, launch.ids);
    // Three more accepted (a round of the learned three): one more generation in progress is allowed.
    await finish(budget, (await answerRound(budget, 3, 3)).ids);
    expect((await useOf(budget)).inFlightLimit).toBe(4);
    // Nothing accepted in the compressed minute and nothing in progress: the refusal halves the rate once.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await answerRound(budget, 2, 0);
    expect((await useOf(budget)).learnedRequestsPerMinute).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await answerRound(budget, 5, 5);
    // Five creates later the rate is back at the configured 10 (1/8 a success took 40).
    expect((await useOf(budget)).learnedRequestsPerMinute).toBe(10);
  });
});

describe('the spend per 10 minutes', () => {
  it('a cap leaves room for as many creates as its cents pay for, then holds the project until spend leaves the window', async () => {
    const budget = new ProviderBudget({ limits: { ...LIMITS, spendCentsPer10Minutes: 150 } });
    expect((await useOf(budget, 56)).room).toBe(2);
    const [first] = await sendRound(budget, 2);
    const use = await useOf(budget, 56);
    expect(use).toMatchObject({ spentCents: 112, room: 0, heldBy: 'spend' });
    expect((use.heldUntil?.getTime() ?? 0) - Date.now()).toBeGreaterThan(9 * 60_000);
    // A refused create is not billed: its cost leaves the window.
    await budget.throttled(pool, first ?? '', project, OMNI, UNEXPLAINED);
    expect((await useOf(budget, 56)).spentCents).toBe(56);
  });
});

describe('the worker slots', () => {
  it('dispatch never grants more slots than the live workers can start', async () => {
    const workers = new WorkerSlots(30_000);
    const budget = new ProviderBudget({ limits: LIMITS });
    const sent: string[] = [];
    const queue = new FairQueue({
      budget,
      projects: [project],
      models: { fast: OMNI, quality: OMNI },
      sendJob: async (_client, requestId) => {
        sent.push(requestId);
      },
      workerSlots: workers,
    });
    const userId = await newUser();
    for (let index = 0; index < 6; index += 1)
      await seedVideoRequest(pool, { userId, prompt: `slot ${index}` });
    // No worker alive: nothing is dispatched, however much room the budget has.
    expect(await queue.dispatch(pool)).toBe(0);
    const worker = randomUUID();
    await workers.beat(pool, worker, 4);
    expect(await queue.dispatch(pool)).toBe(4);
    expect(await queue.dispatch(pool)).toBe(0);
    // A finished request frees its worker's slot.
    await pool.query("UPDATE video_requests SET status = 'completed' WHERE id = $1", [sent[0]]);
    expect(await queue.dispatch(pool)).toBe(1);
    await workers.leave(pool, worker);
    await pool.query("UPDATE video_requests SET status = 'completed' WHERE id = ANY($1::uuid[])", [sent]);
    expect(await queue.dispatch(pool)).toBe(0);
    await pool.query(
      "UPDATE video_requests SET status = 'failed' WHERE user_id = $1 AND status = 'pending'",
      [userId],
    );
  });
});
