import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * A bare `user` row, for tests that use the ledger without the sign-up flow: credit accounts reference users.
 * Returns its id.
 */
export async function insertUser(pool: pg.Pool, id = `user-${randomUUID()}`): Promise<string> {
  await pool.query('INSERT INTO "user" (id, name, email) VALUES ($1, $2, $3)', [
    id,
    'Test',
    `${id}@example.test`,
  ]);
  return id;
}
