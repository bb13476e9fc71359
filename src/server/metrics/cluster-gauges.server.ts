import type pg from 'pg';
import { Counter, Gauge, type Registry } from 'prom-client';
import { HOLD_STATUSES } from '#server/credits/credits.server';
import { JOBS_SCHEMA, QUEUE_NAMES } from '#server/jobs/jobs.server';
import type { AdminQueue } from '#shared/video-queue';
import { VIDEO_STATUSES } from '#shared/video-status';

/**
 * The cluster-wide gauges of `GET /metrics`, read from PostgreSQL at scrape time (metrics.server.ts says why and
 * what each query may cost).
 */

/** The most keys `cena_api_key_requests_total` labels: its cardinality bound. */
export const API_KEY_SERIES = 50;

/** Jobs, video requests and credit holds: what the database counts. */
export function createStoreGauges(registry: Registry) {
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  return {
    jobs: gauge(
      'cena_jobs',
      'pg-boss jobs per queue (whole cluster) as pg-boss last counted them: ready (queued, may start now), ' +
        'deferred (queued for later), active, completed and failed (both kept for the retention period).',
      ['queue', 'state'] as const,
    ),
    jobsCountedAt: gauge(
      'cena_jobs_counted_at_seconds',
      'Unix time pg-boss last counted the queue (its monitor runs about every minute); 0 = never.',
      ['queue'] as const,
    ),
    videoRequests: gauge('cena_video_requests', 'Video requests (whole cluster) by status.', [
      'status',
    ] as const),
    oldestUnfinished: gauge(
      'cena_video_requests_oldest_unfinished_age_seconds',
      'Age of the oldest unfinished video request; 0 when none.',
    ),
    creditsHeld: gauge(
      'cena_credits_held',
      'Credits of video requests by hold status (whole cluster): pending = held now, captured, voided.',
      ['status'] as const,
    ),
    creditHolds: gauge('cena_credit_holds', 'Credit holds by status (whole cluster).', ['status'] as const),
    webhookAttempts: gauge(
      'cena_customer_webhook_attempts_last_hour',
      "Attempts to deliver webhooks to customers' endpoints in the last hour, by outcome: ok (2xx) or failed " +
        '(another status, no answer, refused by the outbound guard; ADR 0064).',
      ['outcome'] as const,
    ),
    webhookEndpoints: gauge(
      'cena_customer_webhook_endpoints',
      "Customers' webhook endpoints by state: enabled, or disabled after failing for 24 hours or answering 410.",
      ['state'] as const,
    ),
    // A counter read from the keys' own totals (each keyed request adds one on its key's row, ADR 0063), so it
    // is the whole cluster's and survives restarts. Labelled by the key's id — never its token or prefix — for
    // at most API_KEY_SERIES keys: the busiest of those used in the last day, so the series stay bounded however
    // many keys exist, and a key idle for a day drops out (its series goes stale).
    apiKeyRequests: new Counter({
      name: 'cena_api_key_requests_total',
      help:
        `Requests made with each API key since it was created (whole cluster), by key id: the ${API_KEY_SERIES} ` +
        'busiest keys among those used in the last 24 hours.',
      labelNames: ['key_id'] as const,
      registers: [registry],
    }),
    apiKeysUsed: gauge(
      'cena_api_keys_used_last_day',
      'API keys used in the last 24 hours (whole cluster); past the number of cena_api_key_requests_total series, the rest are left out.',
    ),
  };
}

/**
 * The busiest keys of the last day with their totals, and how many keys were used in it. A scan of `api_keys`
 * (one small row per key, never the requests themselves): an index on the columns each keyed request updates
 * would cost every such request its HOT update to spare the scrape.
 */
function readApiKeys(pool: pg.Pool) {
  return pool.query<{ id: string; requests: number; used: number }>(
    `SELECT id, request_count::float8 AS requests, (count(*) OVER ())::int AS used FROM api_keys
     WHERE last_used_at > now() - interval '1 day'
     ORDER BY request_count DESC, id LIMIT $1`,
    [API_KEY_SERIES],
  );
}

/** The customers' webhooks: the last hour's attempts (an index range on `at`) and the endpoints' states. */
function readWebhooks(pool: pg.Pool) {
  return pool.query<{ ok: number; failed: number; enabled: number; disabled: number }>(
    `SELECT (SELECT count(*) FILTER (WHERE ok) FROM customer_webhook_attempts
               WHERE at > now() - interval '1 hour')::int AS ok,
            (SELECT count(*) FILTER (WHERE NOT ok) FROM customer_webhook_attempts
               WHERE at > now() - interval '1 hour')::int AS failed,
            (SELECT count(*) FILTER (WHERE enabled) FROM customer_webhook_endpoints)::int AS enabled,
            (SELECT count(*) FILTER (WHERE NOT enabled) FROM customer_webhook_endpoints)::int AS disabled`,
  );
}

/** The fair queue and the provider budgets (the admin panel's figures). */
export function createCapacityGauges(registry: Registry) {
  const byQuality = (name: string, help: string) =>
    new Gauge({ name, help, labelNames: ['quality'] as const, registers: [registry] });
  const byBudget = (name: string, help: string) =>
    new Gauge({ name, help, labelNames: ['project', 'model'] as const, registers: [registry] });
  return {
    queueWaiting: byQuality(
      'cena_video_queue_waiting',
      'Video requests waiting in the fair queue for provider capacity, by mode.',
    ),
    queueOldestWait: byQuality(
      'cena_video_queue_oldest_wait_seconds',
      'How long the oldest waiting request of each mode has waited; 0 when none waits.',
    ),
    providerInFlight: byBudget(
      'cena_provider_in_flight',
      'Generations in progress at the provider (live leases), per Google Cloud project and model.',
    ),
    providerInFlightLimit: byBudget(
      'cena_provider_in_flight_limit',
      'The configured limit of generations in progress, per project and model.',
    ),
    providerRequestsLastMinute: byBudget(
      'cena_provider_requests_last_minute',
      'Creates sent in the last minute, per project and model.',
    ),
    providerLearnedRpm: byBudget(
      'cena_provider_learned_requests_per_minute',
      "The rate Cena allows itself now (the configured one, lowered after the provider's 429s).",
    ),
    providerThrottled: byBudget(
      'cena_provider_throttled_last_hour',
      'Creates the provider refused with 429 in the last hour, per project and model.',
    ),
  };
}

type StoreGauges = ReturnType<typeof createStoreGauges>;
type CapacityGauges = ReturnType<typeof createCapacityGauges>;

interface QueueRow {
  name: string;
  deferred: number;
  queued: number;
  active: number;
  failed: number;
  total: number;
  counted_at: number | null;
}

function readStore(pool: pg.Pool) {
  return Promise.all([
    // One row per queue: pg-boss's own cached counts. Counting pgboss.job here instead would be the
    // whole-heap scan pg-boss's monitor already does once a minute (and backs off from when it is slow).
    pool.query<QueueRow>(
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
  ]);
}

function setJobs(gauges: StoreGauges, rows: QueueRow[]): void {
  const queueNames = new Set<string>(QUEUE_NAMES);
  for (const row of rows) queueNames.add(row.name);
  for (const name of queueNames) {
    const row = rows.find((candidate) => candidate.name === name);
    const deferred = row?.deferred ?? 0;
    gauges.jobs.set({ queue: name, state: 'ready' }, Math.max((row?.queued ?? 0) - deferred, 0));
    gauges.jobs.set({ queue: name, state: 'deferred' }, deferred);
    gauges.jobs.set({ queue: name, state: 'active' }, row?.active ?? 0);
    gauges.jobs.set({ queue: name, state: 'failed' }, row?.failed ?? 0);
    const settled = (row?.total ?? 0) - (row?.queued ?? 0) - (row?.active ?? 0) - (row?.failed ?? 0);
    gauges.jobs.set({ queue: name, state: 'completed' }, Math.max(settled, 0));
    gauges.jobsCountedAt.set({ queue: name }, row?.counted_at ?? 0);
  }
}

function setCapacity(gauges: CapacityGauges, capacity: AdminQueue | undefined): void {
  for (const mode of capacity?.modes ?? []) {
    gauges.queueWaiting.set({ quality: mode.quality }, mode.waiting);
    gauges.queueOldestWait.set({ quality: mode.quality }, mode.oldestWaitSeconds ?? 0);
  }
  for (const budget of capacity?.budgets ?? []) {
    const labels = { project: budget.project, model: budget.model };
    gauges.providerInFlight.set(labels, budget.inFlight);
    gauges.providerInFlightLimit.set(labels, budget.inFlightLimit);
    gauges.providerRequestsLastMinute.set(labels, budget.requestsLastMinute);
    gauges.providerLearnedRpm.set(labels, budget.learnedRequestsPerMinute);
    gauges.providerThrottled.set(labels, budget.throttledLastHour);
  }
}

export interface ClusterGauges {
  store: StoreGauges;
  capacity: CapacityGauges;
}

export function resetCluster({ store, capacity }: ClusterGauges): void {
  for (const gauge of [...Object.values(store), ...Object.values(capacity)]) gauge.reset();
}

/** Reads the whole cluster's figures into the gauges; throws, leaving them as they were, if a query fails. */
export async function readCluster(
  pool: pg.Pool,
  gauges: ClusterGauges,
  queueView: (() => Promise<AdminQueue>) | undefined,
): Promise<void> {
  const [[queues, unfinished, counters], capacity, webhooks, keys] = await Promise.all([
    readStore(pool),
    queueView?.(),
    readWebhooks(pool),
    readApiKeys(pool),
  ]);
  resetCluster(gauges);
  const { store } = gauges;
  setJobs(store, queues.rows);
  const counted = (name: string, label: string) =>
    counters.rows.find((row) => row.name === name && row.label === label)?.value ?? 0;
  for (const status of VIDEO_STATUSES) store.videoRequests.set({ status }, counted('video_requests', status));
  store.oldestUnfinished.set(unfinished.rows[0]?.oldest ?? 0);
  setCapacity(gauges.capacity, capacity);
  const hooks = webhooks.rows[0];
  store.webhookAttempts.set({ outcome: 'ok' }, hooks?.ok ?? 0);
  store.webhookAttempts.set({ outcome: 'failed' }, hooks?.failed ?? 0);
  store.webhookEndpoints.set({ state: 'enabled' }, hooks?.enabled ?? 0);
  store.webhookEndpoints.set({ state: 'disabled' }, hooks?.disabled ?? 0);
  for (const key of keys.rows) store.apiKeyRequests.inc({ key_id: key.id }, key.requests);
  store.apiKeysUsed.set(keys.rows[0]?.used ?? 0);
  for (const status of HOLD_STATUSES) {
    store.creditHolds.set({ status }, counted('credit_holds', status));
    store.creditsHeld.set({ status }, counted('credits_held', status));
  }
}
