import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { audit } from '../src/server/credits/ledger-audit.server';
import { grant } from '../src/server/credits/ledger-grants.server';
import { hold } from '../src/server/credits/ledger-holds.server';
import { createPool, runMigrations } from '../src/server/db/database.server';
import {
  type EmbeddedPostgresHandle,
  startEmbeddedPostgres,
} from '../src/server/db/embedded-postgres.server';
import { createLogger } from '../src/server/logger.server';
import { freePort } from '../tests/support/free-port';

/**
 * `npm run bench:credits`: holds per second and latency of `hold()` against the bare SQL of a hold, on a
 * throw-away embedded PostgreSQL, at 1, 8 and 32 concurrent clients.
 *
 * Workload: each client holds 10 credits at a time for its own user (no lock contention between clients),
 * each user pre-granted three grants (expiring in 30 days, in a year, never) of 1,000,000 credits, so a hold
 * takes from the soonest grant. A last row runs 32 clients on ONE user, where the account lock serialises them.
 * "raw" is the same SQL our hold runs (lock the account row, read the valid grants, one statement updating the
 * grants and inserting the hold, allocations and ledger entries), written straight on `pg`: no input validation,
 * no idempotency look-up by reference, no row mapping. Each figure is two alternating rounds per side, after a
 * warm-up, so drift (table growth, autovacuum) hits both sides alike.
 */

const ROUND_MS = 2_000;
const WARMUP_MS = 300;
const HOLD_AMOUNT = 10;
const logger = createLogger('warn');

type HoldFn = (userId: string, reference: string) => Promise<void>;

function ours(pool: pg.Pool): HoldFn {
  return async (userId, reference) => {
    const result = await hold(pool, { userId, amount: HOLD_AMOUNT, reference });
    if (!result.ok) throw new Error('benchmark user ran out of credits');
  };
}

function raw(pool: pg.Pool): HoldFn {
  return async (userId, reference) => {
    const client = await pool.connect();
    try {
      const now = new Date();
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR NO KEY UPDATE', [userId]);
      const { rows } = await client.query<{ id: string; remaining: number }>(
        `SELECT id, remaining FROM credit_grants
         WHERE user_id = $1 AND remaining > 0 AND (expires_at IS NULL OR expires_at > $2)
         ORDER BY expires_at ASC NULLS LAST, created_at, id`,
        [userId, now],
      );
      const ids: string[] = [];
      const takes: number[] = [];
      let needed = HOLD_AMOUNT;
      for (const row of rows) {
        if (needed === 0) break;
        const take = Math.min(needed, row.remaining);
        ids.push(row.id);
        takes.push(take);
        needed -= take;
      }
      if (needed > 0) throw new Error('benchmark user ran out of credits');
      await client.query(
        `WITH taken AS (
           UPDATE credit_grants AS g SET remaining = g.remaining - t.take
           FROM unnest($5::uuid[], $6::int[]) AS t(grant_id, take) WHERE g.id = t.grant_id
         ), allocations AS (
           INSERT INTO credit_hold_allocations (hold_id, grant_id, amount)
           SELECT $1::uuid, grant_id, take FROM unnest($5::uuid[], $6::int[]) AS t(grant_id, take)
         ), entries AS (
           INSERT INTO credit_ledger_entries (user_id, kind, amount, grant_id, hold_id, created_at)
           SELECT $2::text, 'hold', -take, grant_id, $1::uuid, $7::timestamptz
           FROM unnest($5::uuid[], $6::int[]) AS t(grant_id, take)
         )
         INSERT INTO credit_holds (id, user_id, amount, status, reference, created_at)
         VALUES ($1, $2, $3, 'pending', $4, $7)`,
        [randomUUID(), userId, HOLD_AMOUNT, reference, ids, takes, now],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}

interface Sample {
  count: number;
  elapsedMs: number;
  latencies: number[];
}

let referenceCounter = 0;

/** `clients` loops, each on its user (users[i % users.length]), for `durationMs`. */
async function drive(run: HoldFn, users: string[], clients: number, durationMs: number): Promise<Sample> {
  const latencies: number[] = [];
  const start = performance.now();
  const deadline = start + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const userId = users[i % users.length] as string;
      while (performance.now() < deadline) {
        const t = performance.now();
        await run(userId, `bench-${process.pid}-${referenceCounter++}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { count: latencies.length, elapsedMs: performance.now() - start, latencies };
}

function merge(samples: Sample[]): Sample {
  return {
    count: samples.reduce((sum, s) => sum + s.count, 0),
    elapsedMs: samples.reduce((sum, s) => sum + s.elapsedMs, 0),
    latencies: samples.flatMap((s) => s.latencies),
  };
}

function figures(sample: Sample) {
  const sorted = [...sample.latencies].sort((a, b) => a - b);
  const pick = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { perSecond: (sample.count / sample.elapsedMs) * 1000, p50: pick(0.5), p99: pick(0.99) };
}

async function pregrant(pool: pg.Pool, users: string[]): Promise<void> {
  const now = Date.now();
  for (const userId of users) {
    // Credit accounts reference users.
    await pool.query('INSERT INTO "user" (id, name, email) VALUES ($1, $1, $2)', [
      userId,
      `${userId}@bench.test`,
    ]);
    for (const [i, days] of [30, 365, null].entries()) {
      await grant(pool, {
        userId,
        amount: 1_000_000,
        source: 'adjustment',
        sourceRef: `bench:${userId}:${i}`,
        expiresAt: days === null ? null : new Date(now + days * 86_400_000),
      });
    }
  }
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'cena-bench-'));
  // Run as root, PostgreSQL runs as its own user, which must be able to reach the data folder.
  await chmod(tempDir, 0o755);
  let embedded: EmbeddedPostgresHandle | undefined;
  let pool: pg.Pool | undefined;
  try {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'postgres'),
      port: await freePort(),
      logger,
    });
    // Silent: pool.end() resolves before the idle sockets close, so stopping PostgreSQL right after makes each of
    // them log a harmless "terminating connection" error. Errors of the holds themselves still throw.
    pool = createPool(embedded.url, 32, createLogger('silent'));
    await runMigrations(pool, logger);
    const version = (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]
      ?.server_version;

    const oursUsers = Array.from({ length: 32 }, (_, i) => `bench-ours-${i}`);
    const rawUsers = Array.from({ length: 32 }, (_, i) => `bench-raw-${i}`);
    const hot = { ours: ['bench-ours-hot'], raw: ['bench-raw-hot'] };
    await pregrant(pool, [...oursUsers, ...rawUsers, ...hot.ours, ...hot.raw]);

    console.log(
      `credits hold bench — PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} CPU(s); ` +
        `${HOLD_AMOUNT}-credit holds, 2 × ${ROUND_MS / 1000} s per side per row\n`,
    );
    const header = [
      'clients',
      'users',
      'ours holds/s',
      'p50 ms',
      'p99 ms',
      'raw holds/s',
      'p50 ms',
      'p99 ms',
      'ours/raw',
    ];
    const widths = [8, 10, 13, 8, 8, 12, 8, 8, 9];
    const line = (cells: string[]) => cells.map((cell, i) => cell.padStart(widths[i] ?? 8)).join(' ');
    console.log(line(header));
    console.log(line(widths.map((w) => '-'.repeat(w))));

    const scenarios = [
      { clients: 1, label: 'own each', users: { ours: oursUsers, raw: rawUsers } },
      { clients: 8, label: 'own each', users: { ours: oursUsers, raw: rawUsers } },
      { clients: 32, label: 'own each', users: { ours: oursUsers, raw: rawUsers } },
      { clients: 32, label: 'one, all', users: hot },
    ];
    for (const { clients, label, users } of scenarios) {
      const oursFn = ours(pool);
      const rawFn = raw(pool);
      await drive(rawFn, users.raw, clients, WARMUP_MS);
      await drive(oursFn, users.ours, clients, WARMUP_MS);
      const rawSamples: Sample[] = [];
      const oursSamples: Sample[] = [];
      for (let round = 0; round < 2; round++) {
        rawSamples.push(await drive(rawFn, users.raw, clients, ROUND_MS));
        oursSamples.push(await drive(oursFn, users.ours, clients, ROUND_MS));
      }
      const o = figures(merge(oursSamples));
      const r = figures(merge(rawSamples));
      console.log(
        line([
          String(clients),
          label,
          o.perSecond.toFixed(0),
          o.p50.toFixed(2),
          o.p99.toFixed(2),
          r.perSecond.toFixed(0),
          r.p50.toFixed(2),
          r.p99.toFixed(2),
          `${((o.perSecond / r.perSecond) * 100).toFixed(0)} %`,
        ]),
      );
    }

    const problems = await audit(pool);
    console.log(
      `\naudit after the run: ${problems.length === 0 ? 'clean' : `${problems.length} problem(s)`}; ` +
        `total ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    await pool?.end();
    await embedded?.stop();
    await rm(tempDir, { recursive: true, force: true });
  }
}

await main();
