import { PgBoss } from 'pg-boss';
import type { Logger } from '#server/logger.server';
import { QUEUE_NAMES, QUEUE_POLICIES } from './queues.server';

/**
 * The job queue (design §1): pg-boss on Cena's own database, in its own schema, so jobs and the rows they are
 * about can be written in one transaction. Every process starts it (the web process sends jobs, the worker
 * works them); pg-boss installs or upgrades its schema under its own advisory lock, so concurrent starts are safe.
 */

export const JOBS_SCHEMA = 'pgboss';

export interface JobsOptions {
  /** pg-boss's own pool size (sends inside our transactions use our connection instead). */
  poolSize?: number;
}

export interface Jobs {
  boss: PgBoss;
  /** Stops workers (letting active jobs finish up to `timeoutMs`) and closes pg-boss's pool. */
  stop(timeoutMs?: number): Promise<void>;
}

export async function startJobs(
  databaseUrl: string,
  logger: Logger,
  options: JobsOptions = {},
): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: JOBS_SCHEMA,
    max: options.poolSize ?? 4,
    application_name: 'cena-jobs',
  });
  // Without a listener pg-boss's errors (a lost connection during maintenance) would crash the process.
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  try {
    // Idempotent: an existing queue is left as it is.
    for (const name of QUEUE_NAMES) await boss.createQueue(name, { policy: QUEUE_POLICIES[name] });
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    throw error;
  }
  return {
    boss,
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs }),
  };
}
