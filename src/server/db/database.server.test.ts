import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { createPool } from './database.server';

/** The pool's log when the database ends an idle connection, as a stop or restart of PostgreSQL does. */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe('an idle client losing its connection', () => {
  it('is logged by its message and code, never with the client (its settings and cancel key)', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const pool = createPool(db.url, 1, logger);
    const admin = testPool({ connectionString: db.url, max: 1 });
    try {
      const idle = await pool.connect();
      const { rows } = await idle.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      idle.release();
      const logged = new Promise<void>((resolve) => pool.once('error', () => resolve()));
      // What a fast shutdown does to every backend: SIGTERM, "terminating connection due to administrator command".
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      await logged;
    } finally {
      await admin.end();
      await pool.end();
    }
    expect(lines).toHaveLength(1);
    const text = lines[0] ?? '';
    for (const secret of ['secretKey', 'processID', 'connectionParameters', 'password', '"client"']) {
      expect(text).not.toContain(secret);
    }
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line.msg).toBe('idle PostgreSQL client error');
    expect(line.error).toEqual({
      message: 'terminating connection due to administrator command',
      code: '57P01',
    });
  });
});
