import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import type { Logger } from '#server/logger.server';
import type { AdminQueue } from '#shared/video-queue';
import { createCapacityGauges, createStoreGauges, readCluster, resetCluster } from './cluster-gauges.server';
import { createMcpCounters, type McpCounters } from './mcp-counters.server';

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
  /** The MCP server's handshakes and tool calls (mcp room). */
  mcp: McpCounters;
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

function createHttpMetrics(registry: Registry): MiddlewareHandler<AppEnv> {
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
  return async (c, next) => {
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
}

/** Undefined without a token: the caller mounts a 404 instead and registers no middleware. */
export function createMetrics({ pool, logger, token, queueView }: MetricsOptions): Metrics | undefined {
  if (!token) return undefined;
  const expected = digest(token);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cena_' });
  const middleware = createHttpMetrics(registry);
  const store = createStoreGauges(registry);
  const databaseUp = new Gauge({
    name: 'cena_metrics_database_up',
    help: '1 when the cluster-wide gauges of this scrape were read from PostgreSQL, 0 when that failed.',
    registers: [registry],
  });
  const cluster = { store, capacity: createCapacityGauges(registry) };

  const handler = async (c: Context<AppEnv>): Promise<Response> => {
    if (!tokenMatches(c.req.header('authorization'), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return apiError(c, 401, 'unauthorized', 'Token de métricas inválido.');
    }
    try {
      await readCluster(pool, cluster, queueView);
      databaseUp.set(1);
    } catch (error) {
      // The process metrics are still worth answering; the cluster gauges are left out rather than stale.
      logger.warn({ err: error }, 'metrics: reading the cluster gauges failed');
      resetCluster(cluster);
      databaseUp.set(0);
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  };

  return { middleware, handler, mcp: createMcpCounters(registry) };
}
