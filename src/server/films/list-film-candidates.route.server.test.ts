import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilmCandidatesResponse } from '#shared/films';
import type { VideoStatus } from '#shared/video-status';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { storeVideo } from '#tests/support/films';
import { insertUser, signedUpWithCredits } from '#tests/support/users';
import { FILM_CANDIDATES_SQL } from './list-film-candidates.route.server';

/**
 * `GET /api/films/candidates` lists a submit's variations as one row (ADR 0028): the kept one, or the first
 * completed while none is kept, with the group's other completed variations behind it; on the real database.
 */

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;

beforeAll(async () => {
  ({ app, pool, storageDir } = await startDiskApp('cena-film-candidates-'));
});

afterAll(() => stopDiskApp({ app, pool, storageDir }));

/** A video as the pipeline leaves it, its file "stored" (the list signs its key and reads nothing). */
async function video(userId: string, status: VideoStatus = 'completed', minutesAgo = 0): Promise<string> {
  const id = await storeVideo(pool, app.cena.storage, userId, { status });
  await pool.query(
    `UPDATE video_requests
     SET video_key = CASE WHEN status = 'completed' THEN user_id || '/videos/' || id || '/video.mp4' END,
         delivered_seconds = CASE WHEN status = 'completed' THEN 8 END,
         created_at = now() - make_interval(mins => $2)
     WHERE id = $1`,
    [id, minutesAgo],
  );
  return id;
}

/** One submit's variations (the same creation time, as a submit gives them), `kept` marked on each row. */
async function variations(userId: string, statuses: VideoStatus[], minutesAgo: number, kept?: number) {
  const ids: string[] = [];
  for (const status of statuses) ids.push(await video(userId, status, minutesAgo));
  await pool.query(
    `UPDATE video_requests SET variation_ids = $1::uuid[], kept_variation_id = $2 WHERE id = ANY($1::uuid[])`,
    [ids, kept === undefined ? null : ids[kept]],
  );
  return ids;
}

describe('GET /api/films/candidates', () => {
  it('lists one row per submit: the kept variation, else the first completed, the others behind it', async () => {
    const { client, userId } = await signedUpWithCredits(app.url, pool);
    const single = await video(userId, 'completed', 1);
    const kept = await variations(userId, ['completed', 'completed', 'completed'], 2, 2);
    const noneKept = await variations(userId, ['failed', 'completed', 'completed'], 3);
    const allFailed = await variations(userId, ['failed', 'failed'], 4);

    const answer = await client.json<FilmCandidatesResponse>('/api/films/candidates');
    expect(answer.status).toBe(200);
    const rows = answer.body.items.map((item) => [item.id, item.otherVariations.map((other) => other.id)]);
    expect(rows).toEqual([
      [single, []],
      [kept[2], [kept[0], kept[1]]],
      [noneKept[1], [noneKept[2]]],
    ]);
    expect(answer.body.items.flatMap((item) => item.otherVariations)).not.toContainEqual(
      expect.objectContaining({ id: allFailed[0] }),
    );
    const other = answer.body.items[1]?.otherVariations[0];
    expect(other).toMatchObject({ aspectRatio: '16:9', deliveredSeconds: 8, film: false });
    expect(other?.videoUrl).toContain(kept[0]);
    expect(Number.isNaN(Date.parse(other?.createdAt ?? ''))).toBe(false);

    // A later choice moves the group's row to the newly kept one.
    await client.json(`/api/videos/${kept[0]}/keep`, { method: 'POST', json: {} });
    const again = await client.json<FilmCandidatesResponse>('/api/films/candidates');
    expect(again.body.items.map((item) => item.id)).toEqual([single, kept[0], noneKept[1]]);
  });

  it('reads the user’s videos and each group’s variations by index, never a scan', async () => {
    const { userId } = await signedUpWithCredits(app.url, pool);
    await variations(userId, ['completed', 'completed'], 1, 1);
    // A table like production's: many users, each a small part of it, so the planner's choice is the real one.
    const others: string[] = [];
    for (let n = 0; n < 40; n++) others.push(await insertUser(pool));
    await pool.query(
      `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
                                   video_key, delivered_seconds, created_at)
       SELECT gen_random_uuid(), CASE WHEN n % 41 = 0 THEN $1 ELSE ($2::text[])[n % 41] END, gen_random_uuid(),
              'Cena ' || n, 'fast', '16:9', 10, 'completed', 'v/' || n, 8, now() - make_interval(mins => n)
       FROM generate_series(1, 20000) AS n`,
      [userId, others],
    );
    await pool.query('ANALYZE video_requests');
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${FILM_CANDIDATES_SQL}`, [
      userId,
      200,
    ]);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    // The user's rows are found by an index on user_id; each group's variations by their ids, never by a scan.
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toMatch(/Index Cond: \(user_id = '/);
    expect(plan.match(/Index Cond: .*id = ANY \(v\.variation_ids\)/g)).toHaveLength(2);
  });
});
