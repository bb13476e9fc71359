import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '#server/accounts/roles.server';
import { mediaKeys } from '#server/media/rendering.server';
import { REPORT_MESSAGES, REPORTS_PER_VISITOR_PER_HOUR, type ReportQueue } from '#shared/reports';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { SessionClient } from '#tests/support/session-client';
import { withheldKey } from './withhold-media.server';

/**
 * Reports and takedowns through the real server (ADR 0066), on two processes sharing one database and one storage
 * folder, as production's web processes do: a signed-out visitor's report reaches the admin queue; the per-visitor
 * limit; a takedown decided on one process makes the page, the slug's media and a signed media URL answer 404/410
 * on the other within a second, and e-mails the owner once; the owner contests once.
 */

let first: TestApp;
let second: TestApp;
let storageDir = '';
let admin: SessionClient;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'cena-reports-'));
  first = await startTestApp({ STORAGE_DIR: storageDir });
  second = await startTestApp({ STORAGE_DIR: storageDir }, { databaseUrl: first.databaseUrl });
  ({ client: admin } = await signUpAndVerify(first.url, {
    email: `admin-${randomUUID().slice(0, 6)}@cena.test`,
  }));
  await grantRole(first.cena.pool, await userIdOf(admin), 'admin');
});

afterAll(async () => {
  await second?.stop();
  await first?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

const userIdOf = async (client: SessionClient) =>
  (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;

const PROMPT = 'Uma rua de Ouro Preto na chuva, à noite';

/** An owner with a completed video shared publicly: its slug, ids and e-mail. */
async function sharedVideo() {
  const { client, email } = await signUpAndVerify(first.url);
  const userId = await userIdOf(client);
  const requestId = randomUUID();
  const keys = mediaKeys(userId, requestId);
  await first.cena.storage.put(keys.video, Buffer.from('mp4 bytes'), 'video/mp4');
  await first.cena.storage.put(keys.thumbnail, Buffer.from('jpeg bytes'), 'image/jpeg');
  await first.cena.pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
       video_key, thumbnail_key, resolution, completed_at)
     VALUES ($1, $2, $3, $4, 'fast', '9:16', 10, 'completed', $5, $6, '720x1280', now())`,
    [requestId, userId, randomUUID(), PROMPT, keys.video, keys.thumbnail],
  );
  const shared = await client.json<{ url: string }>(`/api/videos/${requestId}/share`, { method: 'POST' });
  const slug = new URL(shared.body.url).pathname.split('/')[2] as string;
  return { client, email, userId, requestId, slug, videoKey: keys.video };
}

const report = (visitor: SessionClient, slug: string, body: unknown) =>
  visitor.json<{ received?: true; error?: { code: string; message: string } }>(`/api/share/${slug}/reports`, {
    json: body,
  });

const queue = async () => (await admin.json<ReportQueue>('/api/admin/reports')).body;

describe('POST /api/share/{slug}/reports', () => {
  it("takes a signed-out visitor's report to the admin queue, with the video and its prompt", async () => {
    const video = await sharedVideo();
    // Every share page offers it, with its script served beside the page's.
    expect(await (await fetch(`${second.url}/v/${video.slug}`)).text()).toContain('id="cena-report-open"');
    const script = await fetch(`${second.url}/v/report.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain('/reports');
    const visitor = new SessionClient(second.url);
    const sent = await report(visitor, video.slug, {
      reason: 'real_person_without_consent',
      details: ' É minha vizinha ',
    });
    expect(sent).toEqual({ status: 202, body: { received: true } });

    const listed = (await queue()).reports.find((item) => item.slug === video.slug);
    expect(listed).toMatchObject({
      reason: 'real_person_without_consent',
      details: 'É minha vizinha',
      video: { requestId: video.requestId, prompt: PROMPT },
      openReportsOfVideo: 1,
    });
    const played = await fetch(`${first.url}${listed?.video?.videoUrl}`);
    expect(played.status).toBe(200);
    expect((await queue()).summary.openReports).toBeGreaterThanOrEqual(1);
    // The queue is the admins': a signed-in user who is not one is refused.
    expect((await video.client.json('/api/admin/reports')).status).toBe(403);
  });

  it('refuses bad input with a code, and a link that is not active with 404', async () => {
    const video = await sharedVideo();
    const visitor = new SessionClient(first.url);
    for (const body of [
      { reason: 'spam' },
      {},
      { reason: 'other', details: 'x'.repeat(1001) },
      { reason: 'other', extra: 1 },
    ]) {
      const answer = await report(visitor, video.slug, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.code).toEqual(expect.any(String));
    }
    const unknown = await report(visitor, 'A'.repeat(22), { reason: 'other' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found', message: REPORT_MESSAGES.linkGone });
  });

  it(`lets one visitor send ${REPORTS_PER_VISITOR_PER_HOUR} reports an hour, then answers 429 with Retry-After`, async () => {
    const video = await sharedVideo();
    const visitor = new SessionClient(first.url);
    const sent = await Promise.all(
      Array.from({ length: REPORTS_PER_VISITOR_PER_HOUR + 2 }, () =>
        report(visitor, video.slug, { reason: 'other' }),
      ),
    );
    expect(sent.filter((answer) => answer.status === 202)).toHaveLength(REPORTS_PER_VISITOR_PER_HOUR);
    const refused = sent.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.body.error).toMatchObject({
      code: 'reports_rate_limited',
      message: REPORT_MESSAGES.rateLimited(60),
    });
    const again = await visitor.fetch(`/api/share/${video.slug}/reports`, { json: { reason: 'other' } });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3500);
    // Another visitor (another address block) is not held by the first one's count.
    expect((await report(new SessionClient(first.url), video.slug, { reason: 'other' })).status).toBe(202);
  });
});

describe('takedown', () => {
  it('makes the page and every media URL answer 404/410 on the other process at once, and e-mails the owner once', async () => {
    const video = await sharedVideo();
    const sign = await first.cena.storage.urlSigner({ ttlSeconds: 600 });
    const signedUrl = `${second.url}${sign(video.videoKey)}`;
    const pageUrl = `${second.url}/v/${video.slug}`;
    expect((await fetch(pageUrl)).status).toBe(200);
    expect((await fetch(signedUrl)).status).toBe(200);
    await report(new SessionClient(first.url), video.slug, { reason: 'sexual_content' });
    await report(new SessionClient(first.url), video.slug, { reason: 'minor' });
    const [one, other] = (await queue()).reports.filter((item) => item.slug === video.slug);

    const decided = await admin.json(`/api/admin/reports/${one?.id}/decision`, {
      json: { decision: 'take_down', note: 'Conteúdo sexual explícito.' },
    });
    expect(decided).toEqual({
      status: 200,
      body: { decision: 'take_down', reportsClosed: 2, ownerMailed: true },
    });
    // The very first requests after the decision are refused, on the other process too: nothing cached serves it.
    const answers = await Promise.all([
      fetch(pageUrl),
      fetch(`${pageUrl}/video.mp4`),
      fetch(`${pageUrl}/poster.jpg`),
      fetch(signedUrl),
      fetch(`${second.url}${sign(video.videoKey)}`, { headers: { range: 'bytes=0-3' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 410, 410]);

    // The other report of the video was closed with it; deciding it again changes nothing and sends no mail.
    const again = await admin.json(`/api/admin/reports/${other?.id}/decision`, {
      json: { decision: 'take_down' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'already_decided' } });
    const mails = await first.cena.pool.query<{ subject: string; text: string }>(
      'SELECT subject, text FROM dev_mail_outbox WHERE "to" = $1 AND subject LIKE $2',
      [video.email, '%removido%'],
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]?.subject).toBe('Seu vídeo foi removido — Cena');
    expect(mails.rows[0]?.text).toContain('Motivo: conteúdo sexual.');
    expect(mails.rows[0]?.text).toContain('Nossa análise: Conteúdo sexual explícito.');
    // The owner cannot make a new link of it.
    const reshared = await video.client.json(`/api/videos/${video.requestId}/share`, { method: 'POST' });
    expect(reshared.status).toBe(409);
    expect(reshared.body).toMatchObject({ error: { code: 'taken_down' } });
    const audit = await first.cena.pool.query<{ action: string }>(
      'SELECT action FROM moderation_events WHERE video_request_id = $1 ORDER BY at, action',
      [video.requestId],
    );
    expect(audit.rows.map((row) => row.action).sort()).toEqual([
      'owner_mailed',
      'reported',
      'reported',
      'taken_down',
    ]);
  });

  it('lets the owner contest once; an admin who restores it serves its media again', async () => {
    const video = await sharedVideo();
    await report(new SessionClient(first.url), video.slug, { reason: 'copyright' });
    const reported = (await queue()).reports.find((item) => item.slug === video.slug);
    await admin.json(`/api/admin/reports/${reported?.id}/decision`, { json: { decision: 'take_down' } });
    // On disk too the files leave their keys (ADR 0070): moved beside them, out of every URL's reach.
    expect(await first.cena.storage.exists(video.videoKey)).toBe(false);
    expect(await first.cena.storage.exists(withheldKey(video.videoKey))).toBe(true);

    const path = `/api/videos/${video.requestId}/takedown`;
    const view = await video.client.json(path);
    expect(view.body).toMatchObject({
      takedown: { reason: 'copyright', contestedAt: null, canContest: true },
    });
    expect((await video.client.json(`${path}/contest`, { json: { text: '  ' } })).status).toBe(400);
    const contested = await video.client.json(`${path}/contest`, {
      json: { text: 'A música é minha, tenho a licença.' },
    });
    expect(contested.status).toBe(201);
    const twice = await video.client.json(`${path}/contest`, { json: { text: 'De novo.' } });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      error: { code: 'already_contested', message: REPORT_MESSAGES.alreadyContested },
    });
    expect((await video.client.json(path)).body).toMatchObject({ takedown: { canContest: false } });
    // Only the owner sees or contests it.
    const stranger = (await signUpAndVerify(first.url)).client;
    expect((await stranger.json(path)).status).toBe(404);
    expect((await stranger.json(`${path}/contest`, { json: { text: 'x' } })).status).toBe(404);

    const contest = (await queue()).contests.find((item) => item.requestId === video.requestId);
    expect(contest).toMatchObject({ reason: 'copyright', text: 'A música é minha, tenho a licença.' });
    const restored = await admin.json(`/api/admin/takedowns/${contest?.takedownId}/contest-decision`, {
      json: { decision: 'restore' },
    });
    expect(restored).toEqual({ status: 200, body: { decision: 'restore' } });
    const sign = await first.cena.storage.urlSigner({ ttlSeconds: 600 });
    expect((await fetch(`${second.url}${sign(video.videoKey)}`)).status).toBe(200);
    expect(await first.cena.storage.exists(withheldKey(video.videoKey))).toBe(false);
    expect((await video.client.json(path)).body).toEqual({ takedown: null });
    const notTaken = await video.client.json(`${path}/contest`, { json: { text: 'x' } });
    expect(notTaken.body).toMatchObject({ error: { code: 'not_taken_down' } });
  });
});
