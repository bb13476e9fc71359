import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAST_MESSAGES, type CastMember } from '#shared/cast';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { tinyPng } from '#tests/support/images';
import * as forms from '#tests/support/multipart-forms';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';

/**
 * Elenco (`/api/cast`): save, list, rename and delete, end to end on the real server and database (disk storage).
 * What a cast changes on `POST /api/videos` is tested beside that operation.
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

const _postForm = (client: SessionClient, route: string, parts: [string, forms.Part][]) =>
  forms.postForm(app.url, client, route, parts);
const saveMember = (client: SessionClient, options?: Parameters<typeof forms.saveMember>[2]) =>
  forms.saveMember(app.url, client, options);
const filesOf = (userId: string, folder?: string) => forms.filesOf(storageDir, userId, folder);

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
