import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type RunningCena, startCena } from '../src/server/cena.server';
import { loadConfig } from '../src/server/config.server';
import { runMigrations } from '../src/server/db/database.server';
import {
  type EmbeddedPostgresHandle,
  startEmbeddedPostgres,
} from '../src/server/db/embedded-postgres.server';
import { createLogger } from '../src/server/logger.server';
import { freePort } from '../tests/support/free-port';

/** What the HTTP benches share: a throw-away embedded PostgreSQL, the real web role on it, and timing helpers. */

export interface BenchServer {
  appUrl: string;
  /** A direct pool on the bench database, for seeding and EXPLAIN. */
  pool: pg.Pool;
}

/** Runs `bench` against a fresh database and server, then removes everything, whatever happens. */
export async function withBenchServer(
  name: string,
  bench: (server: BenchServer) => Promise<void>,
): Promise<void> {
  const logger = createLogger('warn');
  const tempDir = await mkdtemp(path.join(os.tmpdir(), `cena-bench-${name}-`));
  await chmod(tempDir, 0o755);
  let embedded: EmbeddedPostgresHandle | undefined;
  let cena: RunningCena | undefined;
  let pool: pg.Pool | undefined;
  try {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'postgres'),
      port: await freePort(),
      logger,
    });
    pool = new pg.Pool({ connectionString: embedded.url, max: 4 });
    await runMigrations(pool, logger);
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      LOG_LEVEL: 'silent',
      DATABASE_URL: embedded.url,
      DATABASE_POOL_SIZE: '10',
      WEB_DIST_DIR: path.join(tempDir, 'dist'),
      STORAGE_DIR: path.join(tempDir, 'storage'),
      SUPPORT_EMAIL: 'suporte@cena.test',
      BETTER_AUTH_SECRET: 'cena-bench-secret-0123456789abcdef0123456789',
      TRUSTED_PROXIES: '127.0.0.1',
    });
    cena = await startCena(config, createLogger('silent'), 'web');
    await bench({ appUrl, pool });
  } finally {
    await cena?.stop().catch(() => undefined);
    await pool?.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    await rm(tempDir, { recursive: true, force: true });
  }
}

export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: pick(0.5), p99: pick(0.99) };
}

/** Sequential GETs with the session cookie, after a warm-up; throws on any non-2xx answer. */
export async function timeRequests(
  url: string,
  cookie: string,
  { iterations = 200, warmup = 20 } = {},
): Promise<{ p50: number; p99: number }> {
  const once = async () => {
    const t = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return performance.now() - t;
  };
  for (let i = 0; i < warmup; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) samples.push(await once());
  return percentiles(samples);
}

export const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** Prints the execution time and the scan/sort/aggregate nodes of a query's plan. */
export async function explain(pool: pg.Pool, label: string, sql: string, params: unknown[]): Promise<void> {
  const result = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  const lines = result.rows.map((row) => row['QUERY PLAN']);
  const nodes = lines.filter((line) => /(Scan|Limit|Sort|Aggregate)/.test(line)).map((line) => line.trim());
  const time = lines.find((line) => line.startsWith('Execution Time')) ?? '';
  console.log(`  ${label}: ${time}`);
  for (const node of nodes) console.log(`    ${node.replace(/\(cost=[^)]*\)\s*/, '')}`);
}
