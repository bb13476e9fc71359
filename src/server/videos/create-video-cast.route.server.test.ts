import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { balance } from '#server/credits/ledger-reads.server';
import { failRequest } from '#server/generation/generate-video.job.server';
import type { VideoRequestView } from '#shared/video-request';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import * as forms from '#tests/support/multipart-forms';
import { png, videoParts } from '#tests/support/multipart-forms';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';

/**
 * What the Elenco and variations change on `POST /api/videos`, end to end on the real server and database (disk
 * storage, local provider: references up to 3).
 */

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;

beforeAll(async () => {
  // A long render delay keeps dispatched requests from finishing while these tests read holds and balances.
  ({ app, pool, storageDir } = await startDiskApp('cena-create-cast-', { LOCAL_RENDER_DELAY_MS: '600000' }));
});

afterAll(() => stopDiskApp({ app, pool, storageDir }));

const user = (credits = 0) => signedUpWithCredits(app.url, pool, credits);

const postForm = (client: SessionClient, route: string, parts: [string, forms.Part][]) =>
  forms.postForm(app.url, client, route, parts);
const saveMember = (client: SessionClient, options?: Parameters<typeof forms.saveMember>[2]) =>
  forms.saveMember(app.url, client, options);
const filesOf = (userId: string, folder?: string) => forms.filesOf(storageDir, userId, folder);
const holdsOf = (userId: string) => forms.holdsOf(pool, userId);

describe('POST /api/videos with castIds', () => {
  it("sends the members' images as the request's own reference images, kept after the member is deleted", async () => {
    const { client, userId } = await user(30);
    const ana = (await saveMember(client)).body.member;
    const created = await postForm(client, '/api/videos', videoParts(undefined, [['castIds', ana.id]]));
    expect(created.status).toBe(201);
    const request = created.body.request;
    expect(request.referenceImageUrls).toHaveLength(2);
    expect(request.cast).toEqual([{ id: ana.id, name: 'Ana', kind: 'character', images: 2 }]);
    expect(created.body.group.map((item) => item.id)).toEqual([request.id]);
    expect(request.variation).toBeNull();

    await client.json(`/api/cast/${ana.id}`, { method: 'DELETE' });
    const read = await client.json<{ request: VideoRequestView }>(`/api/videos/${request.id}`);
    expect(read.body.request.cast[0]?.name).toBe('Ana');
    for (const url of read.body.request.referenceImageUrls) {
      expect((await fetch(`${app.url}${url}`)).status).toBe(200);
    }
    expect(await balance(pool, userId)).toBe(20);
  });

  it("answers 404 for another user's member and 409 when the model takes fewer references, before any hold", async () => {
    const { client, userId } = await user(100);
    const stranger = await user();
    const theirs = (await saveMember(stranger.client)).body.member;
    const missing = await postForm(client, '/api/videos', videoParts(undefined, [['castIds', theirs.id]]));
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('cast_not_found');

    const three = (await saveMember(client, { name: 'Trio', images: 3 })).body.member;
    const one = (await saveMember(client, { name: 'Solo', kind: 'style', images: 1, consent: false })).body
      .member;
    // The local renderer takes 3 references: 3 + 1 does not fit, and neither does 3 + 1 uploaded.
    const twoMembers = await postForm(
      client,
      '/api/videos',
      videoParts(undefined, [
        ['castIds', three.id],
        ['castIds', one.id],
      ]),
    );
    expect(twoMembers.status).toBe(409);
    expect(twoMembers.body.error).toMatchObject({
      code: 'cast_does_not_fit',
      message:
        'O modelo escolhido aceita até 3 imagens de referência; o elenco e as imagens escolhidas somam 4.',
    });
    const withUpload = await postForm(
      client,
      '/api/videos',
      videoParts(undefined, [
        ['castIds', three.id],
        ['referenceImages', png('extra.png')],
      ]),
    );
    expect(withUpload.status).toBe(409);
    const repeated = await postForm(
      client,
      '/api/videos',
      videoParts(undefined, [
        ['castIds', one.id],
        ['castIds', one.id],
      ]),
    );
    expect(repeated.status).toBe(400);
    expect(repeated.body.error.fields?.castIds).toBe('Escolha cada membro do elenco uma vez.');
    expect(await balance(pool, userId)).toBe(100);
    expect(await holdsOf(userId)).toBe(0);
    // Only the members' own images are stored: nothing was copied for the refused submits.
    expect((await filesOf(userId)).filter((name) => name.includes('cast-'))).toEqual([]);
  });
});

describe('POST /api/videos with variations', () => {
  it('creates 3 requests with their own holds, all in one submit, each in the fair queue; a replay answers the same group', async () => {
    const { client, userId } = await user(35);
    const clientKey = randomUUID();
    const parts = videoParts(clientKey, [['variations', '3']]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postForm(client, '/api/videos', parts)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const created = answers.find((answer) => answer.status === 201)?.body as forms.FormAnswer;
    const ids = created.group.map((request) => request.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(created.request.id).toBe(ids[0]);
    for (const request of created.group) {
      expect(request.variation).toEqual({ groupId: ids[0], requestIds: ids, keptId: null });
      expect(request.creditsUsed).toBe(10);
      expect(['pending', 'processing']).toContain(request.status);
    }
    for (const answer of answers) expect(answer.body.group.map((request) => request.id)).toEqual(ids);
    // Each waits its turn in the fair queue (ADR 0061): in line with a place, or already given a slot.
    const dispatched = await pool.query<{ id: string }>(
      'SELECT id FROM video_requests WHERE id = ANY($1::uuid[]) AND dispatched_at IS NOT NULL',
      [ids],
    );
    const withSlot = new Set(dispatched.rows.map((row) => row.id));
    for (const request of created.group)
      expect(request.queue !== null || withSlot.has(request.id)).toBe(true);
    const holds = await pool.query<{ reference: string; amount: number }>(
      'SELECT reference, amount FROM credit_holds WHERE user_id = $1 ORDER BY reference',
      [userId],
    );
    expect(holds.rows).toEqual(
      ids
        .map((id) => ({ reference: `video:${id}`, amount: 10 }))
        .sort((a, b) => a.reference.localeCompare(b.reference)),
    );
    expect(await balance(pool, userId)).toBe(5);

    // One variation fails: its hold alone goes back.
    expect(await failRequest(pool, ids[1] ?? '', 'falhou')).toBe(true);
    expect(await balance(pool, userId)).toBe(15);
    const replay = await postForm(client, '/api/videos', parts);
    expect(replay.status).toBe(200);
    expect(replay.body.group.map((request) => [request.id, request.status])).toEqual([
      [ids[0], expect.any(String)],
      [ids[1], 'failed'],
      [ids[2], expect.any(String)],
    ]);
    expect(await balance(pool, userId)).toBe(15);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('answers 402 when the balance does not cover every variation: nothing held, nothing created', async () => {
    const { client, userId } = await user(25);
    const ana = (await saveMember(client)).body.member;
    const refused = await postForm(
      client,
      '/api/videos',
      videoParts(undefined, [
        ['variations', '3'],
        ['castIds', ana.id],
      ]),
    );
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toBe('Créditos insuficientes para todas as variações.');
    expect(await balance(pool, userId)).toBe(25);
    expect(await holdsOf(userId)).toBe(0);
    expect((await pool.query('SELECT 1 FROM video_requests WHERE user_id = $1', [userId])).rowCount).toBe(0);
    expect((await filesOf(userId)).filter((name) => name.includes('cast-'))).toEqual([]);

    const two = await postForm(
      client,
      '/api/videos',
      videoParts(undefined, [
        ['variations', '2'],
        ['castIds', ana.id],
      ]),
    );
    expect(two.status).toBe(201);
    // The variations share the submit's copies of the cast's images.
    expect(two.body.group[1]?.cast).toEqual(two.body.group[0]?.cast);
    expect(await balance(pool, userId)).toBe(5);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('accepts 1 to 4 only', async () => {
    const { client, userId } = await user(100);
    for (const value of ['0', '5', 'dois']) {
      const refused = await postForm(client, '/api/videos', videoParts(undefined, [['variations', value]]));
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields?.variations).toBe('Escolha de 1 a 4 variações.');
    }
    expect(await balance(pool, userId)).toBe(100);
  });
});
