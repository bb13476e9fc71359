import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sessionCookieName } from '../src/server/accounts/session-cache.server';
import { grant } from '../src/server/credits/ledger-grants.server';
import { runMigrations } from '../src/server/db/database.server';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.server';
import { createLogger } from '../src/server/logger.server';
import { signingEnv } from '../tests/support/content-credentials';
import { TEST_VAPID_ENV } from '../tests/support/fake-push-service';
import { STRIPE_TEST_ENV } from '../tests/support/fake-stripe';
import { freePort } from '../tests/support/free-port';
import {
  cpuSecondsOf,
  type GeneratorResult,
  rssOf,
  seedVideoRequests,
  startProcess,
  stopProcess,
  verdict,
} from './bench-support';

/**
 * `npm run bench:api`: the web tier's cost per request, measured as a peer would. One embedded PostgreSQL; Cena's
 * web role (`src/server/main.ts --role=web`, NODE_ENV=production and LOG_LEVEL=info as deployed) and the minimal
 * baseline (scripts/bench-api-bare.ts: bare Hono + pg, a session lookup and one statement per read) each in its own
 * process, driven in turn by autocannon from a third process (scripts/bench-api-load.ts: CONNECTIONS keep-alive
 * connections over WORKERS threads, SECONDS per row after a warm-up). First the generator's own ceiling, against a
 * node:http server that answers a fixed 200: a server's rate near it means the generator, not the server, was the
 * limit. Then rps, p50/p99 and the server's and the generator's CPU time per request of `/healthz` and the most used
 * signed-in reads beside the baseline's; then STREAMS `/api/events` streams on Cena (20 per user, the per-user cap):
 * the process's RSS growth per stream and how long one status change per user takes to reach every stream.
 *
 * Targets: the generator's ceiling above the bare server's rate; every signed-in read ≥ 50 % of its baseline's rps,
 * /healthz ≥ 50 % of bare Hono; STREAMS streams held, < 50 KB each, p99 delivery ≤ 1 s. `--profile` runs Cena under
 * `node --cpu-prof` (profile in ./profiles). Options: `--seconds=N` (8), `--connections=N` (32, as `wrk -c32`),
 * `--workers=N` (2), `--streams=N`, `--only-reads` (no streams), `--only=credits` (those reads alone),
 * `--generator=wrk` (wrk, where installed, instead of autocannon). Loopback only; the figures move with the load.
 */

const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SECONDS = option('seconds', 8);
const WARMUP_SECONDS = 2;
const CONNECTIONS = option('connections', 32);
const WORKERS = option('workers', 2);
const STREAMS = option('streams', 5_000);
const ONLY_READS = process.argv.includes('--only-reads');
/** `--only=credits`: the reads whose path holds this text, for profiling one (with --only-reads). */
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const STREAMS_PER_USER = 20;
const PROFILE = process.argv.includes('--profile');
const GENERATOR = process.argv.includes('--generator=wrk') ? 'wrk' : 'autocannon';
const SECRET = 'cena-bench-secret-0123456789abcdef0123456789';
/** Better Auth's cookie in production: Secure, so `__Secure-` prefixed (accounts/session-cache.server.ts). */
const COOKIE_NAME = sessionCookieName(true);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server process's CPU time (user + system) per answered request: steadier than rps on a shared machine. */
  cpuMs: number;
  /**
   * The load generator's CPU (its process, every worker thread, their start-up included) in cores over the run: near
   * WORKERS, the generator was the limit.
   */
  generatorCores: number;
}

/**
 * One run of the load generator from its own process (scripts/bench-api-load.ts): CONNECTIONS keep-alive connections
 * over WORKERS threads for `seconds`, so the generator never shares the servers' event loop nor this process's.
 */
function drive(url: string, headers: Record<string, string>, seconds: number): Promise<GeneratorResult> {
  const options = { url, connections: CONNECTIONS, seconds, workers: WORKERS, headers, generator: GENERATOR };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench-api-load.ts', JSON.stringify(options)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as GeneratorResult);
      else reject(new Error(`the load generator exited with ${code}: ${output}`));
    });
  });
}

async function measure(pid: number, url: string, headers: Record<string, string>): Promise<Load> {
  await drive(url, headers, WARMUP_SECONDS);
  const cpuBefore = await cpuSecondsOf(pid);
  const load = await drive(url, headers, SECONDS);
  const cpu = (await cpuSecondsOf(pid)) - cpuBefore;
  const requests = load.rps * SECONDS;
  return {
    rps: load.rps,
    p50: load.p50,
    p99: load.p99,
    errors: load.errors + load.non2xx,
    cpuMs: (cpu * 1000) / requests,
    generatorCores: load.generatorCpuSeconds / SECONDS,
  };
}

/** better-call's signed cookie, as Better Auth sets it: `token.base64(HMAC-SHA256(token))`, URI-encoded. */
function sessionCookie(token: string): string {
  const signature = createHmac('sha256', SECRET).update(token).digest('base64');
  return `${COOKIE_NAME}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** Users `prefix-1…count`, verified, each with a fresh 7-day session; returns their cookies in order. */
async function seedUsers(pool: pg.Pool, prefix: string, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => randomBytes(24).toString('base64url'));
  await pool.query(
    `INSERT INTO "user" (id, name, email, email_verified)
     SELECT $1 || '-' || i, 'Bench ' || i, $1 || '-' || i || '@bench.test', true FROM generate_series(1, $2::int) i`,
    [prefix, count],
  );
  await pool.query(
    `INSERT INTO session (id, token, user_id, expires_at)
     SELECT gen_random_uuid()::text, t.token, $1 || '-' || t.i, now() + interval '7 days'
     FROM unnest($2::text[]) WITH ORDINALITY AS t(token, i)`,
    [prefix, tokens],
  );
  return tokens.map(sessionCookie);
}

interface OpenStream {
  close(): void;
  /** Resolves with the time the first `video_request` event arrived. */
  changed: Promise<number>;
}

/** Opens one event stream; resolves once its `ready` event has arrived. */
function openStream(agent: http.Agent, url: string, cookie: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    let onChange: (at: number) => void = () => {};
    const changed = new Promise<number>((done) => {
      onChange = done;
    });
    const request = http.get(url, { agent, headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`/api/events answered ${response.statusCode}`));
      let text = '';
      let ready = false;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (!ready && text.includes('event: ready')) {
          ready = true;
          resolve({ close: () => request.destroy(), changed });
        }
        if (text.includes('event: video_request')) onChange(performance.now());
        if (text.length > 4096) text = text.slice(-64);
      });
    });
    request.on('error', (error) => reject(error));
  });
}

async function benchStreams(pool: pg.Pool, cena: ChildProcess, appUrl: string): Promise<boolean> {
  const users = Math.ceil(STREAMS / STREAMS_PER_USER);
  const cookies = await seedUsers(pool, 'bench-stream', users);
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status)
     SELECT gen_random_uuid(), 'bench-stream-' || i, gen_random_uuid(), 'Praia ao pôr do sol', 'fast', '16:9', 10,
            'pending'
     FROM generate_series(1, $1::int) i`,
    [users],
  );
  const pid = cena.pid ?? 0;
  const before = await rssOf(pid);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const streams: OpenStream[] = [];
  const openStart = performance.now();
  const batch = 200;
  for (let from = 0; from < STREAMS; from += batch) {
    const opening = Array.from({ length: Math.min(batch, STREAMS - from) }, (_, k) =>
      openStream(agent, `${appUrl}/api/events`, cookies[Math.floor((from + k) / STREAMS_PER_USER)] ?? ''),
    );
    streams.push(...(await Promise.all(opening)));
  }
  const openSeconds = (performance.now() - openStart) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const perStream = ((await rssOf(pid)) - before) / streams.length;

  const changedAt = performance.now();
  await pool.query(`UPDATE video_requests SET status = 'processing' WHERE user_id LIKE 'bench-stream-%'`);
  const timeout = new Promise<number>((resolve) =>
    setTimeout(() => resolve(Number.POSITIVE_INFINITY), 10_000),
  );
  const delays = (await Promise.all(streams.map((s) => Promise.race([s.changed, timeout])))).map(
    (at) => at - changedAt,
  );
  for (const stream of streams) stream.close();
  delays.sort((a, b) => a - b);
  const p99 = delays[Math.floor(0.99 * delays.length)] ?? Number.POSITIVE_INFINITY;
  const reached = delays.filter(Number.isFinite).length;

  const heldOk = streams.length >= 5_000;
  const memoryOk = perStream < 50 * 1024;
  const deliveryOk = reached === streams.length && p99 <= 1_000;
  console.log(
    `\nGET /api/events: ${streams.length} streams of ${users} users opened in ${openSeconds.toFixed(1)} s`,
  );
  console.log(
    `  streams held                ${String(streams.length).padStart(8)}   target ≥ 5000    ${verdict(heldOk)}`,
  );
  console.log(
    `  RSS growth per stream       ${(perStream / 1024).toFixed(1).padStart(5)} KB   target < 50 KB   ${verdict(memoryOk)}`,
  );
  console.log(
    `  status change → all streams p50 ${(delays[Math.floor(delays.length / 2)] ?? 0).toFixed(0)} ms, ` +
      `p99 ${p99.toFixed(0)} ms, ${reached}/${streams.length} reached   target p99 ≤ 1000 ms   ${verdict(deliveryOk)}`,
  );
  return heldOk && memoryOk && deliveryOk;
}

interface Read {
  label: string;
  cena: string;
  bare: string;
}

function printRow(label: string, cena: Load, bare: Load): boolean {
  const ratio = cena.rps / bare.rps;
  const ok = ratio >= 0.5 && cena.errors === 0 && bare.errors === 0;
  const cell = (load: Load) =>
    `${load.rps.toFixed(0).padStart(6)} rps  p50 ${load.p50.toFixed(1).padStart(5)} ms  p99 ${load.p99.toFixed(1).padStart(6)} ms  CPU ${load.cpuMs.toFixed(3).padStart(6)} ms, gen ${load.generatorCores.toFixed(2)} cores` +
    (load.errors > 0 ? ` (${load.errors} errors)` : '');
  console.log(
    `  ${label.padEnd(24)} ${cell(cena)} │ ${cell(bare)} │ ${(ratio * 100).toFixed(0).padStart(4)} %  ${verdict(ok)}`,
  );
  return ok;
}

interface Servers {
  cena: ChildProcess;
  bare: ChildProcess;
  appUrl: string;
  bareUrl: string;
  ceilingUrl: string;
}

/**
 * Cena's web role as deployed (NODE_ENV=production: Secure cookies, no development pages or checks; LOG_LEVEL=info,
 * its per-request log line), its outside services configured but never called by these reads; and the baseline.
 */
async function startServers(databaseUrl: string, tempDir: string): Promise<Servers> {
  const [cenaPort, barePort, ceilingPort] = [await freePort(), await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${cenaPort}`;
  const common = { DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: SECRET };
  const cena = await startProcess(
    [
      ...(PROFILE ? ['--cpu-prof', '--cpu-prof-dir=profiles'] : []),
      'src/server/main.ts',
      '--role=web',
      '--dev',
    ],
    {
      ...common,
      ...STRIPE_TEST_ENV,
      ...TEST_VAPID_ENV,
      // Production refuses the development signing chain (ADR 0065): a chain made like it, as PEM text.
      ...signingEnv(),
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      VIDEO_PROVIDER: 'gemini',
      GEMINI_API_KEY: 'bench-never-called',
      // A closed local port: nothing leaves the machine even if a read did call the model.
      GEMINI_API_BASE: 'http://127.0.0.1:9/v1beta',
      PORT: String(cenaPort),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      DATABASE_POOL_SIZE: '10',
      DATA_DIR: path.join(tempDir, 'data'),
      STORAGE_DIR: path.join(tempDir, 'storage'),
      WEB_DIST_DIR: path.join(tempDir, 'dist'),
    },
    cenaPort,
  );
  const bare = await startProcess(
    ['scripts/bench-api-bare.ts'],
    { ...common, PORT: String(barePort), CEILING_PORT: String(ceilingPort), SESSION_COOKIE: COOKIE_NAME },
    barePort,
  );
  return {
    cena,
    bare,
    appUrl,
    bareUrl: `http://127.0.0.1:${barePort}`,
    ceilingUrl: `http://127.0.0.1:${ceilingPort}`,
  };
}

/** The generator's ceiling, then each read on Cena and on the baseline in turn. */
async function benchReads(servers: Servers, cookie: string, videoId: string): Promise<boolean> {
  const { cena, bare, appUrl, bareUrl, ceilingUrl } = servers;
  console.log(
    `api bench — Node ${process.version}, ${os.cpus().length} CPU(s), load ${os.loadavg()[0]?.toFixed(1)}; ` +
      `${GENERATOR} in its own process, ${CONNECTIONS} keep-alive connections over ${WORKERS} worker thread(s), ` +
      `${SECONDS} s per row after ${WARMUP_SECONDS} s warm-up\n`,
  );
  const ceiling = await measure(bare.pid ?? 0, `${ceilingUrl}/`, {});
  console.log(
    `  generator ceiling (node:http, fixed 200): ${ceiling.rps.toFixed(0)} rps, the generator using ` +
      `${ceiling.generatorCores.toFixed(2)} cores\n`,
  );
  console.log(
    `  ${'request'.padEnd(24)} ${'Cena (server CPU per request, generator cores)'.padEnd(70)} │ ${'minimal baseline: bare Hono + pg'.padEnd(70)} │ rps ratio (target ≥ 50 %)`,
  );
  const reads: Read[] = [
    { label: 'GET /healthz', cena: '/healthz', bare: '/hello' },
    { label: 'GET /api/credits', cena: '/api/credits', bare: '/credits' },
    { label: 'GET /api/videos?page=1', cena: '/api/videos?page=1', bare: '/videos' },
    { label: 'GET /api/videos/{id}', cena: `/api/videos/${videoId}`, bare: `/videos/${videoId}` },
    { label: 'GET /api/dashboard/stats', cena: '/api/dashboard/stats', bare: '/stats' },
  ];
  const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
  let passed = true;
  let bareTop = 0;
  for (const read of reads.filter(({ cena }) => !ONLY || cena.includes(ONLY))) {
    const cenaLoad = await measure(cena.pid ?? 0, `${appUrl}${read.cena}`, headers);
    const bareLoad = await measure(bare.pid ?? 0, `${bareUrl}${read.bare}`, headers);
    bareTop = Math.max(bareTop, bareLoad.rps);
    passed = printRow(read.label, cenaLoad, bareLoad) && passed;
  }
  const ceilingOk = ceiling.rps > bareTop;
  console.log(
    `\n  generator ceiling ${ceiling.rps.toFixed(0)} rps above the bare server's best ${bareTop.toFixed(0)} rps ` +
      `(target: above)   ${verdict(ceilingOk)}`,
  );
  return ceilingOk && passed;
}

async function main(): Promise<void> {
  const logger = createLogger('warn');
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'cena-bench-api-'));
  await chmod(tempDir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(tempDir, 'postgres'),
    port: await freePort(),
    logger,
  });
  // An empty build folder: the bench reads no page, and serveStatic warns about a missing one.
  await mkdir(path.join(tempDir, 'dist', 'samples'), { recursive: true });
  const pool = new pg.Pool({ connectionString: embedded.url, max: 4 });
  pool.on('error', () => undefined);
  let cena: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  let passed = true;
  try {
    await runMigrations(pool, logger);
    const [cookie] = await seedUsers(pool, 'bench-reader', 1);
    const userId = 'bench-reader-1';
    await seedVideoRequests(pool, userId, 500);
    for (let i = 0; i < 5; i++) {
      await grant(pool, { userId, amount: 100, source: 'package', sourceRef: `bench-${i}`, expiresAt: null });
    }
    const videoId = (
      await pool.query<{ id: string }>(
        "SELECT id FROM video_requests WHERE user_id = $1 AND status = 'completed' LIMIT 1",
        [userId],
      )
    ).rows[0]?.id;

    const servers = await startServers(embedded.url, tempDir);
    cena = servers.cena;
    bare = servers.bare;
    passed = (await benchReads(servers, cookie ?? '', videoId ?? '')) && passed;
    if (!ONLY_READS) passed = (await benchStreams(pool, cena, servers.appUrl)) && passed;
  } finally {
    await stopProcess(cena);
    await stopProcess(bare);
    await pool.end().catch(() => undefined);
    await embedded.stop().catch(() => undefined);
    await rm(tempDir, { recursive: true, force: true });
  }
  console.log(
    `\n${passed ? 'PASS' : 'FAIL'}${PROFILE ? ' (CPU profile of Cena written to ./profiles)' : ''}`,
  );
  if (!passed) process.exitCode = 1;
}

await main();
