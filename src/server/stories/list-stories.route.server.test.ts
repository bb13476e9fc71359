import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { storyListSchema } from '#shared/stories';
import { startTestApp, type TestApp } from '#tests/support/app';
import { seedStory } from '#tests/support/stories';
import { insertUser, signedUpWithCredits } from '#tests/support/users';
import { STORY_SUMMARIES_SQL } from './story-summaries.server';

/**
 * `GET /api/stories` reads its list in a fixed number of statements however many stories there are (ADR 0062), each
 * story's status, shots and film as the board derives them, and the statement walks indexes only.
 */

let app: TestApp;
let pool: pg.Pool;

beforeAll(async () => {
  app = await startTestApp();
  pool = app.cena.pool;
}, 60_000);

afterAll(() => app?.stop());

type List = ReturnType<typeof storyListSchema.parse>;

/** The statements the pool runs while `during` runs. */
async function statements(during: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const spy = vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
    const [first] = args as [string | { text: string }];
    seen.push(typeof first === 'string' ? first : first.text);
    return query(...args);
  }) as unknown as pg.Pool['query']);
  try {
    await during();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

describe('GET /api/stories', () => {
  it('reads 1 story and 20 stories in the same statements, each summed and derived as the board does', async () => {
    const { client, userId } = await signedUpWithCredits(app.url, pool, 0);
    await seedStory(pool, userId, {
      title: 'Primeiro roteiro',
      shots: [
        { seconds: 5, takes: ['completed'] },
        { seconds: 8, takes: ['failed', 'processing'] },
      ],
      createdAt: '2026-01-01T10:00:00Z',
    });
    const list = async () => {
      const answer = await client.json<List>('/api/stories');
      expect(answer.status).toBe(200);
      return answer.body;
    };
    await list();
    let one: List | undefined;
    const forOne = await statements(async () => {
      one = await list();
    });
    expect(one?.items).toEqual([
      expect.objectContaining({ title: 'Primeiro roteiro', shots: 2, totalSeconds: 13, status: 'drafting' }),
    ]);
    expect(one?.items[0]?.thumbnailUrl).toMatch(/^\/media\//);

    for (let n = 0; n < 19; n++) {
      await seedStory(pool, userId, {
        title: `Roteiro ${n}`,
        shots: [{ seconds: 4, takes: ['completed'] }, { seconds: 6, takes: ['completed'] }, {}],
        film: n === 0 ? 'completed' : undefined,
        createdAt: new Date(Date.UTC(2026, 0, 2, 10, n)).toISOString(),
      });
    }
    let twenty: List | undefined;
    const forTwenty = await statements(async () => {
      twenty = await list();
    });
    expect(twenty?.items).toHaveLength(20);
    expect(forTwenty).toHaveLength(forOne.length);
    expect(forTwenty.filter((text) => /stor(y|ies)/.test(text))).toHaveLength(1);
    // Newest first; a shot never drafted leaves the story a plan, a completed finish makes it finished.
    expect(twenty?.items[0]).toMatchObject({
      title: 'Roteiro 18',
      shots: 3,
      totalSeconds: 15,
      status: 'plan',
    });
    expect(twenty?.items.find((item) => item.title === 'Roteiro 0')).toMatchObject({ status: 'finished' });
    expect(twenty?.items.at(-1)).toMatchObject({ title: 'Primeiro roteiro' });
  }, 60_000);

  it('finds the stories, their shots, finishes and requests by index, never a scan', async () => {
    const userId = await insertUser(pool);
    const { id } = await seedStory(pool, userId, { shots: [{ takes: ['completed'] }], film: 'completed' });
    // Tables like production's: many users' stories, so the planner's choice is the real one.
    const others: string[] = [];
    for (let n = 0; n < 20; n++) others.push(await insertUser(pool));
    await pool.query(
      `WITH s AS (
         INSERT INTO stories (user_id, title, idea, aspect_ratio, target_seconds, planned_by, created_at)
         SELECT ($1::text[])[1 + n % 20], 'Roteiro ' || n, 'Ideia', '9:16', 30, 'rules', now() - make_interval(mins => n)
         FROM generate_series(1, 4000) AS n RETURNING id, user_id),
       films AS (
         INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
                                     film, story_id)
         SELECT gen_random_uuid(), user_id, gen_random_uuid(), 'Filme', 'quality', '9:16', 0, 'completed', true, id
         FROM s RETURNING id, story_id)
       INSERT INTO story_finishes (film_request_id, story_id, quality, shot_request_ids, dialogue, state)
       SELECT id, story_id, 'quality', '{}', '[]', 'completed' FROM films`,
      [others],
    );
    await pool.query(
      `INSERT INTO story_shots (story_id, position, prompt, seconds)
       SELECT s.id, p, 'Cena', 5 FROM stories s, generate_series(1, 5) AS p WHERE s.user_id = ANY($1::text[])`,
      [others],
    );
    await pool.query('ANALYZE stories; ANALYZE story_shots; ANALYZE story_finishes; ANALYZE video_requests');
    for (const ids of [null, [id]]) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${STORY_SUMMARIES_SQL}`, [
        userId,
        ids,
        30,
      ]);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(/using (stories_user_created_idx|stories_pkey) on stories s/);
      expect(plan).toMatch(/story_shots_story_position_idx/);
      expect(plan).toMatch(/Index Cond: \(user_id = '/);
      expect(plan).toMatch(/story_finishes_story_idx/);
      expect(plan).toMatch(/video_requests_story_idx/);
    }
  }, 60_000);
});
