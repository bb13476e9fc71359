import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiskApp, stopDiskApp, type TestApp } from '../../../tests/support/app';
import { tinyPng } from '../../../tests/support/images';
import type { SessionClient } from '../../../tests/support/session-client';
import { signedUpWithCredits } from '../../../tests/support/users';
import { CAST_MESSAGES, type CastMember } from '../../shared/cast';
import type { VideoRequestView } from '../../shared/video-request';
import { audit } from '../credits/ledger-audit.server';
import { balance } from '../credits/ledger-reads.server';
import { failRequest } from '../videos/pipeline/generate-video.job.server';

/**
 * Elenco (`/api/cast`) and what it and variations change on `POST /api/videos`, end to end on the real server and
 * database (disk storage, local provider: references up to 3).
 */

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;

beforeAll(async () => {
  // A long render delay keeps dispatched requests from finishing while these tests read holds and balances.
  ({ app, pool, storageDir } = await startDiskApp('cena-cast-', { LOCAL_RENDER_DELAY_MS: '600000' }));
});

afterAll(() => stopDiskApp({ app, pool, storageDir }));

const user = (credits = 0) => signedUpWithCredits(app.url, pool, credits);

interface Answer {
  member: CastMember;
  request: VideoRequestView;
  group: VideoRequestView[];
  error: { code: string; message: string; fields?: Record<string, string> };
}

type Part = string | { bytes: Buffer; name: string };

async function postForm(client: SessionClient, route: string, parts: [string, Part][]) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)]), value.name);
  }
  const response = await fetch(`${app.url}${route}`, {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookieHeader, origin: app.url, 'x-forwarded-for': client.address },
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

const png = (name: string, width = 64) => ({ bytes: tinyPng(width, 36), name });

function saveMember(
  client: SessionClient,
  { name = 'Ana', kind = 'character', images = 2, consent = true, extra = [] as [string, Part][] } = {},
) {
  const parts: [string, Part][] = [
    ['name', name],
    ['kind', kind],
    ...(consent ? ([['likenessConsent', 'true']] as [string, Part][]) : []),
    ...Array.from({ length: images }, (_, i): [string, Part] => ['images', png(`foto-${i + 1}.png`, 40 + i)]),
    ...extra,
  ];
  return postForm(client, '/api/cast', parts);
}

const videoParts = (clientKey = randomUUID(), extra: [string, Part][] = []): [string, Part][] => [
  ['prompt', 'A personagem caminha por uma feira colorida ao entardecer'],
  ['quality', 'fast'],
  ['aspectRatio', '16:9'],
  ['clientKey', clientKey],
  ...extra,
];

async function filesOf(userId: string, folder = ''): Promise<string[]> {
  const root = path.join(storageDir, userId, folder);
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const holdsOf = async (userId: string) =>
  (await pool.query('SELECT 1 FROM credit_holds WHERE user_id = $1', [userId])).rowCount;

describe('/api/cast', () => {
  it('saves a character with two images and the dated consent, lists, renames and deletes it', async () => {
    const { client, userId } = await user();
    const before = Date.now();
    const saved = await saveMember(client, { extra: [['description', '  Ruiva, jaqueta verde  ']] });
    expect(saved.status).toBe(201);
    const member = saved.body.member;
    expect(member).toMatchObject({ name: 'Ana', kind: 'character', description: 'Ruiva, jaqueta verde' });
    expect(member.imageUrls).toHaveLength(2);
    expect(new Date(member.likenessConsentAt ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await filesOf(userId, 'cast')).toHaveLength(2);
    const image = await fetch(`${app.url}${member.imageUrls[0]}`);
    expect(image.headers.get('content-type')).toBe('image/png');

    const product = await saveMember(client, { name: 'Garrafa', kind: 'product', images: 1, consent: false });
    expect(product.status).toBe(201);
    expect(product.body.member.likenessConsentAt).toBeNull();

    const list = await client.json<{ items: CastMember[] }>('/api/cast');
    expect(list.body.items.map((item) => item.name)).toEqual(['Ana', 'Garrafa']);

    const renamed = await client.json<{ member: CastMember }>(`/api/cast/${member.id}`, {
      method: 'PATCH',
      json: { name: 'Ana Clara', description: null },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.member).toMatchObject({ name: 'Ana Clara', description: null });
    expect((await client.json(`/api/cast/${member.id}`, { method: 'PATCH', json: {} })).status).toBe(400);
    expect(
      (await client.json(`/api/cast/${member.id}`, { method: 'PATCH', json: { name: '   ' } })).status,
    ).toBe(400);

    const deleted = await client.json(`/api/cast/${member.id}`, { method: 'DELETE' });
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect(await filesOf(userId, 'cast')).toHaveLength(1);
    expect((await client.json(`/api/cast/${member.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a character without consent, wrong image counts and images that are not images, storing nothing', async () => {
    const { client, userId } = await user();
    const noConsent = await saveMember(client, { consent: false });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.error.fields?.likenessConsent).toBe(CAST_MESSAGES.consentRequired);
    const none = await saveMember(client, { images: 0 });
    expect(none.body.error.fields?.images).toBe(CAST_MESSAGES.imagesCount);
    const four = await saveMember(client, { images: 4 });
    expect(four.body.error.fields?.images).toBe(CAST_MESSAGES.imagesCount);
    // Judged by its bytes: a GIF named .png is refused, and so is an image over 5 MB.
    const gif = await saveMember(client, {
      images: 0,
      extra: [['images', { bytes: Buffer.from('GIF89a-not-a-png'), name: 'a.png' }]],
    });
    expect(gif.body.error.fields?.images).toBe('Use uma imagem JPG, PNG ou WEBP.');
    const big = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]);
    const large = await saveMember(client, {
      images: 0,
      extra: [['images', { bytes: big, name: 'big.png' }]],
    });
    expect(large.body.error.fields?.images).toBe('Imagem muito grande. Máximo 5MB.');
    const kind = await saveMember(client, { kind: 'animal' });
    expect(kind.body.error.fields?.kind).toBeDefined();
    const nameless = await saveMember(client, { name: '' });
    expect(nameless.body.error.fields?.name).toBe('Dê um nome.');
    expect(await filesOf(userId, 'cast')).toEqual([]);

    const json = await client.json('/api/cast', { json: { name: 'Ana', kind: 'style' } });
    expect(json.status).toBe(415);
    expect((await client.json<{ items: unknown[] }>('/api/cast')).body.items).toEqual([]);
  });

  it("answers 404 for another user's member and a malformed id, and 401 without a session", async () => {
    const owner = await user();
    const other = await user();
    const saved = await saveMember(owner.client, { kind: 'style', consent: false, images: 1 });
    const id = saved.body.member.id;
    expect(
      (await other.client.json(`/api/cast/${id}`, { method: 'PATCH', json: { name: 'X' } })).status,
    ).toBe(404);
    expect((await other.client.json(`/api/cast/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await other.client.json('/api/cast/not-a-uuid', { method: 'DELETE' })).status).toBe(404);
    expect((await other.client.json<{ items: unknown[] }>('/api/cast')).body.items).toEqual([]);
    expect((await fetch(`${app.url}/api/cast`)).status).toBe(401);
    expect((await owner.client.json<{ items: unknown[] }>('/api/cast')).body.items).toHaveLength(1);
  });
});

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
    const created = answers.find((answer) => answer.status === 201)?.body as Answer;
    const ids = created.group.map((request) => request.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(created.request.id).toBe(ids[0]);
    for (const request of created.group) {
      expect(request.variation).toEqual({ groupId: ids[0], requestIds: ids });
      expect(request.creditsUsed).toBe(10);
      expect(['pending', 'processing']).toContain(request.status);
    }
    for (const answer of answers) expect(answer.body.group.map((request) => request.id)).toEqual(ids);
    // Each waits its turn in the fair queue (ADR 0013): in line with a place, or already given a slot.
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
