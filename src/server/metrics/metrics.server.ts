import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AdminQueue } from '../../shared/video-queue';
import { VIDEO_STATUSES } from '../../shared/video-status';
import { HOLD_STATUSES } from '../credits/credits.schema.server';
import { JOBS_SCHEMA } from '../jobs/jobs.server';
import { QUEUE_NAMES } from '../jobs/queues.server';
import { type AppEnv, apiError } from '../kernel/errors.server';
import type { Logger } from '../logger.server';

/**
 * `GET /metrics` (docs/admin-contract.md, Operations): Prometheus text, behind `Authorization: Bearer
 * <METRICS_TOKEN>`. Two kinds of metrics:
 *
 * - per process: HTTP requests and their durations, labelled by the matched route pattern (never the raw path, so
 *   ids and tokens never become labels), plus Node's default process metrics;
 * - cluster-wide, read from PostgreSQL at scrape time, so any web process reports the whole cluster and workers
 *   need no HTTP port. Every query is cheap, never a scan of the users' history: pg-boss's per-queue counts, the
 *   `cluster_counters` totals plus their pending change rows (requests and holds by status, credits
 *   held/captured/voided; migration 0006) and the partial
 *   index of unfinished requests.
 *
 * Each app has its own Registry: tests run several apps in one process.
 */

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface Metrics {
  /** Times and counts every request; register it first. */
  middleware: MiddlewareHandler<AppEnv>;
  /** `GET /metrics`. */
  handler: (c: Context<AppEnv>) => Promise<Response>;
}

/** The label of the route that answered: its pattern, or 'unmatched' when only a catch-all fallback did. */
function routeLabel(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  const index = c.req.routeIndex;
  let route = routes[index];
  // A middleware answered (a 401 from requireSession, a 413 from a body limit): name the endpoint it guarded, if
  // one matched (the pages' catch-all does not count: the middleware's own pattern says more).
  if (route && route.handler.length >= 2) {
    const endpoint = routes.find(
      (candidate, i) =>
        i > index &&
        candidate.method === c.req.method &&
        candidate.handler.length < 2 &&
        !candidate.path.endsWith('*'),
    );
    if (endpoint) route = endpoint;
  }
  if (!route) return 'unmatched';
  const status = c.res.status;
  if (route.path.endsWith('*') && (status === 404 || status === 405)) return 'unmatched';
  return route.path;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}

export interface MetricsOptions {
  pool: pg.Pool;
  logger: Logger;
  /** Unset: `/metrics` answers 404 and nothing is measured. */
  token: string | undefined;
  /** The fair queue and the provider budgets (the admin panel's figures). */
  queueView?: () => Promise<AdminQueue>;
}

/** Undefined without a token: the caller mounts a 404 instead and registers no middleware. */
export function createMetrics({ pool, logger, token, queueView }: MetricsOptions): Metrics | undefined {
  if (!token) return undefined;
  const expected = digest(token);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cena_' });

  const requests = new Counter({
    name: 'cena_http_requests_total',
    help: 'HTTP requests answered by this process, by method, matched route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'cena_http_request_duration_seconds',
    help: 'Time to the response (its headers, for streams) in this process, by method and matched route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const jobs = new Gauge({
    name: 'cena_jobs',
    help:
      'pg-boss jobs per queue (whole cluster) as pg-boss last counted them: ready (queued, may start now), ' +
      'deferred (queued for later), active, completed and failed (both kept for the retention period).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const jobsCountedAt = new Gauge({
    name: 'cena_jobs_counted_at_seconds',
    help: 'Unix time pg-boss last counted the queue (its monitor runs about every minute); 0 = never.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const videoRequests = new Gauge({
    name: 'cena_video_requests',
    help: 'Video requests (whole cluster) by status.',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const oldestUnfinished = new Gauge({
    name: 'cena_video_requests_oldest_unfinished_age_seconds',
    help: 'Age of the oldest unfinished video request; 0 when none.',
    registers: [registry],
  });
  const creditsHeld = new Gauge({
    name: 'cena_credits_held',
    help: 'Credits of video requests by hold status (whole cluster): pending = held now, captured, voided.',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const creditHolds = new Gauge({
    name: 'cena_credit_holds',
    help: 'Credit holds by status (whole cluster).',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'cena_metrics_database_up',
    help: '1 when the cluster-wide gauges of this scrape were read from PostgreSQL, 0 when that failed.',
    registers: [registry],
  });
  const queueWaiting = new Gauge({
    name: 'cena_video_queue_waiting',
    help: 'Video requests waiting in the fair queue for provider capacity, by mode.',
    labelNames: ['quality'] as const,
    registers: [registry],
  });
  const queueOldestWait = new Gauge({
    name: 'cena_video_queue_oldest_wait_seconds',
    help: 'How long the oldest waiting request of each mode has waited; 0 when none waits.',
    labelNames: ['quality'] as const,
    registers: [registry],
  });
  const budgetLabels = ['project', 'model'] as const;
  const budgetGauge = (name: string, help: string) =>
    new Gauge({ name, help, labelNames: budgetLabels, registers: [registry] });
  const providerInFlight = budgetGauge(
    'cena_provider_in_flight',
    'Generations in progress at the provider (live leases), per Google Cloud project and model.',
  );
  const providerInFlightLimit = budgetGauge(
    'cena_provider_in_flight_limit',
    'The configured limit of generations in progress, per project and model.',
  );
  const providerRequestsLastMinute = budgetGauge(
    'cena_provider_requests_last_minute',
    'Creates sent in the last minute, per project and model.',
  );
  const providerLearnedRpm = budgetGauge(
    'cena_provider_learned_requests_per_minute',
    "The rate Cena allows itself now (the configured one, lowered after the provider's 429s).",
  );
  const providerThrottled = budgetGauge(
    'cena_provider_throttled_last_hour',
    'Creates the provider refused with 429 in the last hour, per project and model.',
  );
  const clusterGauges = [
    jobs,
    jobsCountedAt,
    videoRequests,
    oldestUnfinished,
    creditsHeld,
    creditHolds,
    queueWaiting,
    queueOldestWait,
    providerInFlight,
    providerInFlightLimit,
    providerRequestsLastMinute,
    providerLearnedRpm,
    providerThrottled,
  ];

  async function readCluster(): Promise<void> {
    const [queues, unfinished, counters, capacity] = await Promise.all([
      // One row per queue: pg-boss's own cached counts. Counting pgboss.job here instead would be the
      // whole-heap scan pg-boss's monitor already does once a minute (and backs off from when it is slow).
      pool.query<{
        name: string;
        deferred: number;
        queued: number;
        active: number;
        failed: number;
        total: number;
        counted_at: number | null;
      }>(
        `SELECT name, deferred_count AS deferred, queued_count AS queued, active_count AS active,
                failed_count AS failed, total_count AS total, extract(epoch FROM monitor_on)::float8 AS counted_at
         FROM ${JOBS_SCHEMA}.queue`,
      ),
      // The predicate is video_requests_unfinished_idx's: only the requests in flight are read.
      pool.query<{ oldest: number | null }>(
        `SELECT extract(epoch FROM now() - min(created_at))::float8 AS oldest
         FROM video_requests WHERE status NOT IN ('completed', 'failed')`,
      ),
      pool.query<{ name: string; label: string; value: number }>(
        `SELECT name, label, sum(value)::float8 AS value FROM (
           SELECT name, label, value FROM cluster_counters
           UNION ALL
           SELECT name, label, delta FROM cluster_counter_changes
         ) counted GROUP BY name, label`,
      ),
      queueView?.(),
    ]);

    for (const gauge of clusterGauges) gauge.reset();
    const queueNames = new Set<string>(QUEUE_NAMES);
    for (const row of queues.rows) queueNames.add(row.name);
    for (const name of queueNames) {
      const row = queues.rows.find((candidate) => candidate.name === name);
      const deferred = row?.deferred ?? 0;
      jobs.set({ queue: name, state: 'ready' }, Math.max((row?.queued ?? 0) - deferred, 0));
      jobs.set({ queue: name, state: 'deferred' }, deferred);
      jobs.set({ queue: name, state: 'active' }, row?.active ?? 0);
      jobs.set({ queue: name, state: 'failed' }, row?.failed ?? 0);
      const settled = (row?.total ?? 0) - (row?.queued ?? 0) - (row?.active ?? 0) - (row?.failed ?? 0);
      jobs.set({ queue: name, state: 'completed' }, Math.max(settled, 0));
      jobsCountedAt.set({ queue: name }, row?.counted_at ?? 0);
    }
    const counted = (name: string, label: string) =>
      counters.rows.find((row) => row.name === name && row.label === label)?.value ?? 0;
    for (const status of VIDEO_STATUSES) videoRequests.set({ status }, counted('video_requests', status));
    oldestUnfinished.set(unfinished.rows[0]?.oldest ?? 0);
    for (const mode of capacity?.modes ?? []) {
      queueWaiting.set({ quality: mode.quality }, mode.waiting);
      queueOldestWait.set({ quality: mode.quality }, mode.oldestWaitSeconds ?? 0);
    }
    for (const budget of capacity?.budgets ?? []) {
      const labels = { project: budget.project, model: budget.model };
      providerInFlight.set(labels, budget.inFlight);
      providerInFlightLimit.set(labels, budget.inFlightLimit);
      providerRequestsLastMinute.set(labels, budget.requestsLastMinute);
      providerLearnedRpm.set(labels, budget.learnedRequestsPerMinute);
      providerThrottled.set(labels, budget.throttledLastHour);
    }
    for (const status of HOLD_STATUSES) {
      creditHolds.set({ status }, counted('credit_holds', status));
      creditsHeld.set({ status }, counted('credits_held', status));
    }
  }

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const method = HTTP_METHODS.has(c.req.method) ? c.req.method : 'OTHER';
      const route = routeLabel(c);
      requests.inc({ method, route, status: String(c.res.status) });
      duration.observe({ method, route }, (performance.now() - started) / 1000);
    }
  };

  const handler = async (c: Context<AppEnv>): Promise<Response> => {
    if (!tokenMatches(c.req.header('authorization'), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return apiError(c, 401, 'unauthorized', 'Token de métricas inválido.');
    }
    try {
      await readCluster();
      databaseUp.set(1);
    } catch (error) {
      // The process metrics are still worth answering; the cluster gauges are left out rather than stale.
      logger.warn({ err: error }, 'metrics: reading the cluster gauges failed');
      for (const gauge of clusterGauges) gauge.reset();
      databaseUp.set(0);
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  };

  return { middleware, handler };
}
