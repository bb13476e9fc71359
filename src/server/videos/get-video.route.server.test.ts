import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoRequestView } from '#shared/video-request';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { postForm, videoParts } from '#tests/support/multipart-forms';
import { signedUpIn, signedUpWithCredits } from '#tests/support/users';

/** GET /api/videos/:id end to end, on the real server and database (disk storage). */

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;

beforeAll(async () => {
  // A long render delay keeps the created request pending while it is read.
  ({ app, pool, storageDir } = await startDiskApp('cena-get-video-', { LOCAL_RENDER_DELAY_MS: '600000' }));
});

afterAll(() => stopDiskApp({ app, pool, storageDir }));

const user = (credits = 0) => signedUpWithCredits(app.url, pool, credits);

describe('GET /api/videos/:id', () => {
  it('answers 404 for another user’s request, an unknown id and a malformed id', async () => {
    const owner = await user(30);
    const other = await user(0);
    const created = await postForm(app.url, owner.client, '/api/videos', videoParts());
    for (const id of [created.body.request.id, randomUUID(), 'not-a-uuid']) {
      const answer = await other.client.json(`/api/videos/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        error: { code: 'not_found', message: 'Solicitação não encontrada' },
      });
    }
  });

  it('names the download cena-<day in the owner’s zone>-<first words of the prompt>.mp4', async () => {
    const owner = await signedUpIn(app.url, pool, 'America/New_York');
    const [id] = (
      await pool.query<{ id: string }>(
        `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
                                     video_key, created_at, completed_at)
         VALUES (gen_random_uuid(), $1, gen_random_uuid(), 'Câmera na mão se aproximando devagar do açaí', 'fast',
                 '16:9', 10, 'completed', $2, '2026-05-01T03:30:00Z', now()) RETURNING id`,
        [owner.userId, `${owner.userId}/videos/v/video.mp4`],
      )
    ).rows.map((row) => row.id);
    await fs.mkdir(path.join(storageDir, owner.userId, 'videos', 'v'), { recursive: true });
    await fs.writeFile(path.join(storageDir, owner.userId, 'videos', 'v', 'video.mp4'), 'mp4');

    const read = await owner.client.json<{ request: VideoRequestView }>(`/api/videos/${id}`);
    const downloadUrl = read.body.request.downloadUrl as string;
    const download = await fetch(new URL(downloadUrl, app.url));
    // 03:30 UTC on 1 May is 23:30 on 30 April in New York (UTC−4).
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="cena-2026-04-30-camera-na-mao-se-aproximando-devagar.mp4"',
    );
  });

  it('requires a session', async () => {
    expect((await fetch(`${app.url}/api/videos/${randomUUID()}`)).status).toBe(401);
  });
});
