import { createHmac, timingSafeEqual } from 'node:crypto';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import pg from 'pg';
import { listHistory, sessionTimeZone } from '#server/history/history-page.server';
import { expiringSoon } from '../src/server/credits/ledger-expiry.server';
import { balance, listGrants, recentEntries } from '../src/server/credits/ledger-reads.server';
import { takeChecksOf } from '../src/server/generation/take-check/take-view.server';
import { dashboardStats } from '../src/server/history/dashboard-stats.server';
import { findVideoRequest } from '../src/server/video-requests/video-view.server';
import { historyQuerySchema } from '../src/shared/history-filters';

/**
 * The baseline of `npm run bench:api`, spawned by scripts/bench-api.ts: bare Hono on @hono/node-server and a pg
 * pool of the same size as Cena's, no middleware. Each signed-in read checks the session cookie's HMAC (node:crypto),
 * reads the session row in one query, then runs the same query functions Cena's handler runs on the same database
 * and answers their rows as JSON. What Cena pays beyond this is its web tier: middleware, session reading, input
 * checks and response shaping.
 *
 * Environment: DATABASE_URL, PORT, BETTER_AUTH_SECRET (the cookie signing secret Cena uses).
 */

const SESSION_COOKIE = 'cena.session_token';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const secret = process.env.BETTER_AUTH_SECRET ?? '';

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

/** The session's user and time zone in one query: what Cena's session read carries to its handlers. */
async function signedInUser(c: Context): Promise<{ userId: string; timeZone: string } | undefined> {
  const token = verifiedToken(getCookie(c, SESSION_COOKIE));
  if (!token) return undefined;
  const result = await pool.query<{ user_id: string; timezone: string }>(
    `SELECT s.user_id, u.timezone FROM session s JOIN "user" u ON u.id = s.user_id
     WHERE s.token = $1 AND s.expires_at > now()`,
    [token],
  );
  const row = result.rows[0];
  return row && { userId: row.user_id, timeZone: sessionTimeZone({ timezone: row.timezone }) };
}

const app = new Hono();
app.get('/hello', (c) => c.json({ status: 'ok' }));

app.get('/credits', async (c) => {
  const user = await signedInUser(c);
  if (!user) return c.json({ error: 'unauthorized' }, 401);
  const { userId } = user;
  const now = new Date();
  const [current, soon, grants, entries] = await Promise.all([
    balance(pool, userId, now),
    expiringSoon(pool, userId, now),
    listGrants(pool, userId, now),
    recentEntries(pool, userId, 20),
  ]);
  return c.json({ balance: current, expiringSoon: soon, grants, entries });
});

app.get('/videos', async (c) => {
  const user = await signedInUser(c);
  if (!user) return c.json({ error: 'unauthorized' }, 401);
  const { userId } = user;
  const query = historyQuerySchema.parse({ page: '1' });
  const { rows, total } = await listHistory(pool, userId, query, user.timeZone);
  return c.json({ items: rows, total });
});

app.get('/videos/:id', async (c) => {
  const user = await signedInUser(c);
  if (!user) return c.json({ error: 'unauthorized' }, 401);
  const { userId } = user;
  const request = await findVideoRequest(pool, userId, c.req.param('id'));
  if (!request) return c.json({ error: 'not_found' }, 404);
  const takeChecks = await takeChecksOf(pool, [request.id]);
  return c.json({ request, takeChecks: takeChecks.get(request.id) ?? [] });
});

app.get('/stats', async (c) => {
  const user = await signedInUser(c);
  if (!user) return c.json({ error: 'unauthorized' }, 401);
  const { userId } = user;
  return c.json(await dashboardStats(pool, userId, 'month', user.timeZone));
});

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  process.send?.('listening'),
);
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
