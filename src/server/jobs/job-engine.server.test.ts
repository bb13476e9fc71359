import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/logger.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { type Jobs, startJobs } from './job-engine.server';
import { QUEUES, send } from './queues.server';

let database: TestDatabase;
let pool: pg.Pool;
let jobs: Jobs;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 3 });
  jobs = await startJobs(database.url, createLogger('silent'));
});

afterAll(async () => {
  await jobs?.stop(0);
  await pool?.end();
  await database?.drop();
});

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Starts a worker on `queue` and resolves with the data of the first job it is given. */
function firstJobOf(queue: string, options: { pollingIntervalSeconds: number }) {
  const data = new Promise<unknown>((resolve) => {
    void jobs.boss.work(queue, options, async ([job]) => resolve(job?.data));
  });
  return {
    within: async (ms: number) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no job picked up on ${queue} within ${ms} ms`)), ms);
      });
      try {
        return await Promise.race([data, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

async function queued(requestId: string): Promise<number> {
  const found = await jobs.boss.findJobs(QUEUES.videoGenerate, { data: { requestId } });
  return found.length;
}

describe('jobs', () => {
  it('a second start on the same database is harmless (queues already exist)', async () => {
    const again = await startJobs(database.url, createLogger('silent'));
    await again.stop(0);
  });

  it('turns NOTIFY on for a queue an earlier version created without it', async () => {
    await jobs.boss.updateQueue(QUEUES.filmRender, { notify: false });
    const again = await startJobs(database.url, createLogger('silent'));
    await again.stop(0);
    expect((await jobs.boss.getQueue(QUEUES.filmRender))?.notify).toBe(true);
  });

  it('a job sent inside a transaction exists only once it commits, and not after a rollback', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await send(
        jobs.boss,
        QUEUES.videoGenerate,
        { requestId: 'kept' },
        { db: client, singletonKey: 'kept' },
      );
      expect(await queued('kept')).toBe(0);
      await client.query('COMMIT');
      expect(await queued('kept')).toBe(1);

      await client.query('BEGIN');
      await send(jobs.boss, QUEUES.videoGenerate, { requestId: 'dropped' }, { db: client });
      await client.query('ROLLBACK');
      expect(await queued('dropped')).toBe(0);
    } finally {
      client.release();
    }
  });

  it('sends without a transaction on pg-boss’s own pool', async () => {
    const id = await send(jobs.boss, QUEUES.videoWebhook, { requestId: 'plain' });
    expect(id).toEqual(expect.any(String));
  });

  it('a worker idle on a long poll picks a job up as soon as its transaction commits (ADR 0067)', async () => {
    const picked = firstJobOf(QUEUES.accountDelete, { pollingIntervalSeconds: 30 });
    // The worker's first fetch, made as it starts, has come back empty: from now on only its poll or a NOTIFY
    // wakes it.
    await delay(500);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await send(jobs.boss, QUEUES.accountDelete, { userId: 'woken' }, { db: client });
      await delay(300);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const sentAt = Date.now();
    expect(await picked.within(5_000)).toEqual({ userId: 'woken' });
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    await jobs.boss.offWork(QUEUES.accountDelete);
  });

  it('a job that becomes runnable later is still found by the worker’s own poll, not 30 s later', async () => {
    const picked = firstJobOf(QUEUES.videoNotify, { pollingIntervalSeconds: 0.5 });
    await delay(500);
    // startAfter: runnable in a second, so its NOTIFY (sent at once) finds nothing yet.
    await send(jobs.boss, QUEUES.videoNotify, { requestId: 'later' }, { startAfter: 1 });
    expect(await picked.within(5_000)).toEqual({ requestId: 'later' });
    await jobs.boss.offWork(QUEUES.videoNotify);
  });
});
