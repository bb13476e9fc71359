import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export const TEMPLATE_DATABASE = 'cena_template';

/**
 * How CREATE DATABASE copies the template. PostgreSQL's default since 15, `WAL_LOG`, copies it block by block
 * through the WAL; `FILE_COPY` copies its files after a checkpoint
 * (https://www.postgresql.org/docs/current/sql-createdatabase.html). The embedded server (PostgreSQL 18) keeps
 * nothing durable (ADR 0067), so its checkpoints write nothing to disk and the files are cheaper: a file's database
 * made and dropped took 135 ms of the server's CPU instead of 230 (ADR 0080). A `TEST_DATABASE_URL` server keeps its
 * default, where a checkpoint per file would wait on its disk.
 */
export type CloneStrategy = 'FILE_COPY' | 'server default';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseAdminUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database cloned from the run's template: each test file gets its own. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `cena_test_${randomUUID().replaceAll('-', '')}`;
  const strategy = inject('cloneStrategy') === 'FILE_COPY' ? ' STRATEGY = FILE_COPY' : '';
  await withAdmin((client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}${strategy}`),
  );
  const url = new URL(inject('databaseAdminUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/**
 * A pool for a test's own queries. Dropping the test database at the end terminates connections that `pool.end()`
 * may still be closing; without a listener that "terminating connection" error would be an uncaught exception.
 */
export function testPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', () => undefined);
  return pool;
}
