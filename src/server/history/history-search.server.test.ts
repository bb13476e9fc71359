import type pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { historyQuerySchema } from '#shared/history-filters';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { historyPageStatements, historySearchStatement, listHistory } from './history.server';

/**
 * A search first walks the newest rows of its other filters and, when they hold no full page, fetches the matches
 * through the trigram index and sorts them: either way the page is the same rows in the same order.
 */

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 4 });
  await pool.query(`INSERT INTO "user" (id, name, email) VALUES ('searcher', 'Ana', 'searcher@example.com')`);
  // 600 requests one hour apart, newest first by i: only the 30 oldest Fast ones mention a beach, far past the
  // 200 rows a first-page walk reads; every third one is Quality.
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, created_at)
     SELECT gen_random_uuid(), 'searcher', gen_random_uuid(),
            CASE WHEN i > 510 AND i % 3 <> 0 THEN 'Praia ' || i ELSE 'Cidade ' || i END,
            CASE WHEN i % 3 = 0 THEN 'quality' ELSE 'fast' END, '16:9', 10, 'completed',
            now() - make_interval(hours => i)
     FROM generate_series(1, 600) i`,
  );
  await pool.query('ANALYZE video_requests');
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

/** The page and the total as a plain query computes them; `from` is a day in São Paulo. */
const expected = async (quality: string, from: string | undefined, offset: number) => {
  const { rows } = await pool.query<{ prompt: string; total: number }>(
    `SELECT prompt, count(*) OVER ()::int AS total FROM video_requests WHERE user_id = 'searcher'
       AND prompt ILIKE '%praia%' AND ($1 = 'all' OR quality = $1)
       AND ($2::date IS NULL OR created_at >= $2::date::timestamp AT TIME ZONE 'America/Sao_Paulo')
     ORDER BY created_at DESC, id DESC`,
    [quality, from ?? null],
  );
  return { page: rows.slice(offset, offset + 10).map((row) => row.prompt), total: rows[0]?.total };
};

it('finds matches the walk does not reach, in the page order and with their total, on every page and day range', async () => {
  // 24 days ago: about halfway through the beach prompts (21 to 25 days old).
  const from = new Date(Date.now() - 23 * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'America/Sao_Paulo',
  });
  for (const [quality, page, since] of [
    ['all', 1, undefined],
    ['all', 3, undefined],
    ['fast', 1, undefined],
    ['fast', 4, undefined],
    ['fast', 1, from],
    ['all', 2, from],
  ] as const) {
    const query = historyQuerySchema.parse({ q: 'PRAIA', quality, page: String(page), from: since });
    const { rows, total } = await listHistory(pool, 'searcher', query, 'America/Sao_Paulo');
    const want = await expected(quality, since, (page - 1) * 10);
    expect(want.page.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.prompt)).toEqual(want.page);
    expect(total).toBe(want.total);
  }
});

it('answers a search whose matches are common from the walk alone, as the matches-first query would', async () => {
  const query = historyQuerySchema.parse({ q: 'cidade', page: '2' });
  const [walk, sorted] = historyPageStatements('searcher', query, 'America/Sao_Paulo');
  if (!walk || !sorted) throw new Error('a search has two statements');
  const walked = (await pool.query<{ id: string }>(walk.text, walk.values)).rows.map((row) => row.id);
  const fetched = (await pool.query<{ id: string }>(sorted.text, sorted.values)).rows.map((row) => row.id);
  expect(walked).toHaveLength(10);
  expect(walked).toEqual(fetched);
});

it("answers a search in one statement: the walk's page when it fills one, else the matches-first page with its count", async () => {
  const rowsOf = async ({ text, values }: { text: string; values: unknown[] }) =>
    (await pool.query<{ id: string; matchCount: number | null }>(text, values)).rows;
  for (const q of ['cidade', 'praia']) {
    const statements = historyPageStatements(
      'searcher',
      historyQuerySchema.parse({ q, page: '2' }),
      'America/Sao_Paulo',
    );
    const [walk, sorted] = statements;
    if (!walk || !sorted) throw new Error('a search has two statements');
    const walked = await rowsOf(walk);
    const one = await rowsOf(historySearchStatement(statements));
    // Without a recent count to take along, `recentCount` is null on either branch.
    const expected =
      walked.length === 10
        ? walked.map((row) => ({ ...row, matchCount: null, recentCount: null }))
        : (await rowsOf(sorted)).map((row) => ({ ...row, recentCount: null }));
    expect(one.length).toBe(10);
    expect(one).toEqual(expected);
  }
});

it('answers a page its walk filled in one round trip once the settled count is kept, a new match counted with it', async () => {
  const query = historyQuerySchema.parse({ q: 'CIDADE', page: '2' });
  // Every third request is Quality, the 60 oldest others are beaches: 540 cities, most of them settled (an hour old).
  const first = await listHistory(pool, 'searcher', query, 'America/Sao_Paulo');
  expect(first.total).toBe(540);
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status)
     VALUES (gen_random_uuid(), 'searcher', gen_random_uuid(), 'Cidade nova', 'fast', '16:9', 10, 'pending')`,
  );
  const queries = vi.spyOn(pool, 'query');
  try {
    const again = await listHistory(pool, 'searcher', query, 'America/Sao_Paulo');
    expect(queries).toHaveBeenCalledTimes(1);
    expect(again.total).toBe(541);
    expect(again.rows).toHaveLength(10);
  } finally {
    queries.mockRestore();
  }
});
