import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '#server/credits/ledger-grants.server';
import { capture, voidHold, voidHoldInTransaction } from '#server/credits/ledger-hold-resolution.server';
import { hold } from '#server/credits/ledger-holds.server';
import { QUEUE_NAMES } from '#server/jobs/queues.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { API_KEY_SERIES } from './cluster-gauges.server';
import { compactCounters } from './counters-compaction.job.server';

/** GET /metrics on the real server: the token, the per-process HTTP metrics and the cluster-wide gauges. */

const TOKEN = 'metrics-token-0123456789abcdef';

let app: TestApp;
let pool: pg.Pool;
beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN: TOKEN });
  pool = testPool({ connectionString: app.databaseUrl, max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await app?.stop();
});

const scrape = (token = TOKEN) =>
  fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });

async function metricsText(): Promise<string> {
  const response = await scrape();
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one sample, by its name and exact label set as Prometheus prints it. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics access', () => {
  it('answers a JSON 404 when no token is configured', async () => {
    const plain = await startTestApp();
    try {
      const response = await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    } finally {
      await plain.stop();
    }
  });

  it('answers 401 without the right bearer token', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    ]) {
      const response = await fetch(`${app.url}/metrics`, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('answers Prometheus text with the right token', async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    for (const name of [
      'cena_http_requests_total',
      'cena_http_request_duration_seconds',
      'cena_jobs',
      'cena_video_requests',
      'cena_credits_held',
      'cena_credit_holds',
      'cena_process_cpu_user_seconds_total',
      'cena_nodejs_heap_size_used_bytes',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'cena_metrics_database_up')).toBe(1);
  });
});

describe('HTTP metrics', () => {
  it('labels requests by their route pattern and status, never the raw path', async () => {
    const id = randomUUID();
    expect((await fetch(`${app.url}/api/videos/${id}`)).status).toBe(401);
    expect((await fetch(`${app.url}/api/me`)).status).toBe(401);
    expect((await fetch(`${app.url}/api/openapi.json`)).status).toBe(200);
    expect((await fetch(`${app.url}/api/nothing-here/${id}`)).status).toBe(404);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

    const text = await metricsText();
    expect(text).not.toContain(id);
    expect(
      sample(text, 'cena_http_requests_total', '{method="GET",route="/api/videos/:id",status="401"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'cena_http_requests_total', '{method="GET",route="/api/me",status="401"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'cena_http_requests_total', '{method="GET",route="/api/openapi.json",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'cena_http_requests_total', '{method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'cena_http_request_duration_seconds_count', '{method="GET",route="/healthz"}'),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('cluster gauges', () => {
  it('report every queue, zeros included', async () => {
    const text = await metricsText();
    for (const queue of QUEUE_NAMES) {
      for (const state of ['ready', 'deferred', 'active', 'completed', 'failed']) {
        // Present even when nothing ran (the scheduled compaction may have run by now: at least 0).
        expect(
          sample(text, 'cena_jobs', `{queue="${queue}",state="${state}"}`),
          `${queue} ${state}`,
        ).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('reflect video requests and credit holds by status, whoever wrote them', async () => {
    const before = await metricsText();
    const userId = await insertUser(pool);
    await grant(pool, {
      userId,
      amount: 100,
      source: 'adjustment',
      sourceRef: `test:${randomUUID()}`,
      expiresAt: null,
    });
    const insert = async (status: string, amount: number): Promise<{ id: string; holdId: string }> => {
      const id = randomUUID();
      const held = await hold(pool, { userId, amount, reference: `test:${randomUUID()}` });
      if (!held.ok) throw new Error('hold failed');
      await pool.query(
        // Dispatched already, as a worker elsewhere would have them: not work for this app's own fair queue.
        `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
           hold_id, created_at, dispatched_at)
         VALUES ($1, $2, $3, 'a prompt long enough', 'fast', '16:9', $4, $5, $6, now() - interval '10 minutes',
                 now() - interval '10 minutes')`,
        [id, userId, randomUUID(), amount, status, held.hold.id],
      );
      return { id, holdId: held.hold.id };
    };
    // Rows written straight into the database (not through this process, as a worker elsewhere would).
    await insert('generating', 7);
    const done = await insert('generating', 5);
    await insert('pending', 3);
    const failed = await insert('rendering', 4);
    // A worker elsewhere completes one (capturing its hold) and fails another (voiding its hold).
    await pool.query(`UPDATE video_requests SET status = 'completed' WHERE id = $1`, [done.id]);
    await capture(pool, done.holdId);
    await pool.query(`UPDATE video_requests SET status = 'failed' WHERE id = $1`, [failed.id]);
    await voidHold(pool, failed.holdId);

    const text = await metricsText();
    const delta = (name: string, labels: string) =>
      (sample(text, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('cena_video_requests', '{status="generating"}')).toBe(1);
    expect(delta('cena_video_requests', '{status="pending"}')).toBe(1);
    expect(delta('cena_video_requests', '{status="rendering"}')).toBe(0);
    expect(delta('cena_video_requests', '{status="completed"}')).toBe(1);
    expect(delta('cena_video_requests', '{status="failed"}')).toBe(1);
    expect(delta('cena_credit_holds', '{status="pending"}')).toBe(2);
    expect(delta('cena_credits_held', '{status="pending"}')).toBe(10);
    expect(delta('cena_credit_holds', '{status="captured"}')).toBe(1);
    expect(delta('cena_credits_held', '{status="captured"}')).toBe(5);
    expect(delta('cena_credits_held', '{status="voided"}')).toBe(4);
    // The trigger-kept figures agree with a full count.
    const exact = await pool.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM video_requests GROUP BY status',
    );
    for (const row of exact.rows)
      expect(sample(text, 'cena_video_requests', `{status="${row.status}"}`)).toBe(row.n);
    expect(sample(text, 'cena_video_requests_oldest_unfinished_age_seconds')).toBeGreaterThanOrEqual(600);
  });

  it('count requests per API key by key id, never the token, for the busiest keys used in the last day', async () => {
    const userId = await insertUser(pool);
    const key = async (prefix: string, requests: number, lastUsed: string | null) => {
      const inserted = await pool.query<{ id: string }>(
        `INSERT INTO api_keys (user_id, name, prefix, secret_hash, scopes, request_count, last_used_at)
         VALUES ($1, 'Métricas', $2, 'hash-not-a-token', ARRAY['read'], $3, now() - $4::interval) RETURNING id`,
        [userId, prefix, requests, lastUsed],
      );
      return inserted.rows[0]?.id ?? '';
    };
    const busy = await key(randomUUID().slice(0, 16), 7, '1 minute');
    const idle = await key(randomUUID().slice(0, 16), 900, '2 days');
    const text = await metricsText();
    expect(text).toContain('# TYPE cena_api_key_requests_total counter');
    expect(sample(text, 'cena_api_key_requests_total', `{key_id="${busy}"}`)).toBe(7);
    expect(sample(text, 'cena_api_key_requests_total', `{key_id="${idle}"}`)).toBeUndefined();
    expect(sample(text, 'cena_api_keys_used_last_day')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('hash-not-a-token');

    const many = await Promise.all(
      Array.from({ length: API_KEY_SERIES + 5 }, (_, index) =>
        key(randomUUID().slice(0, 16), index + 1, '1 hour'),
      ),
    );
    const bounded = await metricsText();
    const series = bounded.split('\n').filter((line) => line.startsWith('cena_api_key_requests_total{'));
    expect(series).toHaveLength(API_KEY_SERIES);
    expect(sample(bounded, 'cena_api_keys_used_last_day')).toBe(many.length + 1);
    await pool.query('DELETE FROM api_keys WHERE user_id = $1', [userId]);
  });

  it('let concurrent creates and completions run without deadlocks, and survive compaction', async () => {
    // The orders the app writes in: a create takes a hold then inserts the request (POST /api/videos); a worker
    // settles the request then captures or voids its hold. Opposite orders, many at once.
    const writers = testPool({ connectionString: app.databaseUrl, max: 16 });
    try {
      const users = await Promise.all(Array.from({ length: 16 }, () => insertUser(pool)));
      for (const userId of users) {
        await grant(pool, {
          userId,
          amount: 1000,
          source: 'adjustment',
          sourceRef: `t:${randomUUID()}`,
          expiresAt: null,
        });
      }
      const lifecycle = async (userId: string, round: number) => {
        const id = randomUUID();
        let holdId = '';
        await inTransaction(writers, async (client) => {
          const held = await hold(client, { userId, amount: 10, reference: `req:${id}` });
          if (!held.ok) throw new Error('hold refused');
          holdId = held.hold.id;
          await client.query(
            `INSERT INTO video_requests
               (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, hold_id, dispatched_at)
             VALUES ($1, $2, $3, 'a prompt long enough', 'fast', '16:9', 10, $4, now())`,
            [id, userId, randomUUID(), holdId],
          );
        });
        await inTransaction(writers, async (client) => {
          const final = round % 2 === 0 ? 'completed' : 'failed';
          await client.query('UPDATE video_requests SET status = $2 WHERE id = $1', [id, final]);
          if (final === 'completed') await capture(client, holdId);
          else await voidHoldInTransaction(client, holdId);
        });
      };
      await Promise.all(
        users.flatMap((userId) => [0, 1, 2, 3, 4, 5].map((round) => lifecycle(userId, round))),
      );

      const recount = async () => {
        const requests = await pool.query<{ status: string; n: number }>(
          'SELECT status, count(*)::int AS n FROM video_requests GROUP BY status',
        );
        const holds = await pool.query<{ status: string; n: number; credits: number }>(
          'SELECT status, count(*)::int AS n, sum(amount)::int AS credits FROM credit_holds GROUP BY status',
        );
        return { requests: requests.rows, holds: holds.rows };
      };
      const expectMatches = async () => {
        const text = await metricsText();
        const { requests, holds } = await recount();
        for (const row of requests) {
          expect(sample(text, 'cena_video_requests', `{status="${row.status}"}`)).toBe(row.n);
        }
        for (const row of holds) {
          expect(sample(text, 'cena_credit_holds', `{status="${row.status}"}`)).toBe(row.n);
          expect(sample(text, 'cena_credits_held', `{status="${row.status}"}`)).toBe(row.credits);
        }
      };
      await expectMatches();
      expect(await compactCounters(pool)).toBeGreaterThan(0);
      const left = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM cluster_counter_changes');
      expect(left.rows[0]?.n).toBe(0);
      await expectMatches();
    } finally {
      await writers.end();
    }
  });
});
