import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import pg from 'pg';
import { loadConfig } from '../src/server/config.server';
import { sessionTimeZone } from '../src/server/history/history.server';
import { type ListRow, listColumns, toListItems } from '../src/server/history/history-list.server';
import { DiskStorage } from '../src/server/storage/disk-storage.server';
import {
  capabilitiesOf,
  VIDEO_REQUEST_SHAPE,
  type VideoRequestRecord,
} from '../src/server/video-requests/video-requests.server';
import { toVideoRequestView, VIDEO_REQUEST_COLUMNS } from '../src/server/video-requests/video-view.server';
import { HISTORY_PAGE_SIZE } from '../src/shared/history-filters';
import type { TakeCheckView } from '../src/shared/take-check';
import { statsRangeStart } from '../src/shared/time';

/**
 * The baseline of `npm run bench:api`, spawned by scripts/bench-api.ts: the minimal correct implementation of each
 * signed-in read, not a copy of Cena's. Bare Hono on @hono/node-server, a pg pool of Cena's size, no middleware.
 * Each read checks the session cookie's HMAC (node:crypto), looks the session up by its token in one statement,
 * then answers the same JSON shape as Cena from the fewest statements that give it — one each:
 *
 * - balance: the balance, what expires within 7 days, the grants and the 20 latest entries, the whole answer's
 *   JSON built by PostgreSQL (the text is sent as it comes);
 * - history page 1: the page and its total (`count(*) OVER ()`), thumbnails signed as Cena signs them;
 * - one video: the request and its take checks;
 * - dashboard stats: the month's counts and the balance.
 *
 * Places in line are left out: the seeded pages hold no waiting request (their `queue` is null in Cena too). A second
 * listener on CEILING_PORT answers every request with a fixed 200 from node:http alone: what the load generator
 * reaches there is its own ceiling, printed by the bench beside the servers' rates.
 *
 * Environment: DATABASE_URL, PORT, CEILING_PORT, BETTER_AUTH_SECRET (the cookie signing secret Cena uses),
 * SESSION_COOKIE (the cookie's name: `__Secure-` prefixed in production).
 */

const sessionCookie = process.env.SESSION_COOKIE ?? 'cena.session_token';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const secret = process.env.BETTER_AUTH_SECRET ?? '';
const config = loadConfig({});
const storage = new DiskStorage(os.tmpdir(), secret);
const ttlSeconds = config.storage.urlTtlSeconds;
const capabilities = capabilitiesOf(config.video);

/** better-call's signed cookie: `value.base64(HMAC-SHA256(value))`. */
function verifiedToken(cookie: string | undefined): string | undefined {
  if (!cookie) return undefined;
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return undefined;
  const value = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}

/** The session's user and time zone in one statement. */
async function signedInUser(c: Context): Promise<{ userId: string; timeZone: string } | undefined> {
  const token = verifiedToken(getCookie(c, sessionCookie));
  if (!token) return undefined;
  const result = await pool.query<{ user_id: string; timezone: string }>(
    `SELECT s.user_id, u.timezone FROM session s JOIN "user" u ON u.id = s.user_id
     WHERE s.token = $1 AND s.expires_at > now()`,
    [token],
  );
  const row = result.rows[0];
  return row && { userId: row.user_id, timeZone: sessionTimeZone({ timezone: row.timezone }) };
}

/** An instant as JavaScript's toISOString writes it (milliseconds, `Z`), in SQL. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const CREDITS_ANSWER = `
  SELECT json_build_object(
    'balance', COALESCE((SELECT sum(remaining) FROM credit_grants
                         WHERE user_id = $1 AND remaining > 0 AND (expires_at IS NULL OR expires_at > now())), 0),
    'expiringSoon', (SELECT json_build_object(
        'total', COALESCE(sum(remaining), 0),
        'daysLeft', CASE WHEN sum(remaining) > 0
                         THEN ceil(extract(epoch FROM min(expires_at) - now()) / 86400)::int END)
      FROM credit_grants WHERE user_id = $1 AND remaining > 0
        AND expires_at > now() AND expires_at <= now() + interval '7 days'),
    'grants', COALESCE((SELECT json_agg(json_build_object(
        'id', id, 'amount', amount, 'remaining', remaining, 'source', source, 'planType', plan_type,
        'expiresAt', ${iso('expires_at')}, 'createdAt', ${iso('created_at')},
        'expired', COALESCE(expires_at <= now(), false)) ORDER BY created_at DESC, id DESC)
      FROM credit_grants WHERE user_id = $1), '[]'),
    'entries', COALESCE((SELECT json_agg(json_build_object(
        'id', id, 'kind', kind, 'amount', amount, 'createdAt', ${iso('created_at')},
        'grantId', grant_id, 'holdId', hold_id) ORDER BY id DESC)
      FROM (SELECT * FROM credit_ledger_entries WHERE user_id = $1 ORDER BY id DESC NULLS LAST LIMIT 20) e), '[]')
  )::text AS body`;

const app = new Hono();
app.get('/hello', (c) => c.json({ status: 'ok' }));

app.get('/credits', async (c) => {
  const user = await signedInUser(c);
  if (!user) return c.json({ error: 'unauthorized' }, 401);
  const result = await pool.query<{ body: string }>(CREDITS_ANSWER, [user.userId]);
  return c.body(result.rows[0]?.body ?? '{}', 200, { 'content-type': 'application/json' });
});

app.get('/videos', async (c) => {
  const user = await signedInUser(c);
  if (!user) return c.json({ error: 'unauthorized' }, 401);
  const result = await pool.query<ListRow & { total: string }>(
    `SELECT ${listColumns(VIDEO_REQUEST_SHAPE)}, count(*) OVER () AS total FROM video_requests
     WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${HISTORY_PAGE_SIZE}`,
    [user.userId],
  );
  const total = Number(result.rows[0]?.total ?? 0);
  const rows = result.rows.map(({ total: _total, ...row }) => row);
  return c.json({
    items: await toListItems(rows, storage, ttlSeconds),
    page: 1,
    pageSize: HISTORY_PAGE_SIZE,
    total,
    totalPages: Math.ceil(total / HISTORY_PAGE_SIZE),
    totalCapped: false,
  });
});

app.get('/videos/:id', async (c) => {
  const user = await signedInUser(c);
  if (!user) return c.json({ error: 'unauthorized' }, 401);
  const result = await pool.query<VideoRequestRecord & { take_checks: TakeCheckView[] }>(
    `SELECT ${VIDEO_REQUEST_COLUMNS},
            COALESCE((SELECT json_agg(json_build_object('take', take, 'passed', passed, 'problems', problems,
                                                        'checkedAt', ${iso('checked_at')}) ORDER BY take)
                      FROM take_checks WHERE request_id = video_requests.id), '[]') AS take_checks
     FROM video_requests WHERE id = $1 AND user_id = $2`,
    [c.req.param('id'), user.userId],
  );
  const row = result.rows[0];
  if (!row) return c.json({ error: 'not_found' }, 404);
  const { take_checks: takeChecks, ...record } = row;
  const request = await toVideoRequestView(record, storage, {
    ttlSeconds,
    capabilities,
    timeZone: user.timeZone,
    takeChecks: new Map([[record.id, takeChecks]]),
  });
  return c.json({ request });
});

app.get('/stats', async (c) => {
  const user = await signedInUser(c);
  if (!user) return c.json({ error: 'unauthorized' }, 401);
  const monthStart = statsRangeStart('month', new Date(), user.timeZone);
  const result = await pool.query<{
    created: number;
    spent: number;
    fast: number;
    quality: number;
    balance: number;
  }>(
    `SELECT count(*)::int AS created,
            COALESCE(sum(credits_used) FILTER (WHERE status <> 'failed'), 0)::int AS spent,
            count(*) FILTER (WHERE quality = 'fast')::int AS fast,
            count(*) FILTER (WHERE quality = 'quality')::int AS quality,
            (SELECT COALESCE(sum(remaining), 0)::int FROM credit_grants
             WHERE user_id = $1 AND remaining > 0 AND (expires_at IS NULL OR expires_at > now())) AS balance
     FROM video_requests WHERE user_id = $1 AND created_at >= $2`,
    [user.userId, monthStart],
  );
  const row = result.rows[0] ?? { created: 0, spent: 0, fast: 0, quality: 0, balance: 0 };
  return c.json({
    range: 'month',
    videosCreated: row.created,
    creditsSpent: row.spent,
    thisMonth: row.created,
    mostUsedQuality: row.created === 0 ? null : row.fast >= row.quality ? 'fast' : 'quality',
    balance: row.balance,
  });
});

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
const ceiling = http
  .createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '15' });
    response.end('{"status":"ok"}');
  })
  .listen(Number(process.env.CEILING_PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  ceiling.close();
  void pool.end().then(() => process.exit(0));
});
