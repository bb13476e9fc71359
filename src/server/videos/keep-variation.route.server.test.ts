import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoRequestListItem } from '#shared/history-list';
import type { VideoRequestView } from '#shared/video-request';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { postForm, videoParts } from '#tests/support/multipart-forms';
import { signedUpWithCredits } from '#tests/support/users';

type Answer = { request: VideoRequestView; error: { code: string; message: string } };

/** POST /api/videos/:id/keep ('Ficar com esta', ADR 0028) end to end, on the real server and database. */

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;

beforeAll(async () => {
  // A long render delay keeps the created requests pending; the test completes them itself.
  ({ app, pool, storageDir } = await startDiskApp('cena-keep-', { LOCAL_RENDER_DELAY_MS: '600000' }));
});

afterAll(() => stopDiskApp({ app, pool, storageDir }));

async function threeVariations() {
  const owner = await signedUpWithCredits(app.url, pool, 40);
  const created = await postForm(
    app.url,
    owner.client,
    '/api/videos',
    videoParts(undefined, [['variations', '3']]),
  );
  expect(created.status).toBe(201);
  const ids: string[] = created.body.group.map((member: { id: string }) => member.id);
  return { owner, ids };
}

/**
 * One row per statement: the worker's queue dispatch locks the same rows one by one in its own order inside one
 * transaction, so a single UPDATE of all three could hold one of them while waiting for another (a deadlock).
 */
async function complete(ids: string[]) {
  for (const id of ids) {
    await pool.query(`UPDATE video_requests SET status = 'completed', completed_at = now() WHERE id = $1`, [
      id,
    ]);
  }
}

const keptOf = async (ids: string[]) =>
  (
    await pool.query<{ kept: string | null }>(
      'SELECT kept_variation_id AS kept FROM video_requests WHERE id = ANY($1::uuid[])',
      [ids],
    )
  ).rows.map((row) => row.kept);

describe('POST /api/videos/:id/keep', () => {
  it('marks the variation kept on every request of its group, idempotently, and a later choice replaces it', async () => {
    const { owner, ids } = await threeVariations();
    await complete(ids);
    const [first, second] = ids as [string, string, string];

    for (let n = 0; n < 2; n++) {
      const kept = await owner.client.json<Answer>(`/api/videos/${second}/keep`, { method: 'POST' });
      expect(kept.status).toBe(200);
      expect(kept.body.request.variation).toEqual({ groupId: first, requestIds: ids, keptId: second });
    }
    expect(await keptOf(ids)).toEqual([second, second, second]);
    const read = await owner.client.json<Answer>(`/api/videos/${first}`);
    expect(read.body.request.variation?.keptId).toBe(second);

    expect((await owner.client.json(`/api/videos/${first}/keep`, { method: 'POST', json: {} })).status).toBe(
      200,
    );
    expect(await keptOf(ids)).toEqual([first, first, first]);

    // The history marks the kept one: the group's cover.
    const history = await owner.client.json<{ items: VideoRequestListItem[] }>('/api/videos?page=1');
    const kept = history.body.items.filter((item) => item.variation?.kept);
    expect(kept.map((item) => item.id)).toEqual([first]);
  });

  it('answers 404 for another user’s variation and changes nothing', async () => {
    const { ids } = await threeVariations();
    await complete(ids);
    const other = await signedUpWithCredits(app.url, pool, 0);
    for (const id of [ids[1], randomUUID(), 'not-a-uuid']) {
      const answer = await other.client.json<Answer>(`/api/videos/${id}/keep`, { method: 'POST' });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    }
    expect(await keptOf(ids)).toEqual([null, null, null]);
  });

  it('refuses an unfinished variation, a single video and a body with fields, with a pt-BR reason', async () => {
    const { owner, ids } = await threeVariations();
    const pending = await owner.client.json<Answer>(`/api/videos/${ids[0]}/keep`, { method: 'POST' });
    expect(pending.status).toBe(409);
    expect(pending.body.error).toMatchObject({
      code: 'not_completed',
      message: expect.stringContaining('pronta'),
    });

    const single = await postForm(app.url, owner.client, '/api/videos', videoParts());
    await complete([single.body.request.id]);
    const alone = await owner.client.json<Answer>(`/api/videos/${single.body.request.id}/keep`, {
      method: 'POST',
    });
    expect(alone.status).toBe(409);
    expect(alone.body.error.code).toBe('not_a_variation');

    await complete(ids);
    const extra = await owner.client.json<Answer>(`/api/videos/${ids[0]}/keep`, {
      method: 'POST',
      json: { id: ids[1] },
    });
    expect(extra.status).toBe(400);
    expect(await keptOf(ids)).toEqual([null, null, null]);
  });
});
