import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { grantRole } from '../src/server/accounts/roles.server';
import { signUpAndVerify } from '../tests/support/accounts';
import { explain, timeRequests, verdict, withBenchServer } from './bench-support';

/**
 * `npm run bench:admin`: the admin panel on a business-sized data set — 10 000 users and 200 000 video requests
 * over a year, with subscriptions, package purchases, invoices, refunds and grants — seeded with generate_series on a
 * throw-away embedded PostgreSQL; the real server in this process (web role). Prints p50/p99 of every admin read
 * through the HTTP API with an admin session, and the plan of the stats query. Target: p99 ≤ 200 ms.
 */

const USERS = 10_000;
const REQUESTS = 200_000;
const TARGET_MS = 200;

async function seed(pool: pg.Pool): Promise<void> {
  // Realtime triggers would NOTIFY once per seeded row; nobody listens here.
  await pool.query('ALTER TABLE video_requests DISABLE TRIGGER video_requests_notify');
  await pool.query('ALTER TABLE credit_grants DISABLE TRIGGER credit_grants_notify');
  await pool.query('ALTER TABLE subscriptions DISABLE TRIGGER subscriptions_notify');
  await pool.query(
    `INSERT INTO "user" (id, name, email, email_verified, created_at)
     SELECT 'bench-' || u, 'Usuário ' || u, 'user-' || u || '@bench.test', true,
            now() - make_interval(mins => (u * 52) % 525600)
     FROM generate_series(1, ${USERS}) AS u`,
  );
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
                                 error_message, created_at, updated_at)
     SELECT gen_random_uuid(), 'bench-' || (1 + i % ${USERS}), gen_random_uuid(), 'Cena de teste número ' || i,
            CASE WHEN i % 3 = 0 THEN 'quality' ELSE 'fast' END, '16:9',
            CASE WHEN i % 3 = 0 THEN 25 ELSE 10 END,
            CASE WHEN i % 40 = 0 THEN 'failed' ELSE 'completed' END,
            CASE WHEN i % 40 = 0 THEN 'O provedor recusou o prompt.' END,
            now() - make_interval(mins => (i * 3) % 525600), now() - make_interval(mins => (i * 3) % 525600 - 4)
     FROM generate_series(1, ${REQUESTS}) AS i`,
  );
  // One user in five subscribes; each pays a year of monthly invoices.
  await pool.query(
    `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, plan_id, billing_period, status,
                                current_period_start, current_period_end)
     SELECT 'bench-' || u, 'local', 'sub_bench_' || u, (ARRAY['starter','creator','pro','studio'])[1 + u % 4],
            'monthly', CASE WHEN u % 25 = 0 THEN 'canceled' ELSE 'active' END, now(), now() + interval '30 days'
     FROM generate_series(5, ${USERS}, 5) AS u`,
  );
  await pool.query(
    `INSERT INTO transactions (user_id, type, amount, description, provider_ref, stripe_invoice_id, created_at)
     SELECT 'bench-' || u, 'payment', 31990, 'Assinatura', 'in_bench_' || u || '_' || m, 'in_bench_' || u || '_' || m,
            now() - make_interval(days => m * 30)
     FROM generate_series(5, ${USERS}, 5) AS u, generate_series(0, 11) AS m`,
  );
  // One user in three buys a package; a few are refunded.
  await pool.query(
    `INSERT INTO checkout_sessions (id, user_id, provider, kind, package_id, amount_cents, status, created_at)
     SELECT 'cs_bench_' || u, 'bench-' || u, 'local', 'package', (ARRAY['small','medium','large','xlarge'])[1 + u % 4],
            (ARRAY[10990, 35990, 65990, 119990])[1 + u % 4], 'paid', now() - make_interval(days => u % 365)
     FROM generate_series(3, ${USERS}, 3) AS u`,
  );
  await pool.query(
    `INSERT INTO transactions (user_id, type, amount, description, provider_ref, created_at)
     SELECT user_id, 'payment', amount_cents, 'Pacote', id, created_at FROM checkout_sessions
     UNION ALL
     SELECT user_id, 'payment', -amount_cents, 'Reembolso', 'refund:' || id, created_at + interval '1 day'
     FROM checkout_sessions WHERE right(id, 2) = '99'`,
  );
  await pool.query(
    `INSERT INTO credit_accounts (user_id) SELECT id FROM "user" WHERE id LIKE 'bench-%' ON CONFLICT DO NOTHING`,
  );
  await pool.query(
    `INSERT INTO credit_grants (user_id, amount, remaining, source, source_ref, expires_at, created_at)
     SELECT user_id, 350, 350, 'package', id, created_at + interval '30 days', created_at FROM checkout_sessions
     UNION ALL
     SELECT user_id, 350, 100, 'plan', provider_ref, created_at + interval '30 days', created_at
     FROM transactions WHERE stripe_invoice_id IS NOT NULL`,
  );
  await pool.query('ALTER TABLE video_requests ENABLE TRIGGER video_requests_notify');
  await pool.query('ALTER TABLE credit_grants ENABLE TRIGGER credit_grants_notify');
  await pool.query('ALTER TABLE subscriptions ENABLE TRIGGER subscriptions_notify');
  await pool.query('VACUUM ANALYZE');
}

await withBenchServer('admin', async ({ appUrl, pool }) => {
  const { client } = await signUpAndVerify(appUrl);
  const me = await client.json<{ user: { id: string } }>('/api/me');
  await grantRole(pool, me.body.user.id, 'admin');
  const cookie = client.cookieHeader;

  const seedStart = performance.now();
  await seed(pool);
  const counts = await pool.query<{ name: string; n: string }>(
    `SELECT 'users' AS name, count(*) AS n FROM "user" UNION ALL SELECT 'requests', count(*) FROM video_requests
     UNION ALL SELECT 'transactions', count(*) FROM transactions UNION ALL SELECT 'grants', count(*) FROM credit_grants`,
  );
  const version = (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]
    ?.server_version;
  console.log(
    `admin bench — PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} CPU(s); ` +
      `${counts.rows.map((row) => `${row.n} ${row.name}`).join(', ')}; seeded in ` +
      `${((performance.now() - seedStart) / 1000).toFixed(1)} s; 200 sequential HTTP requests each (after 20 warm-up)\n`,
  );

  let failed = false;
  console.log(`Admin API (target p99 ≤ ${TARGET_MS} ms)`);
  for (const [label, query] of [
    ['GET /api/admin/stats', '/api/admin/stats'],
    ['GET /api/admin/daily (30 days)', '/api/admin/daily'],
    ['GET /api/admin/daily?days=90', '/api/admin/daily?days=90'],
    ['GET /api/admin/failed-requests', '/api/admin/failed-requests'],
    ['GET /api/admin/users?email=user-12', '/api/admin/users?email=user-12'],
    ['GET /api/admin/users/bench-4242', '/api/admin/users/bench-4242'],
  ] as const) {
    const { p50, p99 } = await timeRequests(`${appUrl}${query}`, cookie);
    failed ||= p99 > TARGET_MS;
    console.log(
      `  ${label.padEnd(38)} p50 ${p50.toFixed(2).padStart(7)} ms  p99 ${p99.toFixed(2).padStart(7)} ms  ${verdict(p99 <= TARGET_MS)}`,
    );
  }

  console.log('\nEXPLAIN ANALYZE');
  await explain(
    pool,
    'failed requests, last 24 h',
    `SELECT v.id FROM video_requests v JOIN "user" u ON u.id = v.user_id
     WHERE v.status = 'failed' AND v.updated_at >= now() - interval '24 hours'
     ORDER BY v.updated_at DESC NULLS LAST LIMIT 100`,
    [],
  );
  await explain(
    pool,
    'user search by e-mail prefix',
    `SELECT id FROM "user" WHERE email LIKE 'user-12%' ORDER BY email LIMIT 20`,
    [],
  );
  await explain(
    pool,
    'videos per day, 30 days',
    `SELECT (created_at AT TIME ZONE 'America/Sao_Paulo')::date, count(*) FROM video_requests
     WHERE created_at >= now() - interval '30 days' GROUP BY 1`,
    [],
  );
  console.log(`\n${failed ? 'FAIL' : 'PASS'}`);
  if (failed) process.exitCode = 1;
});
