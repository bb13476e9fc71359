import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { QUEUES } from '#server/jobs/jobs.server';
import type { Logger } from '#server/logger.server';

/**
 * The /metrics counters grow by append-only change rows (migration 0006); every five minutes one worker of the
 * cluster (pg-boss runs a schedule once, whatever the number of workers) folds them into the totals, so the table
 * stays small whether or not anyone scrapes.
 */

const EVERY_FIVE_MINUTES = '*/5 * * * *';

export async function compactCounters(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ folded: string }>('SELECT cena_compact_counters() AS folded');
  return Number(result.rows[0]?.folded ?? 0);
}

export async function registerCounterCompaction(boss: PgBoss, pool: pg.Pool, logger: Logger): Promise<void> {
  await boss.schedule(QUEUES.countersCompact, EVERY_FIVE_MINUTES);
  await boss.work(QUEUES.countersCompact, async () => {
    const folded = await compactCounters(pool);
    logger.debug({ folded }, 'metrics counters compacted');
  });
}
