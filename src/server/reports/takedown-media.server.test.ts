import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '#server/accounts/roles.server';
import { mediaKeys } from '#server/media/rendering.server';
import type { ReportQueue } from '#shared/reports';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { type FakeS3, startFakeS3 } from '#tests/support/fake-s3';
import { SessionClient } from '#tests/support/session-client';
import { withheldKey } from './withhold-media.server';

/**
 * A takedown with S3 storage (ADR 0070): the browser fetches presigned bucket URLs Cena never sees redeemed, so the
 * takedown moves the video's files to withheld keys — a URL signed before it answers 404 NoSuchKey right after, as
 * S3 answers a deleted key (tests/support/fake-s3.ts) — and a restore moves them back, so the same URL works again.
 * It covers what was made from the video and shows it (ADR 0066, "Derivations"): extensions, edits, story shots
 * that open on it, films with a scene of it; not its finishes.
 */

const BUCKET = 'cena-takedowns';
let s3: FakeS3;
let app: TestApp;
let admin: SessionClient;

beforeAll(async () => {
  s3 = await startFakeS3();
  app = await startTestApp({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
  });
  ({ client: admin } = await signUpAndVerify(app.url, {
    email: `admin-${randomUUID().slice(0, 6)}@cena.test`,
  }));
  await grantRole(app.cena.pool, await userIdOf(admin), 'admin');
});

afterAll(async () => {
  await app?.stop();
  await s3?.stop();
});

const userIdOf = async (client: SessionClient) =>
  (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;

type Lineage = { column: 'extends_request_id' | 'edits_request_id' | 'finishes_request_id'; of: string };

/** A completed video of `userId` with its public files in the bucket, optionally made from another one. */
async function storedVideo(userId: string, lineage?: Lineage, film = false) {
  const requestId = randomUUID();
  const keys = mediaKeys(userId, requestId);
  await app.cena.storage.put(keys.video, Buffer.from(`mp4 of ${requestId}`), 'video/mp4');
  await app.cena.storage.put(keys.thumbnail, Buffer.from('jpeg bytes'), 'image/jpeg');
  await app.cena.storage.put(keys.captioned, Buffer.from('captioned mp4'), 'video/mp4');
  await app.cena.pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
       video_key, thumbnail_key, resolution, completed_at, film, ${lineage?.column ?? 'extends_request_id'})
     VALUES ($1, $2, $3, 'Um farol na tempestade', 'fast', '9:16', $4, 'completed', $5, $6, '720x1280', now(),
       $7, $8)`,
    [requestId, userId, randomUUID(), film ? 0 : 10, keys.video, keys.thumbnail, film, lineage?.of ?? null],
  );
  return { requestId, keys };
}

async function share(owner: SessionClient, requestId: string): Promise<string> {
  const shared = await owner.json<{ url: string }>(`/api/videos/${requestId}/share`, { method: 'POST' });
  return new URL(shared.body.url).pathname.split('/')[2] as string;
}

/** A visitor reports the slug and an admin takes the video down; the takedown's id. */
async function takeDown(slug: string): Promise<string> {
  const sent = await new SessionClient(app.url).json(`/api/share/${slug}/reports`, {
    json: { reason: 'real_person_without_consent' },
  });
  expect(sent.status).toBe(202);
  const queue = (await admin.json<ReportQueue>('/api/admin/reports')).body;
  const reportId = queue.reports.find((item) => item.slug === slug)?.id;
  const decided = await admin.json(`/api/admin/reports/${reportId}/decision`, {
    json: { decision: 'take_down' },
  });
  expect(decided.status).toBe(200);
  const found = await app.cena.pool.query<{ id: string }>(
    'SELECT t.id FROM takedowns t JOIN content_reports r ON r.id = t.report_id WHERE r.slug = $1',
    [slug],
  );
  return found.rows[0]?.id as string;
}

async function contestAndRestore(owner: SessionClient, requestId: string, takedownId: string) {
  const contested = await owner.json(`/api/videos/${requestId}/takedown/contest`, {
    json: { text: 'Sou eu no vídeo, e autorizei.' },
  });
  expect(contested.status).toBe(201);
  const restored = await admin.json(`/api/admin/takedowns/${takedownId}/contest-decision`, {
    json: { decision: 'restore' },
  });
  expect(restored.status).toBe(200);
}

const statusOf = async (url: string) => (await fetch(url)).status;

describe('a takedown with S3 storage', () => {
  it('makes presigned URLs handed out before it answer 404 at once, and a restore makes them work again', async () => {
    const { client: owner } = await signUpAndVerify(app.url);
    const video = await storedVideo(await userIdOf(owner));
    const slug = await share(owner, video.requestId);
    // URLs signed before the takedown, valid for 15 minutes, as the share page and the owner's page hand out.
    const sign = await app.cena.storage.urlSigner({ ttlSeconds: 900 });
    const urls = [video.keys.video, video.keys.thumbnail, video.keys.captioned].map((key) => sign(key));
    for (const url of urls) expect(await statusOf(url)).toBe(200);

    const takedownId = await takeDown(slug);
    for (const url of urls) {
      const answer = await fetch(url);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain('<Code>NoSuchKey</Code>');
    }
    // Kept, out of reach: a restore has them to put back, and account deletion erases them.
    expect(s3.objects.has(`${BUCKET}/${withheldKey(video.keys.video)}`)).toBe(true);
    expect(s3.objects.has(`${BUCKET}/${video.keys.video}`)).toBe(false);

    await contestAndRestore(owner, video.requestId, takedownId);
    for (const url of urls) expect(await statusOf(url)).toBe(200);
    expect(s3.objects.has(`${BUCKET}/${withheldKey(video.keys.video)}`)).toBe(false);
  });

  it('stores what a job writes for the video after the takedown out of reach, until a restore', async () => {
    const { client: owner } = await signUpAndVerify(app.url);
    const video = await storedVideo(await userIdOf(owner));
    const takedownId = await takeDown(await share(owner, video.requestId));
    // A captions burn (or a film join, a render) that read the video before the takedown stores its file after it,
    // through the storage the app gives every writer; a URL signed for that key earlier, or now, finds nothing.
    const sign = await app.cena.storage.urlSigner({ ttlSeconds: 900 });
    await app.cena.storage.put(video.keys.captioned, Buffer.from('captioned again'), 'video/mp4');
    expect(await statusOf(sign(video.keys.captioned))).toBe(404);
    expect(s3.objects.get(`${BUCKET}/${withheldKey(video.keys.captioned)}`)?.body.toString()).toBe(
      'captioned again',
    );

    await contestAndRestore(owner, video.requestId, takedownId);
    const restored = await fetch(sign(video.keys.captioned));
    expect(await restored.text()).toBe('captioned again');
  });

  it('covers what was made from the video and still shows it, not its finishes', async () => {
    const { client: owner } = await signUpAndVerify(app.url);
    const userId = await userIdOf(owner);
    const source = await storedVideo(userId);
    const extension = await storedVideo(userId, { column: 'extends_request_id', of: source.requestId });
    const extensionOfExtension = await storedVideo(userId, {
      column: 'extends_request_id',
      of: extension.requestId,
    });
    const edit = await storedVideo(userId, { column: 'edits_request_id', of: source.requestId });
    const finish = await storedVideo(userId, { column: 'finishes_request_id', of: source.requestId });
    const film = await storedVideo(userId, undefined, true);
    await app.cena.pool.query(
      `INSERT INTO film_scenes (film_id, position, source_request_id, start_seconds, end_seconds)
       VALUES ($1, 1, $2, 0, 4), ($1, 2, $3, 0, 4)`,
      [film.requestId, finish.requestId, edit.requestId],
    );
    const covered = [source, extension, extensionOfExtension, edit, film];
    const slugs = new Map<string, string>();
    for (const video of [...covered, finish]) slugs.set(video.requestId, await share(owner, video.requestId));
    const sign = await app.cena.storage.urlSigner({ ttlSeconds: 900 });

    const takedownId = await takeDown(slugs.get(source.requestId) as string);
    for (const video of covered) {
      expect(await statusOf(`${app.url}/v/${slugs.get(video.requestId)}`), video.requestId).toBe(404);
      expect(await statusOf(sign(video.keys.video)), video.requestId).toBe(404);
      const reshared = await owner.json(`/api/videos/${video.requestId}/share`, { method: 'POST' });
      expect(reshared.body).toMatchObject({ error: { code: 'taken_down' } });
    }
    // A finish is a new generation from the same inputs: none of the source's frames, its own link stays.
    expect(await statusOf(`${app.url}/v/${slugs.get(finish.requestId)}`)).toBe(200);
    expect(await statusOf(sign(finish.keys.video))).toBe(200);

    await contestAndRestore(owner, source.requestId, takedownId);
    for (const video of covered) expect(await statusOf(sign(video.keys.video)), video.requestId).toBe(200);
  });
});
