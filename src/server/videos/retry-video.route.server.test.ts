import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { balance } from '#server/credits/ledger-reads.server';
import { failRequest } from '#server/generation/generate-video.job.server';
import type { VideoRequestView } from '#shared/video-request';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { type Part, png, postForm, saveMember, videoParts } from '#tests/support/multipart-forms';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';
import { RETRY_NOT_FAILED } from './retry-video-request.server';

/**
 * `POST /api/videos/{id}/retry` ('Tentar de novo') end to end on the real server and database (disk storage, local
 * provider). Requests are failed the way the pipeline fails them (`failRequest`: the row and its hold's void).
 */

type Answer = { request: VideoRequestView; error: { code: string; message: string } };

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;

beforeAll(async () => {
  // A long render delay keeps the created requests pending: the test fails them itself.
  ({ app, pool, storageDir } = await startDiskApp('cena-retry-', { LOCAL_RENDER_DELAY_MS: '600000' }));
});

afterAll(() => stopDiskApp({ app, pool, storageDir }));

const retry = (client: SessionClient, id: string, clientKey: string = randomUUID()) =>
  client.json<Answer>(`/api/videos/${id}/retry`, { method: 'POST', json: { clientKey } });

/** The stored inputs a retry must carry over, and the hold it must not share. */
async function storedInputs(id: string) {
  const row = await pool.query(
    `SELECT prompt, quality, aspect_ratio, clip_seconds, master_resolution, seed, first_frame_key,
            reference_image_keys, "cast", structured_prompt, hold_id, variation_ids
     FROM video_requests WHERE id = $1`,
    [id],
  );
  return row.rows[0] as Record<string, unknown>;
}

async function failedRequest(client: SessionClient, extra: [string, Part][] = []) {
  const named = new Set(extra.map(([name]) => name));
  const parts = [...videoParts().filter(([name]) => !named.has(name)), ...extra];
  const created = await postForm(app.url, client, '/api/videos', parts);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (const member of created.body.group)
    expect(await failRequest(pool, member.id, 'O modelo recusou.')).toBe(true);
  return created.body;
}

describe('POST /api/videos/{id}/retry', () => {
  it('makes a failed variation again as one request with the same inputs and its own hold; a double click makes one', async () => {
    const { client, userId } = await signedUpWithCredits(app.url, pool, 60);
    const ana = (await saveMember(app.url, client)).body.member;
    const { request: failed } = await failedRequest(client, [
      ['firstFrame', png('inicio.png')],
      ['castIds', ana.id],
      ['seed', '42424'],
      ['aspectRatio', '9:16'],
      ['quality', 'quality'],
      ['variations', '2'],
    ]);
    // Both variations failed: their holds were voided.
    expect(await balance(pool, userId)).toBe(60);

    const clientKey = randomUUID();
    const clicks = await Promise.all([
      retry(client, failed.id, clientKey),
      retry(client, failed.id, clientKey),
    ]);
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 201]);
    const [made] = clicks.map((click) => click.body.request);
    expect(clicks[1]?.body.request.id).toBe(made?.id);
    if (!made) throw new Error('no request made');
    expect(made.id).not.toBe(failed.id);
    expect(made).toMatchObject({
      status: 'pending',
      kind: 'original',
      variation: null,
      prompt: failed.prompt,
      quality: 'quality',
      aspectRatio: '9:16',
      clipSeconds: failed.clipSeconds,
      masterResolution: failed.masterResolution,
      seed: 42424,
      cast: failed.cast,
      creditsUsed: failed.creditsUsed,
      structuredPrompt: failed.structuredPrompt,
    });
    expect(made.firstFrameUrl).not.toBeNull();

    const [before, after] = [await storedInputs(failed.id), await storedInputs(made.id)];
    const { hold_id: failedHold, variation_ids: failedGroup, ...inputs } = before;
    const { hold_id: ownHold, variation_ids: ownGroup, ...retried } = after;
    expect(retried).toEqual(inputs);
    expect(failedGroup).toHaveLength(2);
    expect(ownGroup).toEqual([]);
    expect(ownHold).not.toBeNull();
    expect(ownHold).not.toBe(failedHold);
    // One request, one hold of its own price.
    expect(await balance(pool, userId)).toBe(60 - made.creditsUsed);
    const count = await pool.query('SELECT 1 FROM video_requests WHERE user_id = $1', [userId]);
    expect(count.rowCount).toBe(3);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('refuses a request that has not failed (409, pt-BR) and answers 404 for another user’s or an unknown id', async () => {
    const { client } = await signedUpWithCredits(app.url, pool, 20);
    const pending = await postForm(app.url, client, '/api/videos', videoParts());
    const refused = await retry(client, pending.body.request.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'cannot_retry', message: RETRY_NOT_FAILED });

    const { request: failed } = await failedRequest(client);
    const other = await signedUpWithCredits(app.url, pool, 20);
    for (const id of [failed.id, randomUUID(), 'not-a-uuid']) {
      const answer = await retry(other.client, id);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    }
    const noKey = await client.json<Answer>(`/api/videos/${failed.id}/retry`, { method: 'POST', json: {} });
    expect(noKey.status).toBe(400);
    const mine = await pool.query(
      'SELECT 1 FROM video_requests WHERE user_id = (SELECT user_id FROM video_requests WHERE id = $1)',
      [failed.id],
    );
    expect(mine.rowCount).toBe(2);
  });

  it('answers a short balance as create does (402 insufficient_credits), holding nothing', async () => {
    const { client, userId } = await signedUpWithCredits(app.url, pool, 10);
    const { request: failed } = await failedRequest(client);
    // The refunded credits go to another video meanwhile.
    expect((await postForm(app.url, client, '/api/videos', videoParts())).status).toBe(201);
    expect(await balance(pool, userId)).toBe(0);

    const short = await retry(client, failed.id);
    const create = await postForm(app.url, client, '/api/videos', videoParts());
    expect(short.status).toBe(402);
    expect(create.status).toBe(402);
    expect(short.body.error).toMatchObject({
      code: 'insufficient_credits',
      message: create.body.error.message,
    });
    expect(await balance(pool, userId)).toBe(0);
    const mine = await pool.query('SELECT 1 FROM video_requests WHERE user_id = $1', [userId]);
    expect(mine.rowCount).toBe(2);
  });
});
