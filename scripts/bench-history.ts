import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import {
  HISTORY_COUNT_CAP,
  historyCountStatement,
  historyPageStatement,
} from '#server/history/history-page.server';
import {
  indexWords,
  searchMatchesStatement,
  searchWalkStatement,
} from '../src/server/history/history-search.server';
import type { HistoryStatement } from '../src/server/history/history-where.server';
import { settledBefore } from '../src/server/history/settled-counts.server';
import { VIDEO_REQUEST_SHAPE } from '../src/server/video-requests/video-request-row.server';
import { historyQuerySchema } from '../src/shared/history-filters';
import { STATS_RANGES } from '../src/shared/time';
import { signUpAndVerify } from '../tests/support/accounts';
import {
  type BenchServer,
  cpuSecondsOf,
  explain,
  measureDownload,
  seedVideoRequests,
  timeRequests,
  verdict,
  withBenchServer,
} from './bench-support';

/**
 * `npm run bench:history`: one user with 100 000 requests (and 1 000 other users with 5 each), seeded with
 * generate_series on a throw-away embedded PostgreSQL; the real web role in its own process (as `npm start` runs
 * it), so the client here shares neither its event loop nor its heap. Prints p50/p99 of history pages (several
 * filter combinations) and dashboard stats (each range) through the HTTP API, with the server process's CPU time per
 * request (steadier than latency on a shared machine), the plans of the main queries, and the time and the server's
 * peak RSS growth of a 100 000-row CSV export (sampled every 10 ms while streaming). Targets: page p99 ≤ 20 ms,
 * stats p99 ≤ 50 ms, CSV ≤ 2 s with RSS growth ≤ 50 MB. The LGPD data export of the same user has its own bench
 * (`npm run bench:export`). `--profile` runs the server under `node --cpu-prof` (profile in ./profiles).
 */

const ROWS = 100_000;
const OTHER_USERS = 1_000;
const PROFILE = process.argv.includes('--profile');
const ITERATIONS = 200;
const WARMUP = 20;

const OTHER_PROMPTS = ['Praia ao pôr do sol', 'Cidade à noite', 'Gato no sofá'];

async function seed(pool: pg.Pool, userId: string): Promise<void> {
  await seedVideoRequests(pool, userId, ROWS);
  await pool.query(
    `INSERT INTO "user" (id, name, email) SELECT 'bench-other-' || u, 'Outro', 'other-' || u || '@bench.test'
     FROM generate_series(1, ${OTHER_USERS}) AS u`,
  );
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, created_at)
     SELECT gen_random_uuid(), 'bench-other-' || u, gen_random_uuid(),
            (ARRAY[${OTHER_PROMPTS.map((p) => `'${p}'`).join(', ')}])[1 + (u + k) % 3] || ' outro ' || k,
            'fast', '16:9', 10, 'completed', now() - make_interval(hours => u + k * 24)
     FROM generate_series(1, ${OTHER_USERS}) AS u, generate_series(1, 5) AS k`,
  );
  await pool.query('VACUUM ANALYZE video_requests');
  // The seeding dirtied ~100 MB of pages: written back now, not by the checkpointer in the middle of the timings.
  await pool.query('CHECKPOINT');
}

/**
 * The plan a named statement settles on: PostgreSQL keeps a generic plan (made without the values) once it costs
 * no more than the custom ones (https://www.postgresql.org/docs/current/sql-prepare.html, "Notes"), so the plan to
 * check for an index-driven path is that one, forced here.
 */
async function explainGeneric(pool: pg.Pool, label: string, statement: HistoryStatement): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE generic AS ${statement.text}`);
    // EXECUTE is a utility statement: no bound parameters, its values are written in.
    const args = statement.values
      .map((value) => client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value)))
      .join(', ');
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) EXECUTE generic(${args})`,
    );
    const lines = result.rows.map((row) => row['QUERY PLAN']);
    const nodes = lines.filter((line) => /(Scan|Limit|Sort|Aggregate)/.test(line)).map((line) => line.trim());
    console.log(`  ${label}, generic plan: ${lines.find((line) => line.startsWith('Execution Time')) ?? ''}`);
    for (const node of nodes) console.log(`    ${node.replace(/\(cost=[^)]*\)\s*/, '')}`);
  } finally {
    await client.query('DEALLOCATE generic').catch(() => undefined);
    await client.query('RESET plan_cache_mode');
    client.release();
  }
}

/** timeRequests, plus the server process's CPU time per request (warm-up included). */
async function measure(url: string, cookie: string, pid: number) {
  const before = await cpuSecondsOf(pid);
  const latency = await timeRequests(url, cookie, { iterations: ITERATIONS, warmup: WARMUP });
  const cpuMs = (((await cpuSecondsOf(pid)) - before) * 1000) / (ITERATIONS + WARMUP);
  return { ...latency, cpuMs };
}

const figures = ({ p50, p99, cpuMs }: { p50: number; p99: number; cpuMs: number }) =>
  `p50 ${p50.toFixed(2).padStart(6)} ms  p99 ${p99.toFixed(2).padStart(6)} ms  CPU ${cpuMs.toFixed(2).padStart(5)} ms`;

async function bench({ appUrl, pool, pid }: BenchServer): Promise<boolean> {
  if (pid === undefined) throw new Error('the history bench runs the web role in its own process');
  let failed = false;
  const { client } = await signUpAndVerify(appUrl);
  const cookie = client.cookieHeader;
  const me = await client.json<{ user: { id: string } }>('/api/me');
  const userId = me.body.user.id;

  const seedStart = performance.now();
  await seed(pool, userId);
  const version = (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]
    ?.server_version;
  console.log(
    `history bench — PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} CPU(s); ` +
      `${ROWS} requests for one user + ${OTHER_USERS} users × 5, seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ` +
      `${ITERATIONS} sequential HTTP requests per row on one keep-alive connection (after ${WARMUP} warm-up), ` +
      `count capped at ${HISTORY_COUNT_CAP}; load ${os.loadavg()[0]?.toFixed(1)}\n`,
  );

  const today = new Date();
  const day = (daysAgo: number) =>
    new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const pages = [
    ['page 1, no filter', ''],
    ['page 500, no filter', 'page=500'],
    ['q=névoa (1/6 match)', `q=${encodeURIComponent('névoa')}`],
    ['q=NEVOA (1/6, accent- and case-free)', 'q=NEVOA'],
    ['q="take 4242" (rare)', `q=${encodeURIComponent('take 4242')}`],
    ['q=zzz (no match)', 'q=zzz'],
    ['status=failed', 'status=failed'],
    ['status=pending (0.1%)', 'status=pending'],
    ['quality=quality&status=completed', 'quality=quality&status=completed'],
    ['last 30 days', `from=${day(30)}&to=${day(0)}`],
    ['q=praia&quality=fast&last 90 days', `q=praia&quality=fast&from=${day(90)}&to=${day(0)}`],
  ] as const;
  console.log('GET /api/videos (target p99 ≤ 20 ms)');
  for (const [label, query] of pages) {
    const row = await measure(`${appUrl}/api/videos?${query}`, cookie, pid);
    failed ||= row.p99 > 20;
    console.log(`  ${label.padEnd(36)} ${figures(row)}  ${verdict(row.p99 <= 20)}`);
  }

  console.log('\nGET /api/dashboard/stats (target p99 ≤ 50 ms)');
  for (const range of STATS_RANGES) {
    const row = await measure(`${appUrl}/api/dashboard/stats?range=${range}`, cookie, pid);
    failed ||= row.p99 > 50;
    console.log(`  range=${range.padEnd(30)} ${figures(row)}  ${verdict(row.p99 <= 50)}`);
  }

  console.log('\nEXPLAIN ANALYZE (page and count SQL as the endpoint runs them)');
  const before = settledBefore(new Date());
  for (const [label, query] of [pages[0], pages[1], pages[3], pages[4], pages[6], pages[10]]) {
    const parsed = historyQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const zone = 'America/Sao_Paulo';
    if (parsed.q) {
      const walk = searchWalkStatement(userId, parsed, zone, before, VIDEO_REQUEST_SHAPE);
      await explain(pool, `${label} — page (walk)`, walk.text, walk.values);
      if (walk.name) await explainGeneric(pool, `${label} — page (walk)`, walk);
      type Walked = { wordHits: { word: string; hits: number }[] | null; walkedCount: number };
      const walked = (await pool.query<Walked>(walk.text, walk.values)).rows[0];
      const words = indexWords(walked?.wordHits ?? null, walked?.walkedCount ?? 0);
      const matches = searchMatchesStatement(userId, parsed, zone, words, VIDEO_REQUEST_SHAPE);
      const step = ` (if the walk fell short: by ${words.length === 0 ? 'the whole term' : words.join(' + ')})`;
      await explain(pool, `${label} — page${step}`, matches.text, matches.values);
    } else {
      const page = historyPageStatement(userId, parsed, zone);
      await explain(pool, `${label} — page`, page.text, page.values);
      if (page.name) await explainGeneric(pool, `${label} — page`, page);
    }
    for (const bound of ['<', '>='] as const) {
      const count = historyCountStatement(userId, parsed, 'America/Sao_Paulo', bound, before);
      // A search counts only after a full page from its walk; the matches-first statement counts its matches.
      const part = `${bound === '<' ? 'settled, kept 5 min' : 'recent'}${parsed.q ? ', after a full walk only' : ''}`;
      await explain(pool, `${label} — count, ${part}`, count.text, count.values);
      if (count.name) await explainGeneric(pool, `${label} — count, ${part}`, count);
    }
  }

  console.log('\nGET /api/videos/export.csv, all 100 000 rows (target ≤ 2 s, RSS growth ≤ 50 MB)');
  const csv = await measureDownload(`${appUrl}/api/videos/export.csv`, cookie, '\n', undefined, pid);
  const csvOk = csv.ok && csv.matches === ROWS + 1 && csv.seconds <= 2 && csv.rssGrowthMb <= 50;
  failed ||= !csvOk;
  console.log(
    `  ${csv.matches - 1} rows, ${(csv.bytes / 1024 / 1024).toFixed(1)} MB (as received), ${csv.seconds.toFixed(2)} s, ` +
      `peak RSS growth ${csv.rssGrowthMb.toFixed(1)} MB  ${verdict(csvOk)}`,
  );

  console.log(`\n${failed ? 'FAIL' : 'PASS'}`);
  return !failed;
}

async function main(): Promise<void> {
  let passed = false;
  const run = async (server: BenchServer) => {
    passed = await bench(server);
  };
  const nodeArgs = PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir=profiles']
    : process.env.BENCH_GC
      ? ['--trace-gc']
      : [];
  await withBenchServer('history', run, {}, { ownProcess: true, nodeArgs });
  if (!passed) process.exitCode = 1;
}

await main();
