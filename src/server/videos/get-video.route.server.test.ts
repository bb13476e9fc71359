import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, expect, it, vi } from 'vitest';
import { takeChecksOf } from '#server/generation/generation.server';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';

let app: TestApp | undefined;
afterAll(async () => {
  await app?.stop();
});

/** The statements a request makes that read `table` names, while `during` runs. */
async function statementsOn(pool: pg.Pool, tables: RegExp, during: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const spy = vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
    const [first] = args as [string | { text: string }];
    const text = typeof first === 'string' ? first : first.text;
    if (tables.test(text)) seen.push(text);
    return query(...args);
  }) as unknown as pg.Pool['query']);
  try {
    await during();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

it('GET /api/videos/{id} reads the request and its take checks in one statement', async () => {
  app = await startTestApp();
  const { client } = await signUpAndVerify(app.url);
  const me = (await (await client.fetch('/api/auth/get-session')).json()) as { user: { id: string } };
  const pool = app.cena.pool;
  const id = randomUUID();
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
                                 video_key, thumbnail_key, completed_at)
     VALUES ($1::uuid, $2, gen_random_uuid(), 'Um farol na tempestade', 'fast', '16:9', 10, 'completed',
             $2 || '/videos/' || $1::text || '/video.mp4', $2 || '/videos/' || $1::text || '/thumbnail.jpg', now())`,
    [id, me.user.id],
  );
  await pool.query(
    `INSERT INTO take_checks (request_id, take, passed, problems, checked_at)
     VALUES ($1, 2, true, '[]', '2030-01-01T12:00:05.678901Z'),
            ($1, 1, false, '[{"kind": "frozen", "detail": "imagem parada"}]', '2030-01-01T12:00:01.5Z')`,
    [id],
  );
  expect((await client.fetch(`/api/videos/${id}`)).status).toBe(200);
  let body: { request: { id: string; takeChecks: unknown } } | undefined;
  const statements = await statementsOn(pool, /video_requests|take_checks/, async () => {
    const response = await client.fetch(`/api/videos/${id}`);
    expect(response.status).toBe(200);
    body = (await response.json()) as typeof body;
  });
  expect(statements).toHaveLength(1);
  expect(body?.request.id).toBe(id);
  expect(body?.request.takeChecks).toEqual((await takeChecksOf(pool, [id])).get(id));
  expect(body?.request.takeChecks).toEqual([
    {
      take: 1,
      passed: false,
      problems: [{ kind: 'frozen', detail: 'imagem parada' }],
      checkedAt: '2030-01-01T12:00:01.500Z',
    },
    { take: 2, passed: true, problems: [], checkedAt: '2030-01-01T12:00:05.678Z' },
  ]);
});
