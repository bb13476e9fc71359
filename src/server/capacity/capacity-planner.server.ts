import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { VideoConfig } from '#server/config.server';
import { QUEUES, send } from '#server/jobs/jobs.server';
import type { Logger } from '#server/logger.server';
import { LOCAL_PREVIEW_MODEL } from '#shared/video-models';
import { FairQueue } from './fair-queue.server';
import { type BudgetOptions, ProviderBudget } from './provider-budget.server';
import { WorkerSlots } from './worker-slots.server';

/** The local preview renderer is one "project": this machine. */
export const LOCAL_PROJECT = 'local';

export interface Capacity {
  budget: ProviderBudget;
  queue: FairQueue;
  workers: WorkerSlots;
}

/** The projects whose budgets Cena spends, in the configured order. */
export function projectsOf(video: Pick<VideoConfig, 'provider' | 'gemini'>): string[] {
  return video.provider === 'local' ? [LOCAL_PROJECT] : video.gemini.projects.map(({ project }) => project);
}

/** The budget and the queue, the same in every process (they hold no state of their own). */
export function createCapacity(
  video: Pick<VideoConfig, 'provider' | 'gemini' | 'capacity'>,
  boss: PgBoss,
  clock: Pick<BudgetOptions, 'minuteMs' | 'leaseMs'> = {},
): Capacity {
  const budget = new ProviderBudget({ limits: video.capacity.limits, ...clock });
  const workers = new WorkerSlots();
  const queue = new FairQueue({
    budget,
    workerSlots: workers,
    projects: projectsOf(video),
    models:
      video.provider === 'local'
        ? { fast: LOCAL_PREVIEW_MODEL, quality: LOCAL_PREVIEW_MODEL }
        : video.gemini.models,
    sendJob: async (client, requestId) => {
      await send(boss, QUEUES.videoGenerate, { requestId }, { db: client });
    },
  });
  return { budget, queue, workers };
}

export interface DispatcherOptions {
  pool: pg.Pool;
  capacity: Capacity;
  logger: Logger;
  intervalMs: number;
  maxWaitMs: number;
  /** Fails and refunds a request that waited past `maxWaitMs` (only if it still waits). */
  failOverdue: (requestId: string) => Promise<boolean>;
  /** This worker process and the `video-generate` jobs it runs at once: its slots count while it runs. */
  worker: { id: string; slots: number };
}

export interface Dispatcher {
  /** Dispatches at once (a slot was just freed) instead of at the next tick. */
  nudge(): void;
  stop(): Promise<void>;
}

const PRUNE_EVERY_MS = 10 * 60_000;
const OVERDUE_EVERY_MS = 5_000;
/** A third of the worker slots' time to live: two missed beats still leave the worker counted. */
const BEAT_EVERY_MS = 10_000;

/** One round of the dispatcher: the worker's beat, a dispatch, and now and then the overdue sweep and the pruning. */
function roundOf(options: DispatcherOptions): () => Promise<void> {
  const { pool, capacity, logger } = options;
  let lastBeat = 0;
  let lastOverdue = 0;
  let lastPrune = 0;
  return async () => {
    if (Date.now() - lastBeat > BEAT_EVERY_MS) {
      await capacity.workers.beat(pool, options.worker.id, options.worker.slots);
      lastBeat = Date.now();
    }
    await capacity.queue.dispatch(pool);
    if (Date.now() - lastOverdue > OVERDUE_EVERY_MS) {
      lastOverdue = Date.now();
      for (const requestId of await capacity.queue.overdue(pool, options.maxWaitMs)) {
        if (await options.failOverdue(requestId)) {
          logger.warn({ requestId }, 'video request waited too long for capacity; failed and refunded');
        }
      }
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await capacity.budget.prune(pool);
      await capacity.workers.prune(pool);
    }
  };
}

/**
 * Runs the fair queue in a worker process: every `intervalMs` one round of dispatching (one process at a time,
 * under the queue's lock), and sooner when this process frees a slot — but never two rounds closer than a fifth of
 * the interval, since each round reads the whole queue's order. Every few seconds, the sweep of requests that
 * waited too long; now and then, the pruning of old counts. Any number of worker processes may run it; each
 * renews its worker slots (capacity/worker-slots.server.ts) from the same loop.
 */
export function startDispatcher(options: DispatcherOptions): Dispatcher {
  const { pool, capacity, logger } = options;
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let lastRound = 0;
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;
  const minGapMs = options.intervalMs / 5;

  const round = roundOf(options);

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    lastRound = Date.now();
    running = round()
      .catch((error: unknown) => logger.error({ err: error }, 'dispatching the video queue failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };

  const schedule = () => {
    timer = setTimeout(() => {
      run();
      schedule();
    }, options.intervalMs);
    timer.unref();
  };
  run();
  schedule();

  return {
    nudge() {
      if (stopped || soon) return;
      soon = setTimeout(
        () => {
          soon = undefined;
          run();
        },
        Math.max(0, lastRound + minGapMs - Date.now()),
      );
      soon.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(soon);
      await running;
      await capacity.workers
        .leave(pool, options.worker.id)
        .catch((error: unknown) => logger.warn({ err: error }, 'could not unregister the video worker'));
    },
  };
}
