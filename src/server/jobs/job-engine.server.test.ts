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

async function queued(requestId: string): Promise<number> {
  const found = await jobs.boss.findJobs(QUEUES.videoGenerate, { data: { requestId } });
  return found.length;
}

describe('jobs', () => {
  it('a second start on the same database is harmless (queues already exist)', async () => {
    const again = await startJobs(database.url, createLogger('silent'));
    await again.stop(0);
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
});
