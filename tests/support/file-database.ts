import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase, testPool } from './database';

/**
 * A database of this test file's own, cloned from the migrated template before its tests (beforeAll) and dropped
 * after them; `use` receives its pool.
 */
export function withFileDatabase(use: (pool: pg.Pool) => void, max = 4): void {
  let db: TestDatabase | undefined;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    pool = testPool({ connectionString: db.url, max });
    use(pool);
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });
}
