import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKeys } from '#server/media/rendering.server';
import { PASSWORD, signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import type { SessionClient } from '#tests/support/session-client';

/**
 * Share links through the real server (ADR 0031): the owner's `POST`/`DELETE /api/videos/{id}/share`, and the
 * public `/v/{slug}` page, its preview tags, its media served under the slug (no owner id anywhere) and its refresh
 * endpoint, which answer 404 from the next request on once the link is revoked, the video deleted or the account
 * closed.
 */

let app: TestApp;
let storageDir = '';

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'cena-share-'));
  app = await startTestApp({ STORAGE_DIR: storageDir, MEDIA_URL_TTL_SECONDS: '60' });
});

afterAll(async () => {
  await app?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

const VIDEO_BYTES = Buffer.from('mp4 bytes of the shared video');

async function owner(): Promise<{ client: SessionClient; userId: string }> {
  const { client } = await signUpAndVerify(app.url);
  const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
  return { client, userId };
}

/** A request of `userId` in `status`, with its video and thumbnail stored when completed. */
async function seedRequest(userId: string, status = 'completed', prompt = PROMPT): Promise<string> {
  const id = randomUUID();
  const keys = mediaKeys(userId, id);
  const completed = status === 'completed';
  if (completed) {
    await app.cena.storage.put(keys.video, VIDEO_BYTES, 'video/mp4');
    await app.cena.storage.put(keys.thumbnail, Buffer.from('jpeg bytes'), 'image/jpeg');
  }
  await app.cena.pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
       video_key, thumbnail_key, resolution, completed_at)
     VALUES ($1, $2, $3, $4, 'fast', '9:16', 10, $5, $6, $7, CASE WHEN $5 = 'completed' THEN '720x1280' END,
       CASE WHEN $5 = 'completed' THEN now() END)`,
    [
      id,
      userId,
      randomUUID(),
      prompt,
      status,
      completed ? keys.video : null,
      completed ? keys.thumbnail : null,
    ],
  );
  return id;
}

const PROMPT = 'Um gato laranja & curioso pulando entre telhados de Olinda ao pôr do sol, câmera lenta';

const share = (client: SessionClient, id: string) =>
  client.json<{ url: string }>(`/api/videos/${id}/share`, { method: 'POST' });
const revoke = (client: SessionClient, id: string) =>
  client.json<{ revoked: boolean }>(`/api/videos/${id}/share`, { method: 'DELETE' });
const slugOf = (url: string) => new URL(url).pathname.split('/')[2] as string;
const publicGet = (pathName: string) => fetch(`${app.url}${pathName}`, { redirect: 'manual' });

/** The <video>'s own source. */
const played = (html: string) => /<video[^>]* src="([^"]+)"/.exec(html)?.[1]?.replaceAll('&#38;', '&') ?? '';

function metaContent(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
}

describe('POST /api/videos/{id}/share', () => {
  it('answers the same unguessable link twice, even raced, and only to the owner', async () => {
    const { client, userId } = await owner();
    const id = await seedRequest(userId);
    const [first, raced] = await Promise.all([share(client, id), share(client, id)]);
    expect(first.status).toBe(200);
    expect(raced.body.url).toBe(first.body.url);
    expect((await share(client, id)).body.url).toBe(first.body.url);
    expect(first.body.url).toMatch(new RegExp(`^${app.url}/v/[A-Za-z0-9_-]{22}$`));
    // 22 base64url characters are 16 random bytes: 128 bits.
    expect(Buffer.from(slugOf(first.body.url), 'base64url')).toHaveLength(16);

    const stranger = await owner();
    for (const attempt of [share(stranger.client, id), revoke(stranger.client, id)]) {
      const answer = await attempt;
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: { code: 'not_found' } });
    }
    expect((await share(client, 'not-a-uuid')).status).toBe(404);
  });

  it('refuses a video that is not completed with 409 and a pt-BR message', async () => {
    const { client, userId } = await owner();
    for (const status of ['processing', 'failed']) {
      const answer = await share(client, await seedRequest(userId, status));
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        error: { code: 'not_completed', message: 'Só um vídeo concluído pode ser compartilhado.' },
      });
    }
  });
});

describe('/v/{slug}', () => {
  it('serves a page that plays the video with Open Graph and X tags, signed out', async () => {
    const { client, userId } = await owner();
    const { url } = (await share(client, await seedRequest(userId))).body;
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    const html = await page.text();
    expect(html).toContain('lang="pt-BR"');
    // The first phrase whole (a WhatsApp title is not cut mid-phrase), and a description of what the video shows.
    expect(metaContent(html, 'og:title')).toBe(
      'Um gato laranja &#38; curioso pulando entre telhados de Olinda ao pôr do sol',
    );
    expect(metaContent(html, 'og:description')).toBe(
      'Gerado com IA · Um gato laranja &#38; curioso pulando entre telhados de Olinda ao pôr do sol, câmera lenta — Feito com a Cena: vídeos curtos com IA, em português.',
    );
    expect(metaContent(html, 'og:video')).toBe(`${url}/video.mp4`);
    expect(metaContent(html, 'og:video:type')).toBe('video/mp4');
    expect(metaContent(html, 'og:image')).toBe(`${url}/poster.jpg`);
    // Sizes let WhatsApp and others lay the preview out before fetching it: the 720p frame, its 640-wide poster.
    expect(metaContent(html, 'og:video:width')).toBe('720');
    expect(metaContent(html, 'og:video:height')).toBe('1280');
    expect(metaContent(html, 'og:image:width')).toBe('640');
    expect(metaContent(html, 'og:image:height')).toBe('1138');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain('Feito com Cena');
    expect(html).toContain('href="/auth/login?tab=signup"');
    // Labelled as made by a model, with the check of its Content Credentials a tap away (ADR 0065).
    expect(html).toContain('<strong>Gerado com IA</strong>');
    expect(html).toContain(`href="/verificar?link=${encodeURIComponent(url)}"`);

    expect(played(html)).toBe(`/v/${slugOf(url)}/video.mp4`);
  });

  it("names no owner in the page or its media, and the media play from the slug's addresses", async () => {
    const { client, userId } = await owner();
    const id = await seedRequest(userId);
    const { url } = (await share(client, id)).body;
    const slug = slugOf(url);
    const html = await (await fetch(url)).text();
    const mediaUrls = [
      played(html),
      /<video[^>]* poster="([^"]+)"/.exec(html)?.[1],
      metaContent(html, 'og:video'),
      metaContent(html, 'og:image'),
      metaContent(html, 'twitter:image'),
    ];
    expect(mediaUrls.map((u) => u && new URL(u, app.url).pathname)).toEqual([
      `/v/${slug}/video.mp4`,
      `/v/${slug}/poster.jpg`,
      `/v/${slug}/video.mp4`,
      `/v/${slug}/poster.jpg`,
      `/v/${slug}/poster.jpg`,
    ]);
    expect(html).not.toContain(userId);
    expect(html).not.toContain(id);

    const video = await publicGet(`/v/${slug}/video.mp4`);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(video.headers.get('accept-ranges')).toBe('bytes');
    expect(video.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await video.arrayBuffer())).toEqual(VIDEO_BYTES);
    const seeked = await fetch(`${app.url}/v/${slug}/video.mp4`, { headers: { range: 'bytes=4-8' } });
    expect(seeked.status).toBe(206);
    expect(seeked.headers.get('content-range')).toBe(`bytes 4-8/${VIDEO_BYTES.length}`);
    expect(Buffer.from(await seeked.arrayBuffer())).toEqual(VIDEO_BYTES.subarray(4, 9));
    const past = await fetch(`${app.url}/v/${slug}/video.mp4`, { headers: { range: 'bytes=999-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${VIDEO_BYTES.length}`);
    const poster = await publicGet(`/v/${slug}/poster.jpg`);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect(await poster.text()).toBe('jpeg bytes');
    // The refresh endpoint of older pages answers the same addresses.
    const refreshed = await publicGet(`/v/${slug}/media`);
    const media = await refreshed.text();
    expect(JSON.parse(media)).toEqual({
      videoUrl: `/v/${slug}/video.mp4`,
      posterUrl: `/v/${slug}/poster.jpg`,
    });
    expect(media).not.toContain(userId);

    await revoke(client, id);
    await expectGone(slug);
  });

  it('answers 404 at once after a revoke, and a new share makes a new link', async () => {
    const { client, userId } = await owner();
    const id = await seedRequest(userId);
    const { url } = (await share(client, id)).body;
    const slug = slugOf(url);
    expect((await publicGet(`/v/${slug}`)).status).toBe(200);
    expect((await revoke(client, id)).body).toEqual({ revoked: true });
    await expectGone(slug);
    expect((await revoke(client, id)).body).toEqual({ revoked: false });
    const again = (await share(client, id)).body.url;
    expect(again).not.toBe(url);
    expect((await publicGet(`/v/${slugOf(again)}`)).status).toBe(200);
  });

  it('answers 404 once the video is deleted or the account is closed', async () => {
    const { client, userId } = await owner();
    const deletedId = await seedRequest(userId);
    const keptId = await seedRequest(userId);
    const deletedSlug = slugOf((await share(client, deletedId)).body.url);
    const keptSlug = slugOf((await share(client, keptId)).body.url);
    await app.cena.pool.query('DELETE FROM video_requests WHERE id = $1', [deletedId]);
    await expectGone(deletedSlug);
    expect((await publicGet(`/v/${keptSlug}`)).status).toBe(200);

    expect((await client.json('/api/me', { method: 'DELETE', json: { password: PASSWORD } })).status).toBe(
      200,
    );
    // Before the deletion job has run: closing the account is enough.
    await expectGone(keptSlug);
  });

  it('answers a guessed or malformed slug with the 404 page offering sign-up', async () => {
    for (const slug of [randomBytes(16).toString('base64url'), 'abc', 'player', '..%2F..%2Fetc']) {
      const answer = await publicGet(`/v/${slug}`);
      expect(answer.status).toBe(404);
      const html = await answer.text();
      expect(html).toContain('Este link não está mais disponível');
      expect(html).toContain('href="/auth/login?tab=signup"');
    }
  });

  it('lists the active links in the LGPD export, not the revoked ones', async () => {
    const { client, userId } = await owner();
    const activeId = await seedRequest(userId);
    const revokedId = await seedRequest(userId);
    const active = (await share(client, activeId)).body.url;
    await share(client, revokedId);
    await revoke(client, revokedId);
    const exported = await client.json<{ shareLinks: unknown[] }>('/api/me/export');
    expect(exported.status).toBe(200);
    expect(exported.body.shareLinks).toEqual([
      { url: active, requestId: activeId, createdAt: expect.any(String) },
    ]);
  });
});

/** The page, its refresh endpoint and its media redirects all answer 404. */
async function expectGone(slug: string): Promise<void> {
  for (const suffix of ['', '/media', '/video.mp4', '/poster.jpg']) {
    expect((await publicGet(`/v/${slug}${suffix}`)).status, `/v/{slug}${suffix}`).toBe(404);
  }
}
