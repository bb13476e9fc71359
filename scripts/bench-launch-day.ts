import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { loadConfig } from '../src/server/config.server';
import { audit } from '../src/server/credits/ledger-audit.server';
import { runMigrations } from '../src/server/db/database.server';
import {
  type EmbeddedPostgresHandle,
  startEmbeddedPostgres,
} from '../src/server/db/embedded-postgres.server';
import { RULES_WRITER } from '../src/server/generation/prompt-writer.server';
import { registerVideoWorkers, type VideoWorkers } from '../src/server/generation/workers.server';
import { type Jobs, startJobs } from '../src/server/jobs/jobs.server';
import { createLogger } from '../src/server/logger.server';
import { DiskStorage } from '../src/server/storage/storage.server';
import { API_KEY, seedVideoRequest, startFakeGemini } from '../tests/support/fake-gemini';
import { freePort } from '../tests/support/free-port';
import { insertUserWithCredits } from '../tests/support/users';
import { createDatabase } from './bench-pipeline/server-runs';

/**
 * `npm run bench:launch-day`: launch day in real seconds (issue 48, ADR 0061). 6 users press "create" on 4 Fast
 * videos each in the same instant; the Gemini API stand-in enforces a project quota of 12 creates a minute and 3
 * generations in progress, each generation taking 20 s; Cena runs at its defaults (10 a minute, 10 in progress, two
 * worker processes of four jobs) and must learn the quota from the 429s. Both kinds of 429 run side by side, each
 * on its own database and fake: `stated` (QuotaFailure names the limit) and `unstated` (only RetryInfo).
 *
 * Targets, per mode: all 24 completed within 1.2× the time the quota allows (the ideal schedule: every create sent
 * the moment the quota has room, the last generation's end), none failed, in turns (every user's first video done
 * before any user's last), never more than 3 in progress at the fake, the ledger audit clean.
 */

const USERS = 6;
const PER_USER = 4;
const QUOTA = { requestsPerMinute: 12, inFlight: 3, generationMs: 20_000 };
const MINUTE_MS = 60_000;
const WITHIN_QUOTA = 1.2;
const GIVE_UP_MS = 10 * 60_000;
const MODEL = 'gemini-omni-1.1-flash';
const START_CREDITS = 1_000;
const logger = createLogger('warn');

/** When the last of `count` generations ends if each create goes out the moment the quota has room. */
function quotaSeconds(count: number): number {
  const starts: number[] = [];
  const ends: number[] = [];
  let now = 0;
  while (starts.length < count) {
    const inMinute = starts.filter((start) => now - start < MINUTE_MS);
    const inProgress = ends.filter((end) => end > now);
    if (inMinute.length < QUOTA.requestsPerMinute && inProgress.length < QUOTA.inFlight) {
      starts.push(now);
      ends.push(now + QUOTA.generationMs);
      continue;
    }
    const nextFree = Math.min(
      inMinute.length >= QUOTA.requestsPerMinute ? Math.min(...inMinute) + MINUTE_MS : Infinity,
      inProgress.length >= QUOTA.inFlight ? Math.min(...inProgress) : Infinity,
    );
    now = nextFree;
  }
  return Math.max(...ends) / 1000;
}

interface ModeResult {
  refusals: 'stated' | 'unstated';
  seconds: number;
  completed: number;
  failed: number;
  fair: boolean;
  maxInFlight: number;
  quotaRefusals: number;
  auditProblems: number;
  learned: { inFlight: number | null; rpm: number | null };
}

async function runMode(
  adminUrl: string,
  tempDir: string,
  refusals: 'stated' | 'unstated',
): Promise<ModeResult> {
  const url = await createDatabase(adminUrl, `launch_${refusals}`);
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  pool.on('error', () => undefined);
  const gemini = await startFakeGemini({ tiny: true, quota: { ...QUOTA, refusals } });
  const running: { jobs: Jobs; workers: VideoWorkers }[] = [];
  try {
    await runMigrations(pool, logger);
    const config = loadConfig({
      VIDEO_PROVIDER: 'gemini',
      GEMINI_API_KEY: API_KEY,
      GEMINI_API_BASE: gemini.base,
      VIDEO_MODEL_FAST: MODEL,
      VIDEO_MODEL_QUALITY: MODEL,
    });
    const storage = new DiskStorage(path.join(tempDir, refusals), 'bench-signing-secret');
    const byUser = new Map<string, string[]>();
    for (let user = 0; user < USERS; user += 1) {
      const userId = await insertUserWithCredits(pool, START_CREDITS);
      const ids: string[] = [];
      for (let video = 0; video < PER_USER; video += 1)
        ids.push((await seedVideoRequest(pool, { userId, prompt: `Usuário ${user}, vídeo ${video}` })).id);
      byUser.set(userId, ids);
    }
    const startedAt = Date.now();
    for (let worker = 0; worker < 2; worker += 1) {
      const jobs = await startJobs(url, logger);
      const workers = await registerVideoWorkers({
        boss: jobs.boss,
        pool,
        config,
        logger,
        storage,
        writePrompt: RULES_WRITER,
      });
      running.push({ jobs, workers });
    }
    const ids = [...byUser.values()].flat();
    let rows: { id: string; status: string; completed_at: Date | null }[] = [];
    while (Date.now() - startedAt < GIVE_UP_MS) {
      rows = (
        await pool.query<{ id: string; status: string; completed_at: Date | null }>(
          'SELECT id, status, completed_at FROM video_requests WHERE id = ANY($1::uuid[])',
          [ids],
        )
      ).rows;
      if (rows.every((row) => row.status === 'completed' || row.status === 'failed')) break;
      await sleep(500);
    }
    const done = new Map(rows.map((row) => [row.id, row.completed_at?.getTime() ?? Infinity]));
    const firsts = [...byUser.values()].map((own) => Math.min(...own.map((id) => done.get(id) ?? Infinity)));
    const lasts = [...byUser.values()].map((own) => Math.max(...own.map((id) => done.get(id) ?? Infinity)));
    const finished = rows.filter((row) => row.completed_at).map((row) => row.completed_at?.getTime() ?? 0);
    const budget = await pool.query<{ learned_in_flight: number | null; learned_rpm: number | null }>(
      'SELECT learned_in_flight, learned_rpm FROM provider_budgets WHERE model = $1',
      [MODEL],
    );
    return {
      refusals,
      seconds: (Math.max(...finished) - startedAt) / 1000,
      completed: rows.filter((row) => row.status === 'completed').length,
      failed: rows.filter((row) => row.status === 'failed').length,
      fair: Math.max(...firsts) < Math.min(...lasts),
      maxInFlight: gemini.maxInFlight,
      quotaRefusals: gemini.quotaRefusals,
      auditProblems: (await audit(pool)).length,
      learned: {
        inFlight: budget.rows[0]?.learned_in_flight ?? null,
        rpm: budget.rows[0]?.learned_rpm ?? null,
      },
    };
  } finally {
    for (const { jobs, workers } of running) {
      await workers.stop().catch(() => undefined);
      await jobs.stop(5_000).catch(() => undefined);
    }
    await gemini.stop();
    await pool.end().catch(() => undefined);
  }
}

function report(result: ModeResult, allowedSeconds: number): boolean {
  const total = USERS * PER_USER;
  const checks = [
    {
      name: `all ${total} completed within ${WITHIN_QUOTA}× the quota's ${allowedSeconds} s`,
      ok: result.completed === total && result.seconds <= WITHIN_QUOTA * allowedSeconds,
    },
    { name: 'none failed', ok: result.failed === 0 },
    { name: "in turns (every user's first done before any user's last)", ok: result.fair },
    {
      name: `never more than ${QUOTA.inFlight} in progress at the fake`,
      ok: result.maxInFlight <= QUOTA.inFlight,
    },
    { name: 'ledger audit clean', ok: result.auditProblems === 0 },
  ];
  console.log(
    `  ${result.refusals} 429s: ${result.completed} of ${total} completed in ${result.seconds.toFixed(1)} s ` +
      `(${((result.seconds / allowedSeconds) * 100).toFixed(0)} % of the quota's time); ${result.failed} failed; ` +
      `${result.quotaRefusals} 429s; at most ${result.maxInFlight} in progress; learned in progress ` +
      `${result.learned.inFlight?.toFixed(2) ?? '—'}, rate ${result.learned.rpm?.toFixed(2) ?? '—'}/min`,
  );
  for (const check of checks) console.log(`    ${check.ok ? 'PASS' : 'FAIL'} ${check.name}`);
  return checks.every((check) => check.ok);
}

async function main(): Promise<boolean> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'cena-bench-launch-'));
  await chmod(tempDir, 0o755);
  let embedded: EmbeddedPostgresHandle | undefined;
  try {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'postgres'),
      port: await freePort(),
      logger,
    });
    const adminUrl = embedded.url;
    const allowed = quotaSeconds(USERS * PER_USER);
    console.log(
      `bench:launch-day — ${USERS} users × ${PER_USER} Fast at once, quota ${QUOTA.requestsPerMinute}/min and ` +
        `${QUOTA.inFlight} in progress, ${QUOTA.generationMs / 1000} s a generation, Cena at its defaults; ` +
        `the quota allows ${allowed} s; load average ${os
          .loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')} at the start`,
    );
    const results = await Promise.all(
      (['stated', 'unstated'] as const).map((refusals) => runMode(adminUrl, tempDir, refusals)),
    );
    console.log(
      `  load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} at the end`,
    );
    return results.map((result) => report(result, allowed)).every(Boolean);
  } finally {
    await embedded?.stop().catch(() => undefined);
    await rm(tempDir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
