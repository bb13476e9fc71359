import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { postForm, videoParts } from '#tests/support/multipart-forms';
import { signedUpWithCredits } from '#tests/support/users';

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

  it('requires a session', async () => {
    expect((await fetch(`${app.url}/api/videos/${randomUUID()}`)).status).toBe(401);
  });
});
