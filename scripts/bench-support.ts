import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { constants, PerformanceObserver, performance } from 'node:perf_hooks';
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
  env: Record<string, string> = {},
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
    // The embedded server stopping at the end ends the idle connections ("terminating connection due to
    // administrator command"): expected then, and an unhandled pool error would kill the bench after its verdict.
    pool.on('error', () => undefined);
    await runMigrations(pool, logger);
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      // Not 'test': the suite's check of every answer against its schema (http/response-check.server.ts) is not
      // what production runs, and would be measured with it.
      NODE_ENV: 'development',
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
      ...env,
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

function percentiles(samples: number[]) {
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

const PROMPTS = [
  'Praia ao pôr do sol com ondas calmas',
  'Cidade futurista à noite com neon',
  'Gato dormindo no sofá da sala',
  'Floresta com névoa ao amanhecer',
  'Astronauta dançando na lua',
  'Carro esportivo na chuva',
];

/**
 * `rows` requests for one user in one INSERT … SELECT generate_series: a sixth of the prompts each, 1 in 3 Quality,
 * 2 % failed and 0.1 % pending (the rest completed, with a structured prompt, a video and a thumbnail, as the
 * pipeline leaves them), 1 in 10 with a reference image, one every 8 minutes back from now.
 */
export async function seedVideoRequests(pool: pg.Pool, userId: string, rows: number): Promise<void> {
  const prompts = `ARRAY[${PROMPTS.map((p) => `'${p}'`).join(', ')}]`;
  await pool.query('ALTER TABLE video_requests DISABLE TRIGGER video_requests_notify');
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, structured_prompt, quality, aspect_ratio,
                                 credits_used, status, reference_image_key, video_key, thumbnail_key,
                                 created_at, started_at, completed_at)
     SELECT id, $1, gen_random_uuid(), prompt,
            CASE WHEN status = 'completed' THEN jsonb_build_object(
              'subject', prompt, 'action', 'movimento lento', 'scene', 'ao ar livre', 'camera', 'plano aberto',
              'lighting', 'luz natural', 'style', 'cinematográfico', 'audio', 'som ambiente', 'negative', 'texto',
              'builtBy', 'rules') END,
            CASE WHEN i % 3 = 0 THEN 'quality' ELSE 'fast' END, (ARRAY['16:9','9:16','1:1','4:3'])[1 + i % 4],
            CASE WHEN i % 3 = 0 THEN 25 ELSE 10 END, status,
            CASE WHEN i % 10 = 0 THEN $1 || '/' || i || '-referencia.png' END,
            CASE WHEN status = 'completed' THEN $1 || '/videos/' || id || '/video.mp4' END,
            CASE WHEN status = 'completed' THEN $1 || '/videos/' || id || '/thumbnail.jpg' END,
            now() - make_interval(mins => i * 8), now() - make_interval(mins => i * 8 - 1),
            CASE WHEN status = 'completed' THEN now() - make_interval(mins => i * 8 - 5) END
     FROM (SELECT i, gen_random_uuid() AS id, (${prompts})[1 + i % 6] || ' take ' || i AS prompt,
                  CASE WHEN i % 50 = 0 THEN 'failed' WHEN i % 997 = 0 THEN 'pending' ELSE 'completed' END AS status
           FROM generate_series(1, ${rows}) AS i) AS seeded`,
    [userId],
  );
  await pool.query('ALTER TABLE video_requests ENABLE TRIGGER video_requests_notify');
  await pool.query('VACUUM ANALYZE video_requests');
}

export interface DownloadMeasure {
  ok: boolean;
  seconds: number;
  bytes: number;
  /** How often the marker occurs in the body (rows, records). */
  matches: number;
  /** Peak growth over the baseline taken just before the request, both for this process (server and reader). */
  rssGrowthMb: number;
  /** Highest heapUsed sampled: live objects plus garbage not yet collected. */
  heapGrowthMb: number;
  /** Highest heapUsed right after a full (mark-compact) collection: what the download really keeps alive. */
  liveHeapGrowthMb: number;
  fullCollections: number;
  /** CPU time this process (server and reader) used: less noisy than the wall time on a shared machine. */
  cpuSeconds: number;
}

/**
 * Streams a download to its end (into `saveTo` when given, else nowhere): time, bytes, how often `marker` occurs,
 * the peak growth of this process's RSS and V8 heap sampled every 10 ms from a collected baseline, and the heap
 * left after each full collection V8 runs meanwhile (plus one forced at the end, when --expose-gc allows).
 */
export async function measureDownload(
  url: string,
  cookie: string,
  marker: string,
  saveTo?: string,
): Promise<DownloadMeasure> {
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const sampler = setInterval(sample, 10);
  let peakLive = baseline.heapUsed;
  let fullCollections = 0;
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as { detail?: { kind?: number } };
      if (detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      fullCollections++;
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
    }
  });
  collections.observe({ entryTypes: ['gc'] });
  const file = saveTo ? createWriteStream(saveTo) : undefined;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const response = await fetch(url, { headers: { cookie } });
  const reader = response.body?.getReader();
  if (!reader) throw new Error(`no body from ${url}`);
  const decoder = new TextDecoder();
  let bytes = 0;
  let matches = 0;
  let carry = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.byteLength;
    if (file && !file.write(read.value)) await once(file, 'drain');
    const text = carry + decoder.decode(read.value, { stream: true });
    let at = text.indexOf(marker);
    let end = 0;
    while (at >= 0) {
      matches++;
      end = at + marker.length;
      at = text.indexOf(marker, end);
    }
    // Keep a marker split across chunks, never one already counted.
    carry = text.slice(Math.max(end, text.length - marker.length + 1));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  sample();
  collections.disconnect();
  if (file)
    await new Promise<void>((resolve, reject) =>
      file.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  const mb = (n: number) => n / 1024 / 1024;
  return {
    ok: response.ok,
    seconds,
    bytes,
    matches,
    rssGrowthMb: mb(peakRss - baseline.rss),
    heapGrowthMb: mb(peakHeap - baseline.heapUsed),
    liveHeapGrowthMb: mb(peakLive - baseline.heapUsed),
    fullCollections,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}
