import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { seedVideoRequest } from '#tests/support/fake-gemini';
import { insertUserWithCredits } from '#tests/support/users';
import { FairQueue } from './fair-queue.server';
import { ProviderBudget } from './provider-budget.server';

/**
 * The place a user is shown is the place served (ADR 0061): the positions of `places` and the order in which
 * `dispatch` takes the waiting requests are two statements (fair-queue-sql.server.ts), and they must agree.
 */

const MODEL = 'gemini-omni-1.1-flash';

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url });
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

/** A Fast request of `userId`, created `minutesAgo`; given its slot then too when `dispatched` (its user was served). */
async function request(userId: string, minutesAgo: number, dispatched = false): Promise<string> {
  const createdAt = new Date(Date.now() - minutesAgo * 60_000);
  return (await seedVideoRequest(pool, { userId, prompt: 'Um farol na tempestade', createdAt, dispatched }))
    .id;
}

describe('the order of service', () => {
  it('dispatches in the order of the places shown: turns across users, the user served longest ago first', async () => {
    // One slot at a time, so each round takes exactly the head of the line.
    const budget = new ProviderBudget({
      limits: { requestsPerMinute: 1_000, inFlight: 1, requestsPerDay: null, spendCentsPer10Minutes: null },
    });
    const sent: string[] = [];
    const queue = new FairQueue({
      budget,
      projects: ['default'],
      models: { fast: MODEL, quality: MODEL },
      sendJob: async (_client, requestId) => {
        sent.push(requestId);
      },
    });
    const [ana, bia, caio, davi] = await Promise.all(
      [1, 2, 3, 4].map(() => insertUserWithCredits(pool, 100)),
    );
    if (!ana || !bia || !caio || !davi) throw new Error('users not inserted');
    // Served 60, 10 and 30 minutes ago; Caio never.
    await request(ana, 60, true);
    await request(bia, 10, true);
    await request(davi, 30, true);
    const a1 = await request(ana, 9);
    const a2 = await request(ana, 8);
    const a3 = await request(ana, 7);
    const b1 = await request(bia, 6);
    const b2 = await request(bia, 5);
    const c1 = await request(caio, 1);
    const d1 = await request(davi, 4);
    const d2 = await request(davi, 3);
    const expected = [c1, a1, d1, b1, a2, d2, b2, a3];

    const places = await queue.places(
      pool,
      expected.map((id) => ({ id, quality: 'fast' as const, status: 'pending' })),
    );
    expect(expected.map((id) => places.get(id)?.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    for (let round = 0; round < expected.length; round++) {
      expect(await queue.dispatch(pool)).toBe(1);
      const taken = sent.at(-1);
      if (!taken) throw new Error('nothing was sent');
      await budget.release(pool, taken);
    }
    expect(sent).toEqual(expected);
    expect(await queue.dispatch(pool)).toBe(0);
  });
});
