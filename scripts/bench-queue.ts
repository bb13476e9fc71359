import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startDispatcher } from '../src/server/capacity/capacity-planner.server';
import { FairQueue } from '../src/server/capacity/fair-queue.server';
import { ProviderBudget } from '../src/server/capacity/provider-budget.server';
import { WorkerSlots } from '../src/server/capacity/worker-slots.server';
import { audit } from '../src/server/credits/ledger-audit.server';
import { grant } from '../src/server/credits/ledger-grants.server';
import { capture } from '../src/server/credits/ledger-hold-resolution.server';
import { hold } from '../src/server/credits/ledger-holds.server';
import { runMigrations } from '../src/server/db/database.server';
import {
  type EmbeddedPostgresHandle,
  startEmbeddedPostgres,
} from '../src/server/db/embedded-postgres.server';
import { inTransaction } from '../src/server/kernel/transaction.server';
import { createLogger } from '../src/server/logger.server';
import { ProviderQuotaError } from '../src/server/video-providers/video-provider.server';
import { VIDEO_COST_CREDITS } from '../src/shared/catalogue';
import { freePort } from '../tests/support/free-port';
import {
  BURST,
  COST_CENTS,
  MINUTE_MS,
  MODEL,
  QUOTA,
  QuotaProvider,
  type Refusals,
  SPEND_WINDOW_MS,
} from './bench-queue/quota-provider';

/**
 * `npm run bench:queue`: launch day, compressed. 1 000 users arrive over 30 s and each asks for 10 Fast videos,
 * one every 1–4 s (10 000 requests, about 150 a second at the peak); 8 workers of 4 jobs each; a provider that enforces a project quota on a compressed clock (a "minute"
 * of 1 s: 100 creates per minute, 40 generations in progress, 200 ms per generation). The real fair queue,
 * budget and ledger on an embedded PostgreSQL decide everything; only the generation itself is simulated (no
 * video is rendered), so what is measured is the queue.
 *
 * Cena's budget is set to the same figures, spend cap included; 10 s in, a burst of 429s that name no limit. It runs
 * twice, once per kind of 429 (ADR 0061): `stated` (each rate or in-progress refusal names its limit, as
 * QuotaFailure does) and `unstated` (none does, as when Google's answer carries only RetryInfo);
 * `npm run bench:queue -- --stated` or `-- --unstated` runs one.
 *
 * Targets (ADR 0061), in each mode: throughput ≥ 90 % of the quota (the lesser of the rate and the spend cap's pace)
 * while requests wait; no request failed for capacity; spend never above the cap and no spend 429; the
 * ledger audit clean; the p99 wait of a user's first request ≤ 2× the mean wait of all requests; the ETA shown at
 * creation within 25 % of the real wait for the median request (sampled every 25th request).
 */

const USERS = 1_000;
const PER_USER = 10;
const WORKERS = 8;
/** Jobs each worker process works at once (registerVideoWorkers' default concurrency). */
const JOBS_PER_WORKER = 4;
const ARRIVAL_MS = 30_000;
/** Between one user's requests: 1–4 s (a person writing the next prompt). */
const GAP_MS = { min: 1_000, max: 4_000 };
const ETA_SAMPLE_EVERY = 25;
const PROJECT = 'default';

interface Sample {
  requestId: string;
  etaSeconds: number;
}

async function main(refusals: Refusals): Promise<boolean> {
  const logger = createLogger('warn');
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'cena-bench-queue-'));
  await chmod(tempDir, 0o755);
  let embedded: EmbeddedPostgresHandle | undefined;
  let pool: pg.Pool | undefined;
  try {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'postgres'),
      port: await freePort(),
      logger,
    });
    pool = new pg.Pool({ connectionString: embedded.url, max: 20 });
    // The embedded server stopping at the end ends idle connections: expected, not a crash.
    pool.on('error', () => undefined);
    await runMigrations(pool, logger);
    await pool.query('ALTER TABLE video_requests DISABLE TRIGGER video_requests_notify');
    await pool.query('ALTER TABLE credit_grants DISABLE TRIGGER credit_grants_notify');
    return await run(pool, logger, refusals);
  } finally {
    await pool?.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    await rm(tempDir, { recursive: true, force: true });
  }
}

async function run(
  pool: pg.Pool,
  logger: ReturnType<typeof createLogger>,
  refusals: Refusals,
): Promise<boolean> {
  const budget = new ProviderBudget({
    limits: {
      requestsPerMinute: QUOTA.requestsPerMinute,
      inFlight: QUOTA.inFlight,
      requestsPerDay: null,
      spendCentsPer10Minutes: QUOTA.spendCentsPer10Minutes,
    },
    minuteMs: MINUTE_MS,
    leaseMs: 10_000,
  });
  const jobs: string[] = [];
  const queue = new FairQueue({
    budget,
    projects: [PROJECT],
    models: { fast: MODEL, quality: MODEL },
    sendJob: async (_client, requestId) => {
      jobs.push(requestId);
    },
  });
  const provider = new QuotaProvider(refusals);
  const dispatcher = startDispatcher({
    pool,
    capacity: { budget, queue, workers: new WorkerSlots() },
    worker: { id: randomUUID(), slots: WORKERS * JOBS_PER_WORKER },
    logger,
    intervalMs: 100,
    maxWaitMs: 60 * 60_000,
    failOverdue: async () => false,
  });

  const users = Array.from({ length: USERS }, (_, index) => `bench-user-${index}`);
  await pool.query(
    `INSERT INTO "user" (id, name, email, email_verified, created_at)
     SELECT id, id, id || '@bench.test', true, now() FROM unnest($1::text[]) AS id`,
    [users],
  );
  for (const userId of users) {
    await grant(pool, {
      userId,
      amount: 1_000,
      source: 'adjustment',
      sourceRef: `bench:${userId}`,
      expiresAt: null,
    });
  }

  const total = USERS * PER_USER;
  let done = 0;
  let requeued = 0;
  const work = async () => {
    while (done < total) {
      const requestId = jobs.shift();
      if (!requestId) {
        await sleep(5);
        continue;
      }
      // This in-memory job list sees a job before the dispatch that sent it commits (pg-boss's jobs are sent in
      // that transaction and seen only after it): wait for the commit, as a pg-boss worker would.
      let held = await budget.renewIfHeld(pool, requestId);
      for (let tries = 0; !held && tries < 100; tries += 1) {
        await sleep(10);
        held = await budget.renewIfHeld(pool, requestId);
      }
      if (!held) {
        await queue.requeue(pool, requestId);
        continue;
      }
      await pool.query(
        `UPDATE video_requests SET status = 'processing', started_at = now(), attempts = attempts + 1 WHERE id = $1`,
        [requestId],
      );
      await budget.sending(pool, requestId, PROJECT, MODEL);
      let operation: string;
      try {
        operation = provider.submit();
      } catch (error) {
        if (!(error instanceof ProviderQuotaError)) throw error;
        await budget.throttled(pool, requestId, PROJECT, MODEL, error);
        await queue.requeue(pool, requestId);
        requeued += 1;
        dispatcher.nudge();
        continue;
      }
      await budget.succeeded(pool, requestId, PROJECT, MODEL);
      await pool.query(`UPDATE video_requests SET status = 'generating', operation_name = $2 WHERE id = $1`, [
        requestId,
        operation,
      ]);
      await provider.waitDone(operation);
      await budget.release(pool, requestId);
      dispatcher.nudge();
      await inTransaction(pool, async (client) => {
        const completed = await client.query<{ hold_id: string }>(
          `UPDATE video_requests SET status = 'completed', generated_at = now(), completed_at = now()
           WHERE id = $1 RETURNING hold_id`,
          [requestId],
        );
        const holdId = completed.rows[0]?.hold_id;
        if (holdId) await capture(client, holdId);
      });
      done += 1;
    }
  };

  const samples: Sample[] = [];
  let created = 0;
  // The arrival schedule, the same on every run (a fixed-seed generator).
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const schedule = users
    .flatMap((userId, index) => {
      let at = (index * ARRIVAL_MS) / USERS;
      return Array.from({ length: PER_USER }, (_, video) => {
        if (video > 0) at += GAP_MS.min + random() * (GAP_MS.max - GAP_MS.min);
        return { at, userId };
      });
    })
    .sort((a, b) => a.at - b.at);

  /** One create as the web role makes it: the hold, then the request's row. */
  const create = async (userId: string) => {
    const id = randomUUID();
    const cost = VIDEO_COST_CREDITS.fast;
    const held = await hold(pool, { userId, amount: cost, reference: `video:${id}` });
    if (!held.ok) throw new Error('bench user ran out of credits');
    await pool.query(
      `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
                                   hold_id, created_at, updated_at)
       VALUES ($1, $2, $3, 'Cena de lançamento', 'fast', '16:9', $4, 'pending', $5, now(), now())`,
      [id, userId, randomUUID(), cost, held.hold.id],
    );
    created += 1;
    if (created % ETA_SAMPLE_EVERY === 0) {
      const place = (await queue.places(pool, [{ id, quality: 'fast', status: 'pending' }])).get(id);
      if (place) samples.push({ requestId: id, etaSeconds: place.etaSeconds });
    }
  };

  // Each create starts at its scheduled time whether or not the ones before it have finished, as users' requests
  // reach the web processes side by side: a create's own round trips delay only that create, so the arrivals the
  // queue sees follow the schedule (one create after another would measure the create's latency, not the queue).
  let arrivalLagMs = 0;
  const arrive = async () => {
    const started = Date.now();
    const creates: Promise<void>[] = [];
    for (const { at, userId } of schedule) {
      await sleep(Math.max(0, started + at - Date.now()));
      arrivalLagMs = Math.max(arrivalLagMs, Date.now() - started - at);
      creates.push(create(userId));
    }
    await Promise.all(creates);
  };

  const startedAt = Date.now();
  await Promise.all([arrive(), ...Array.from({ length: WORKERS * JOBS_PER_WORKER }, work)]);
  await dispatcher.stop();
  const elapsedSeconds = (Date.now() - startedAt) / 1000;

  const waits = await pool.query<{ user_id: string; wait: number; first: boolean; status: string }>(
    `SELECT user_id, status, extract(epoch FROM dispatched_at - created_at)::float8 AS wait,
            row_number() OVER (PARTITION BY user_id ORDER BY created_at, id) = 1 AS first
     FROM video_requests`,
  );
  const window = await pool.query<{ first: Date; last: Date }>(
    `SELECT min(dispatched_at) AS first, max(dispatched_at) AS last FROM video_requests`,
  );
  const failed = waits.rows.filter((row) => row.status !== 'completed').length;
  const allWaits = waits.rows.map((row) => row.wait);
  const firstWaits = waits.rows
    .filter((row) => row.first)
    .map((row) => row.wait)
    .sort((a, b) => a - b);
  const meanWait = allWaits.reduce((sum, wait) => sum + wait, 0) / allWaits.length;
  const p99First = firstWaits[Math.min(firstWaits.length - 1, Math.floor(0.99 * firstWaits.length))] ?? 0;
  const dispatchSeconds =
    ((window.rows[0]?.last.getTime() ?? 0) - (window.rows[0]?.first.getTime() ?? 0)) / 1000;
  const quotaPerSecond = Math.min(
    QUOTA.requestsPerMinute / (MINUTE_MS / 1000),
    QUOTA.spendCentsPer10Minutes / COST_CENTS / (SPEND_WINDOW_MS / 1000),
  );
  const learnedRate = await pool.query<{ learned: number | null; in_flight: number | null }>(
    'SELECT learned_rpm AS learned, learned_in_flight AS in_flight FROM provider_budgets WHERE project = $1',
    [PROJECT],
  );
  const throughput = (total - 1) / dispatchSeconds;
  const waitById = new Map(
    (
      await pool.query<{ id: string; wait: number }>(
        'SELECT id, extract(epoch FROM dispatched_at - created_at)::float8 AS wait FROM video_requests WHERE id = ANY($1::uuid[])',
        [samples.map((sample) => sample.requestId)],
      )
    ).rows.map((row) => [row.id, row.wait]),
  );
  const etaErrors = samples
    .map((sample) => {
      const real = waitById.get(sample.requestId) ?? 0;
      return Math.abs(sample.etaSeconds - real) / Math.max(real, 1);
    })
    .sort((a, b) => a - b);
  const medianEtaError = etaErrors[Math.floor(etaErrors.length / 2)] ?? Number.NaN;
  const problems = await audit(pool);

  const checks = [
    { name: `throughput ≥ 90 % of the quota (${quotaPerSecond}/s)`, ok: throughput >= 0.9 * quotaPerSecond },
    { name: 'no request failed for capacity', ok: failed === 0 },
    {
      name: `spend never above the cap (${QUOTA.spendCentsPer10Minutes} cents per 10 minutes), no spend 429`,
      ok: provider.maxSpendCents <= QUOTA.spendCentsPer10Minutes && provider.spendRefusals === 0,
    },
    { name: 'ledger audit clean', ok: problems.length === 0 },
    { name: "p99 wait of a user's first request ≤ 2× the mean wait", ok: p99First <= 2 * meanWait },
    { name: 'median ETA at creation within 25 % of the real wait', ok: medianEtaError <= 0.25 },
  ];
  console.log(
    `bench:queue (${refusals} 429s) — ${USERS} users × ${PER_USER} Fast requests, ${WORKERS} workers × ${JOBS_PER_WORKER} jobs, quota ${QUOTA.requestsPerMinute}/min (a minute of ${MINUTE_MS} ms), ${QUOTA.inFlight} in flight, ${QUOTA.generationMs} ms per generation`,
  );
  console.log(
    `  elapsed ${elapsedSeconds.toFixed(1)} s; dispatching window ${dispatchSeconds.toFixed(1)} s; ` +
      `arrivals at most ${arrivalLagMs.toFixed(0)} ms behind their schedule`,
  );
  console.log(
    `  throughput ${throughput.toFixed(1)} starts/s = ${((throughput / quotaPerSecond) * 100).toFixed(1)} % of the quota`,
  );
  console.log(
    `  429s ${provider.refusals} (burst ${BURST.refusals}, spend ${provider.spendRefusals}; requeued ${requeued}); failed ${failed}; audit problems ${problems.length}`,
  );
  console.log(
    `  spend: at most ${provider.maxSpendCents} of ${QUOTA.spendCentsPer10Minutes} cents in a window; learned rate now ${learnedRate.rows[0]?.learned ?? QUOTA.requestsPerMinute}/min, in progress ${learnedRate.rows[0]?.in_flight?.toFixed(2) ?? QUOTA.inFlight}`,
  );
  console.log(`  wait: mean ${meanWait.toFixed(2)} s; users' first request p99 ${p99First.toFixed(2)} s`);
  console.log(
    `  ETA at creation: median relative error ${(medianEtaError * 100).toFixed(1)} % over ${samples.length} samples`,
  );
  for (const check of checks) console.log(`  ${check.ok ? 'PASS' : 'FAIL'} ${check.name}`);
  return checks.every((check) => check.ok);
}

/** Both kinds of 429, one after the other, unless one is asked for. */
async function both(): Promise<boolean> {
  const asked = (['stated', 'unstated'] as const).filter((mode) => process.argv.includes(`--${mode}`));
  let ok = true;
  for (const refusals of asked.length > 0 ? asked : (['stated', 'unstated'] as const))
    ok = (await main(refusals)) && ok;
  return ok;
}

both().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
