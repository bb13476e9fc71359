import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { HISTORY_COUNT_CAP, historyWhere } from '../src/server/history/history.server';
import { historyQuerySchema } from '../src/shared/history-filters';
import { STATS_RANGES } from '../src/shared/time';
import { signUpAndVerify } from '../tests/support/accounts';
import { explain, timeRequests, verdict, withBenchServer } from './bench-support';

/**
 * `npm run bench:history`: one user with 100 000 requests (and 1 000 other users with 5 each), seeded with
 * generate_series on a throw-away embedded PostgreSQL; the real server in this process (web role). Prints p50/p99
 * of history pages (several filter combinations) and dashboard stats (each range) through the HTTP API, the
 * plans of the main queries, and the time and peak RSS growth of a 100 000-row CSV export (RSS sampled every
 * 10 ms while streaming), and the same for the LGPD data export (`GET /api/me/export`: every request with signed
 * links to its video and thumbnail). Targets: page p99 ≤ 20 ms, stats p99 ≤ 50 ms, CSV ≤ 2 s with RSS growth
 * ≤ 50 MB, export ≤ 10 s with RSS growth ≤ 50 MB.
 */

const ROWS = 100_000;
const OTHER_USERS = 1_000;
const ITERATIONS = 200;
const WARMUP = 20;

const PROMPTS = [
  'Praia ao pôr do sol com ondas calmas',
  'Cidade futurista à noite com neon',
  'Gato dormindo no sofá da sala',
  'Floresta com névoa ao amanhecer',
  'Astronauta dançando na lua',
  'Carro esportivo na chuva',
];

async function seed(pool: pg.Pool, userId: string): Promise<void> {
  const prompts = `ARRAY[${PROMPTS.map((p) => `'${p}'`).join(', ')}]`;
  await pool.query('ALTER TABLE video_requests DISABLE TRIGGER video_requests_notify');
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
                                 created_at, completed_at)
     SELECT gen_random_uuid(), $1, gen_random_uuid(), (${prompts})[1 + i % 6] || ' take ' || i,
            CASE WHEN i % 3 = 0 THEN 'quality' ELSE 'fast' END, (ARRAY['16:9','9:16','1:1','4:3'])[1 + i % 4],
            CASE WHEN i % 3 = 0 THEN 25 ELSE 10 END,
            CASE WHEN i % 50 = 0 THEN 'failed' WHEN i % 997 = 0 THEN 'pending' ELSE 'completed' END,
            now() - make_interval(mins => i * 8), now() - make_interval(mins => i * 8 - 5)
     FROM generate_series(1, ${ROWS}) AS i`,
    [userId],
  );
  await pool.query(
    `INSERT INTO "user" (id, name, email) SELECT 'bench-other-' || u, 'Outro', 'other-' || u || '@bench.test'
     FROM generate_series(1, ${OTHER_USERS}) AS u`,
  );
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, created_at)
     SELECT gen_random_uuid(), 'bench-other-' || u, gen_random_uuid(), (${prompts})[1 + (u + k) % 6] || ' outro ' || k,
            'fast', '16:9', 10, 'completed', now() - make_interval(hours => u + k * 24)
     FROM generate_series(1, ${OTHER_USERS}) AS u, generate_series(1, 5) AS k`,
  );
  // Completed requests have their media, so the export signs two links for each.
  await pool.query(
    `UPDATE video_requests SET video_key = user_id || '/videos/' || id || '/video.mp4',
                               thumbnail_key = user_id || '/videos/' || id || '/thumbnail.jpg'
     WHERE user_id = $1 AND status = 'completed'`,
    [userId],
  );
  await pool.query('ALTER TABLE video_requests ENABLE TRIGGER video_requests_notify');
  await pool.query('VACUUM ANALYZE video_requests');
}

/**
 * Streams a download to its end without keeping it: time, bytes, how often `marker` occurs (rows, records), and
 * the peak growth of this process's RSS (server and reader share it) sampled every 10 ms.
 */
async function measureDownload(
  url: string,
  cookie: string,
  marker: string,
): Promise<{ ok: boolean; seconds: number; bytes: number; matches: number; growthMb: number }> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const reader = response.body?.getReader();
  if (!reader) throw new Error(`no body from ${url}`);
  const decoder = new TextDecoder();
  let bytes = 0;
  let matches = 0;
  let carry = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.byteLength;
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
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ok: response.ok, seconds, bytes, matches, growthMb: (peak - baseline) / 1024 / 1024 };
}

async function main(): Promise<void> {
  let failed = false;
  await withBenchServer('history', async ({ appUrl, pool }) => {
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
        `${ITERATIONS} sequential HTTP requests per row (after ${WARMUP} warm-up), count capped at ${HISTORY_COUNT_CAP}\n`,
    );

    const today = new Date();
    const day = (daysAgo: number) =>
      new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const pages = [
      ['page 1, no filter', ''],
      ['page 500, no filter', 'page=500'],
      ['q=névoa (1/6 match)', `q=${encodeURIComponent('névoa')}`],
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
      const { p50, p99 } = await timeRequests(`${appUrl}/api/videos?${query}`, cookie);
      failed ||= p99 > 20;
      console.log(
        `  ${label.padEnd(36)} p50 ${p50.toFixed(2).padStart(6)} ms  p99 ${p99.toFixed(2).padStart(6)} ms  ${verdict(p99 <= 20)}`,
      );
    }

    console.log('\nGET /api/dashboard/stats (target p99 ≤ 50 ms)');
    for (const range of STATS_RANGES) {
      const { p50, p99 } = await timeRequests(`${appUrl}/api/dashboard/stats?range=${range}`, cookie);
      failed ||= p99 > 50;
      console.log(
        `  range=${range.padEnd(30)} p50 ${p50.toFixed(2).padStart(6)} ms  p99 ${p99.toFixed(2).padStart(6)} ms  ${verdict(p99 <= 50)}`,
      );
    }

    console.log('\nEXPLAIN ANALYZE (page and count SQL as the endpoint runs them)');
    for (const [label, query] of [pages[0], pages[2], pages[3], pages[5], pages[9]]) {
      const parsed = historyQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const { where, params } = historyWhere(userId, parsed, 'America/Sao_Paulo');
      const offset = (parsed.page - 1) * 10;
      await explain(
        pool,
        `${label} — page`,
        `SELECT id FROM video_requests WHERE ${where} ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 10 OFFSET ${offset}`,
        params,
      );
      await explain(
        pool,
        `${label} — count`,
        `SELECT count(*) FROM (SELECT 1 FROM video_requests WHERE ${where} ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${HISTORY_COUNT_CAP}) s`,
        params,
      );
    }

    console.log('\nGET /api/videos/export.csv, all 100 000 rows (target ≤ 2 s, RSS growth ≤ 50 MB)');
    const csv = await measureDownload(`${appUrl}/api/videos/export.csv`, cookie, '\n');
    const csvOk = csv.ok && csv.matches === ROWS + 1 && csv.seconds <= 2 && csv.growthMb <= 50;
    failed ||= !csvOk;
    console.log(
      `  ${csv.matches - 1} rows, ${(csv.bytes / 1024 / 1024).toFixed(1)} MB (as received), ${csv.seconds.toFixed(2)} s, ` +
        `peak RSS growth ${csv.growthMb.toFixed(1)} MB  ${verdict(csvOk)}`,
    );

    console.log(
      '\nGET /api/me/export, all 100 000 requests with signed media links (target ≤ 10 s, RSS growth ≤ 50 MB)',
    );
    const data = await measureDownload(`${appUrl}/api/me/export`, cookie, '"creditsUsed":');
    const exportOk = data.ok && data.matches === ROWS && data.seconds <= 10 && data.growthMb <= 50;
    failed ||= !exportOk;
    console.log(
      `  ${data.matches} requests, ${(data.bytes / 1024 / 1024).toFixed(1)} MB, ${data.seconds.toFixed(2)} s, ` +
        `peak RSS growth ${data.growthMb.toFixed(1)} MB  ${verdict(exportOk)}`,
    );
    console.log(`\n${failed ? 'FAIL' : 'PASS'}`);
  });
  if (failed) process.exitCode = 1;
}

await main();
