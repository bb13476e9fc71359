import type pg from 'pg';

export interface TransactionOptions<T> {
  /** The statement that opens the transaction, e.g. 'BEGIN READ ONLY'. */
  begin?: string;
  /** Decides from `run`'s answer whether to COMMIT (default) or ROLLBACK; either way the answer is returned. */
  commitIf?: (result: T) => boolean;
}

/**
 * Runs `run` in one transaction on a pooled client: COMMIT on success, ROLLBACK on error. A connection that cannot
 * even roll back is destroyed instead of going back to the pool, where it would hand its broken state to the next
 * caller.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  run: (client: pg.PoolClient) => Promise<T>,
  { begin = 'BEGIN', commitIf = () => true }: TransactionOptions<T> = {},
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await run(client);
    await client.query(commitIf(result) ? 'COMMIT' : 'ROLLBACK');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
