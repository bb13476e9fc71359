import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { signUpAndVerify } from '../tests/support/accounts';
import {
  type DownloadMeasure,
  measureDownload,
  seedVideoRequests,
  verdict,
  withBenchServer,
} from './bench-support';

/**
 * `npm run bench:export`: the LGPD data export (`GET /api/me/export`) of a user with 100 000 video requests, through
 * the real HTTP route of the web role in this process, once per storage driver (S3, whose links are SigV4
 * presigned URLs, and local disk, whose links are HMAC-signed `/media` URLs; the S3 endpoint is never contacted,
 * presigning is offline). Each export is read to its end into a file, which is then parsed as JSON and must hold
 * the 100 000 requests with a link for every completed video. Three exports per driver; the median is judged.
 *
 * Targets: ≤ 10 s, and flat memory: the live V8 heap (measured right after each full collection during the
 * export) grows by < 32 MB. The export is 110–160 MB of JSON, so a heap that grows by a fraction of it cannot be
 * holding the document, the row list or the links; it holds a couple of batches of rows, whatever the user's
 * size. The peak heapUsed (which includes garbage V8 has not collected yet, and so depends on when it collects)
 * and the RSS growth (allocator pages kept after the first run, socket buffers, the reader in this process) are
 * printed too, not judged.
 */

const ROWS = 100_000;
const MAX_SECONDS = 10;
const MAX_HEAP_GROWTH_MB = 32;

const DRIVERS: Record<string, Record<string, string>> = {
  s3: {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'cena-bench',
    S3_REGION: 'sa-east-1',
    S3_ACCESS_KEY_ID: 'AKIABENCHEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'bench-secret-access-key',
  },
  disk: { STORAGE_DRIVER: 'disk' },
};

interface ExportShape {
  videoRequests?: { status?: string; media?: { video?: unknown; thumbnail?: unknown } }[];
}

/** Parses the saved export and checks it is whole: every request there, every completed one with its links. */
async function validate(file: string): Promise<string | null> {
  const data = JSON.parse(await readFile(file, 'utf8')) as ExportShape;
  const requests = data.videoRequests ?? [];
  if (requests.length !== ROWS) return `${requests.length} requests instead of ${ROWS}`;
  const unlinked = requests.filter(
    (r) =>
      r.status === 'completed' &&
      (typeof r.media?.video !== 'string' || typeof r.media?.thumbnail !== 'string'),
  );
  return unlinked.length > 0 ? `${unlinked.length} completed requests without links` : null;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const argument = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(argument('runs') ?? 3);

async function benchDriver(driver: string, env: Record<string, string>): Promise<boolean> {
  let passed = false;
  await withBenchServer(
    `export-${driver}`,
    async ({ appUrl, pool }) => {
      const { client } = await signUpAndVerify(appUrl);
      const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
      const seedStart = performance.now();
      await seedVideoRequests(pool, userId, ROWS);
      console.log(
        `\nstorage ${driver}: ${ROWS} requests seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
      );
      const file = path.join(os.tmpdir(), `cena-bench-export-${process.pid}.json`);
      const runs: DownloadMeasure[] = [];
      try {
        for (let run = 1; run <= RUNS; run++) {
          // The route allows a few exports an hour per user; the bench is not measuring that limit.
          await pool.query('DELETE FROM account_exports WHERE user_id = $1', [userId]);
          const measure = await measureDownload(
            `${appUrl}/api/me/export`,
            client.cookieHeader,
            '"creditsUsed":',
            file,
          );
          const problem = measure.ok ? await validate(file) : 'the export did not answer 200';
          if (problem) throw new Error(`export run ${run} (${driver}): ${problem}`);
          runs.push(measure);
          console.log(
            `  run ${run}: ${(measure.bytes / 1024 / 1024).toFixed(1)} MB, ${measure.seconds.toFixed(2)} s (CPU ${measure.cpuSeconds.toFixed(2)} s), ` +
              `live heap growth ${measure.liveHeapGrowthMb.toFixed(1)} MB (${measure.fullCollections} full GCs), ` +
              `peak heapUsed growth ${measure.heapGrowthMb.toFixed(1)} MB, peak RSS growth ${measure.rssGrowthMb.toFixed(1)} MB` +
              ` (load average ${os.loadavg()[0]?.toFixed(2)})`,
          );
        }
      } finally {
        await rm(file, { force: true });
      }
      const seconds = median(runs.map((m) => m.seconds));
      const cpuSeconds = median(runs.map((m) => m.cpuSeconds));
      const heap = median(runs.map((m) => m.liveHeapGrowthMb));
      const rss = median(runs.map((m) => m.rssGrowthMb));
      passed = seconds <= MAX_SECONDS && heap < MAX_HEAP_GROWTH_MB;
      console.log(
        `  median: ${seconds.toFixed(2)} s (≤ ${MAX_SECONDS} s ${verdict(seconds <= MAX_SECONDS)}; CPU ${cpuSeconds.toFixed(2)} s), ` +
          `live heap growth ${heap.toFixed(1)} MB (< ${MAX_HEAP_GROWTH_MB} MB ${verdict(heap < MAX_HEAP_GROWTH_MB)}), ` +
          `RSS growth ${rss.toFixed(1)} MB`,
      );
    },
    env,
  );
  return passed;
}

async function main(): Promise<void> {
  const only = argument('storage');
  const [load1, load5] = os.loadavg();
  console.log(
    `export bench — Node ${process.version}, ${os.cpus().length} CPU(s), load average ${load1?.toFixed(2)} / ` +
      `${load5?.toFixed(2)} (1 / 5 min; figures are noisy when it is above the CPU count); ` +
      `${global.gc ? 'heap measured after a full GC' : 'no --expose-gc: heap baseline not collected'}`,
  );
  let failed = false;
  for (const [driver, env] of Object.entries(DRIVERS)) {
    if (only && only !== driver) continue;
    failed = !(await benchDriver(driver, env)) || failed;
  }
  console.log(`\n${failed ? 'FAIL' : 'PASS'}`);
  if (failed) process.exitCode = 1;
}

await main();
