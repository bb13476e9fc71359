import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '#shared/history-list';
import { type DiskApp, startDiskApp, stopDiskApp } from '#tests/support/app';
import { seedStory } from '#tests/support/stories';
import { signedUpIn } from '#tests/support/users';
import { seedVideoRequests } from '#tests/support/video-requests';

/**
 * A story (Roteiro, ADR 0062) is ONE item of the history: the row of its first request, carrying the story — its
 * title, shots, status, film and spend — while its other requests (each shot's takes, re-rolls, finishes, the film)
 * are not listed one by one. The CSV, an account of every request, still lists them all.
 */

let running: DiskApp;
let pool: pg.Pool;

beforeAll(async () => {
  running = await startDiskApp('cena-history-stories-', { LOCAL_RENDER_DELAY_MS: '600000' });
  pool = running.pool;
}, 60_000);

afterAll(() => stopDiskApp(running));

describe('GET /api/videos with a story', () => {
  it('lists the story as one item with its shots, its film and its status', async () => {
    const { client, userId } = await signedUpIn(running.app.url, pool);
    const [older] = await seedVideoRequests(pool, userId, [{ createdAt: '2026-03-01T12:00:00Z' }]);
    const story = await seedStory(pool, userId, {
      title: 'A padaria abre de manhã',
      shots: [
        { seconds: 5, takes: ['completed'] },
        { seconds: 8, takes: ['failed', 'completed'] },
        { seconds: 5, takes: ['completed'] },
      ],
      film: 'completed',
      createdAt: '2026-03-02T12:00:00Z',
    });
    const [newer] = await seedVideoRequests(pool, userId, [{ createdAt: '2026-03-03T12:00:00Z' }]);

    const answer = await client.json<HistoryPage>('/api/videos');
    expect(answer.status).toBe(200);
    const { items, total } = answer.body;
    expect(items.map((item) => item.id)).toEqual([newer, story.takes[0]?.[0], older]);
    expect(total).toBe(3);
    const [, item] = items;
    expect(item?.story).toEqual({
      id: story.id,
      title: 'A padaria abre de manhã',
      shots: 3,
      totalSeconds: 18,
      status: 'finished',
      // Three delivered takes of 2 credits (the failed one refunded); the film itself costs nothing.
      creditsUsed: 6,
      film: { id: story.filmId, status: 'completed', thumbnailUrl: expect.stringMatching(/^\/media\//) },
      thumbnailUrl: expect.stringMatching(/^\/media\//),
    });
    expect(item?.story?.thumbnailUrl).toBe(item?.story?.film?.thumbnailUrl);
    expect(items[0]?.story).toBeNull();
    expect(items[2]?.story).toBeNull();

    // The filters and the search see the story's one row too: no shot of it is found on its own.
    const failed = await client.json<HistoryPage>('/api/videos?status=failed');
    expect(failed.body.items).toEqual([]);
    const found = await client.json<HistoryPage>(`/api/videos?q=${encodeURIComponent('Cena 2 da padaria')}`);
    expect(found.body.items).toEqual([]);

    // The CSV lists every request: 2 videos, 4 takes and the film.
    const csv = await client.fetch('/api/videos/export.csv');
    expect(csv.status).toBe(200);
    expect((await csv.text()).trim().split('\n')).toHaveLength(1 + 7);
  }, 60_000);
});
