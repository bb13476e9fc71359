import type pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { VIDEO_REQUEST_SHAPE } from '#server/video-requests/video-request-row.server';
import { historyQuerySchema } from '#shared/history-filters';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { listHistory } from './history-page.server';
import { indexWords, searchMatchesStatement, searchWalkStatement } from './history-search.server';

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

const zone = 'America/Sao_Paulo';
const hour = new Date(Date.now() - 3_600_000);

it('answers a search whose matches are common from the walk alone, as the matches-first query would', async () => {
  const query = historyQuerySchema.parse({ q: 'cidade', page: '2' });
  const walk = searchWalkStatement('searcher', query, zone, hour, VIDEO_REQUEST_SHAPE);
  const walked = (await pool.query<{ id: string | null }>(walk)).rows.map((row) => row.id);
  for (const words of [[], ['cidade']]) {
    const matches = searchMatchesStatement('searcher', query, zone, words, VIDEO_REQUEST_SHAPE);
    const fetched = (await pool.query<{ id: string }>(matches)).rows.map((row) => row.id);
    expect(walked).toHaveLength(10);
    expect(walked).toEqual(fetched);
  }
});

it('fetches a rare term by its words uncommon among the rows the walk read, and finds what the whole term finds', async () => {
  type Walked = { wordHits: { word: string; hits: number }[] | null; walkedCount: number; id: string | null };
  const walkOf = async (q: string) =>
    (
      await pool.query<Walked>(
        searchWalkStatement('searcher', historyQuerySchema.parse({ q }), zone, hour, VIDEO_REQUEST_SHAPE),
      )
    ).rows;
  // The 200 newest rows are almost all "Cidade …": "591" is uncommon there, "cidade" is not.
  const rare = await walkOf('Cidade 591');
  expect(rare.map((row) => row.id)).toEqual([null]);
  expect(rare[0]?.wordHits).toEqual([
    { word: '591', hits: 0 },
    { word: 'cidade', hits: 200 },
  ]);
  expect(indexWords(rare[0]?.wordHits ?? null, 200)).toEqual(['591']);
  // Uncommon words all go to the index (their trigrams narrow the matches together); common ones alone, the rarest.
  expect(
    indexWords(
      [
        { word: 'azul', hits: 1 },
        { word: 'praia', hits: 3 },
      ],
      200,
    ),
  ).toEqual(['azul', 'praia']);
  expect(
    indexWords(
      [
        { word: 'rua', hits: 90 },
        { word: 'cidade', hits: 200 },
      ],
      200,
    ),
  ).toEqual(['rua']);
  // Words too short for a trigram lookup leave the whole term to the index.
  const short = await walkOf('e 5');
  expect(short[0]?.wordHits).toBeNull();
  expect(indexWords(short[0]?.wordHits ?? null, 200)).toEqual([]);
  for (const q of ['Cidade 591', 'cidade 59', 'e 5', 'ade 59']) {
    const { rows, total } = await listHistory(pool, 'searcher', historyQuerySchema.parse({ q }), zone);
    const { rows: plain } = await pool.query<{ prompt: string; total: number }>(
      `SELECT prompt, count(*) OVER ()::int AS total FROM video_requests
       WHERE user_id = 'searcher' AND prompt ILIKE '%' || $1 || '%' ORDER BY created_at DESC, id DESC LIMIT 10`,
      [q],
    );
    expect(rows.map((row) => row.prompt)).toEqual(plain.map((row) => row.prompt));
    expect(total).toBe(plain[0]?.total ?? 0);
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
