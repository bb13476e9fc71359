import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
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
  /** The web process's id when it runs in its own process (`ownProcess`), for its CPU time and RSS. */
  pid?: number;
}

export interface BenchServerOptions {
  /**
   * Runs the web role in its own process (`src/server/main.ts --role=web`, as `npm start` does) instead of in the
   * bench's: the bench's client then shares neither its event loop nor its heap, so the latencies are what a
   * browser would see and the RSS is the server's alone.
   */
  ownProcess?: boolean;
  /** Node options for that process, e.g. `--cpu-prof` (Node refuses it in NODE_OPTIONS). */
  nodeArgs?: string[];
}

/** Runs `bench` against a fresh database and server, then removes everything, whatever happens. */
export async function withBenchServer(
  name: string,
  bench: (server: BenchServer) => Promise<void>,
  env: Record<string, string> = {},
  { ownProcess = false, nodeArgs = [] }: BenchServerOptions = {},
): Promise<void> {
  const logger = createLogger('warn');
  const tempDir = await mkdtemp(path.join(os.tmpdir(), `cena-bench-${name}-`));
  await chmod(tempDir, 0o755);
  let embedded: EmbeddedPostgresHandle | undefined;
  let cena: RunningCena | undefined;
  let child: ChildProcess | undefined;
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
    // An empty build folder: the benches read no page, and serveStatic warns about a missing one.
    await mkdir(path.join(tempDir, 'dist', 'samples'), { recursive: true });
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const settings = {
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
      DATA_DIR: path.join(tempDir, 'data'),
      SUPPORT_EMAIL: 'suporte@cena.test',
      BETTER_AUTH_SECRET: 'cena-bench-secret-0123456789abcdef0123456789',
      TRUSTED_PROXIES: '127.0.0.1',
      ...env,
    };
    if (ownProcess) {
      // --dev: no web build needed, the benches read no page.
      child = await startProcess([...nodeArgs, 'src/server/main.ts', '--role=web', '--dev'], settings, port);
    } else {
      cena = await startCena(loadConfig(settings), createLogger('silent'), 'web');
    }
    await bench({ appUrl, pool, pid: child?.pid });
  } finally {
    await stopProcess(child);
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

/** One GET on a keep-alive agent, body read to its end; resolves with the status. */
function get(agent: http.Agent, url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { cookie } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * Sequential GETs with the session cookie on one keep-alive connection, after a warm-up; throws on any non-2xx
 * answer. node:http rather than fetch: a `node --cpu-prof` of the history bench showed undici's fetch taking a
 * quarter of the process's busy time, and its garbage lengthening the collections the server then paid for.
 */
export async function timeRequests(
  url: string,
  cookie: string,
  { iterations = 200, warmup = 20 } = {},
): Promise<{ p50: number; p99: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = async () => {
    const t = performance.now();
    const status = await get(agent, url, cookie);
    if (status < 200 || status > 299) throw new Error(`${url} answered ${status}`);
    return performance.now() - t;
  };
  try {
    for (let i = 0; i < warmup; i++) await once();
    const samples: number[] = [];
    for (let i = 0; i < iterations; i++) samples.push(await once());
    return percentiles(samples);
  } finally {
    agent.destroy();
  }
}

/** Starts `node --import tsx …args` with `env` added, and resolves once its /healthz on `port` answers. */
export function startProcess(
  args: string[],
  env: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', process.env.BENCH_GC ? 'inherit' : 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = () => {
      http
        .get(`http://127.0.0.1:${port}/healthz`, (response) => {
          response.resume();
          resolve(child);
        })
        .on('error', () =>
          Date.now() > deadline ? reject(new Error(`${args[0]} did not start`)) : setTimeout(poll, 200),
        );
    };
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
    poll();
  });
}

/** SIGTERM, then SIGKILL if the process has not exited within 15 s. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** CPU seconds (user + system) a process has used, from /proc (clock ticks of 1/100 s). */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A process's resident set size in bytes, from /proc. */
export async function rssOf(pid: number): Promise<number> {
  return rssIn(await readFile(`/proc/${pid}/status`, 'utf8'));
}

const rssIn = (status: string) => Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;

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
                                 credits_used, status, first_frame_key, video_key, thumbnail_key,
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
  /**
   * Peak growth over the baseline taken just before the request: of the server's process when `serverPid` is
   * given, else of this one (server and reader).
   */
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
 * the peak growth of the RSS (the server's own when it runs in `serverPid`, else this process's) and of this
 * process's V8 heap sampled every 10 ms from a collected baseline, and the heap left after each full collection V8
 * runs meanwhile (plus one forced at the end, when --expose-gc allows).
 */
export async function measureDownload(
  url: string,
  cookie: string,
  marker: string,
  saveTo?: string,
  serverPid?: number,
): Promise<DownloadMeasure> {
  global.gc?.();
  // Synchronous, as the sampler runs in a timer: one small /proc read per 10 ms.
  const rss = () =>
    serverPid === undefined
      ? process.memoryUsage().rss
      : rssIn(readFileSync(`/proc/${serverPid}/status`, 'utf8'));
  const baseline = process.memoryUsage();
  const baselineRss = rss();
  let peakRss = baselineRss;
  let peakHeap = baseline.heapUsed;
  const sample = () => {
    peakRss = Math.max(peakRss, rss());
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
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
  // Counted in bytes, as a browser saving the file never decodes it: an ASCII marker's bytes cannot occur inside a
  // multi-byte UTF-8 character, so the count equals the text's. The reader shares this process with the server, so
  // decoding 100+ MB of text here would be measured as the export's time.
  const needle = Buffer.from(marker);
  if (needle.length !== marker.length) throw new Error('the download marker must be ASCII');
  let bytes = 0;
  let matches = 0;
  let carry = Buffer.alloc(0);
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.byteLength;
    if (file && !file.write(read.value)) await once(file, 'drain');
    const chunk = Buffer.from(read.value.buffer, read.value.byteOffset, read.value.byteLength);
    const view = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let at = view.indexOf(needle);
    let end = 0;
    while (at >= 0) {
      matches++;
      end = at + needle.length;
      at = view.indexOf(needle, end);
    }
    // Keep a marker split across chunks, never one already counted.
    carry = Buffer.from(view.subarray(Math.max(end, view.length - needle.length + 1)));
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
    rssGrowthMb: mb(peakRss - baselineRss),
    heapGrowthMb: mb(peakHeap - baseline.heapUsed),
    liveHeapGrowthMb: mb(peakLive - baseline.heapUsed),
    fullCollections,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

/** What scripts/bench-api-load.ts prints for one run of the load generator, read by scripts/bench-api.ts. */
export interface GeneratorResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  generatorCpuSeconds: number;
}
