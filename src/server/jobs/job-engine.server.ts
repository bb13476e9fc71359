import { PgBoss } from 'pg-boss';
import type { Logger } from '#server/logger.server';
import { QUEUE_NAMES, QUEUE_POLICIES } from './queues.server';

/**
 * The job queue (design §1): pg-boss on Cena's own database, in its own schema, so jobs and the rows they are
 * about can be written in one transaction. Every process starts it (the web process sends jobs, the worker
 * works them); pg-boss installs or upgrades its schema under its own advisory lock, so concurrent starts are safe.
 *
 * A job sent is picked up at once (ADR 0067): pg-boss's LISTEN/NOTIFY wakes the workers of a queue when a job
 * lands on it, instead of leaving it until their next poll (2 s by default, so ~1 s on average for every job).
 */

export const JOBS_SCHEMA = 'pgboss';

/** pg-boss's own default poll (`pollingIntervalSeconds`, node_modules/pg-boss/dist/types.d.ts, 12.35.0). */
const DEFAULT_POLL_SECONDS = 2;

/** pg-boss's warning type when its listener cannot be established (node_modules/pg-boss/dist/notifier.js). */
const LISTEN_UNAVAILABLE = 'listen_notify_unavailable';

export interface JobsOptions {
  /** pg-boss's own pool size (sends inside our transactions use our connection instead). */
  poolSize?: number;
}

export interface Jobs {
  boss: PgBoss;
  /** Stops workers (letting active jobs finish up to `timeoutMs`) and closes pg-boss's pool. */
  stop(timeoutMs?: number): Promise<void>;
}

type WorkOptions = NonNullable<Parameters<PgBoss['work']>[1]> & {
  pollingIntervalSeconds?: number;
  notifyPollingIntervalSeconds?: number;
};

/**
 * A NOTIFY only wakes workers for jobs runnable when they are sent: a retry after its `retryDelay` or a job sent
 * with `startAfter` becomes runnable later with no NOTIFY, and pg-boss then relaxes a notified queue's poll to
 * 30 s (`notifyPollingIntervalSeconds`, node_modules/pg-boss/dist/types.d.ts, "JobPollingOptions"). Every worker
 * keeps its own poll as that backstop instead, so nothing is picked up later than before.
 */
function keepPollingAsBackstop(boss: PgBoss): void {
  const work = boss.work.bind(boss) as (name: string, ...args: unknown[]) => Promise<string>;
  const withBackstop = (options: WorkOptions): WorkOptions => ({
    notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? DEFAULT_POLL_SECONDS,
    ...options,
  });
  boss.work = ((name: string, ...args: unknown[]) =>
    args.length < 2
      ? work(name, withBackstop({}), args[0])
      : work(name, withBackstop((args[0] ?? {}) as WorkOptions), args[1])) as PgBoss['work'];
}

/** Creates Cena's queues with NOTIFY on, and turns it on for queues an earlier version created without it. */
async function ensureQueues(boss: PgBoss): Promise<void> {
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const name of QUEUE_NAMES) {
    const queue = existing.get(name);
    // createQueue is idempotent: a queue another process created meanwhile is left as it is.
    if (!queue) await boss.createQueue(name, { policy: QUEUE_POLICIES[name], notify: true });
    else if (!queue.notify) await boss.updateQueue(name, { notify: true });
  }
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
    // One more held connection per process; through a transaction-mode pooler LISTEN cannot hold, and pg-boss
    // warns and keeps polling (docs/operations.md, "PostgreSQL").
    useListenNotify: true,
  });
  // Without a listener pg-boss's errors (a lost connection during maintenance) would crash the process.
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning: { message: string; data?: { type?: string } }) => {
    if (warning.data?.type === LISTEN_UNAVAILABLE) logger.warn({ warning }, 'job queue polls only');
  });
  keepPollingAsBackstop(boss);
  await boss.start();
  try {
    await ensureQueues(boss);
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    throw error;
  }
  return {
    boss,
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs }),
  };
}
