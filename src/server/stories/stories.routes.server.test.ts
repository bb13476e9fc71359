import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { balance } from '#server/credits/ledger-reads.server';
import { failRequest } from '#server/generation/generate-video.job.server';
import { type Story, storyPrice } from '#shared/stories';
import type { VideoRequestView } from '#shared/video-request';
import { type DiskApp, startDiskApp, stopDiskApp } from '#tests/support/app';
import { saveMember } from '#tests/support/multipart-forms';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';
import { startWebhookReceiver } from '#tests/support/webhook-receiver';
import { parseWebVtt } from '#tests/support/webvtt';

/**
 * Roteiro through the API in local mode (issue 49's acceptance, ADR 0062): a plan from an idea with two cast
 * members, drafted at 360p under one hold, one shot failed and refunded alone, re-rolled for that shot's price
 * only, finished in Quality into one film whose length is the shots' and whose captions carry the lines; 20 taps
 * of 'Finalizar roteiro' charge once; bad input answers 4xx with a pt-BR message. The sweep and the renders run on
 * compressed clocks (STORY_ADVANCE_INTERVAL_MS, LOCAL_RENDER_DELAY_MS).
 */

let running: DiskApp;
let pool: pg.Pool;

type Answer<T> = { status: number; body: T & { error?: { code: string; message: string } } };

const IDEA =
  'Ana abre a padaria de manhã cedo. Ana diz: "Bom dia, o pão está quentinho!" Bruno chega de bicicleta e sorri. ' +
  'Bruno responde: "Quero dois pães de queijo, por favor." Os dois riem na porta da padaria.';

beforeAll(async () => {
  running = await startDiskApp('cena-stories-', {
    LOCAL_RENDER_DELAY_MS: '1500',
    STORY_ADVANCE_INTERVAL_MS: '200',
  });
  pool = running.pool;
}, 60_000);

afterAll(() => stopDiskApp(running));

async function creator(credits = 1_000) {
  const user = await signedUpWithCredits(running.app.url, pool, credits);
  const ana = (await saveMember(running.app.url, user.client, { name: 'Ana', images: 1 })).body.member;
  const bruno = (await saveMember(running.app.url, user.client, { name: 'Bruno', images: 1 })).body.member;
  return { ...user, ana, bruno };
}

const call = <T>(client: SessionClient, path: string, method: string, json?: unknown) =>
  client.json<T>(path, { method, ...(json === undefined ? {} : { json }) }) as Promise<Answer<T>>;

async function plan(client: SessionClient, castIds: string[]): Promise<Story> {
  const created = await call<{ story: Story }>(client, '/api/stories', 'POST', {
    idea: IDEA,
    aspectRatio: '9:16',
    targetSeconds: 30,
    castIds,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.story;
}

/**
 * Reads the story until `done` holds of it. The finish renders every shot at 1080p and joins them: about 40 s on an
 * idle two-core machine, several times that on a loaded one, so the wait is bounded by time, well inside the test's.
 */
async function until(client: SessionClient, id: string, done: (story: Story) => boolean, what: string) {
  let story: Story | undefined;
  for (const deadline = Date.now() + 200_000; Date.now() < deadline; ) {
    story = (await call<{ story: Story }>(client, `/api/stories/${id}`, 'GET')).body.story;
    if (done(story)) return story;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seen = story?.shots.map((shot) => `${shot.request?.status}/${shot.takeId}`).join(' ');
  throw new Error(`story ${id} never reached ${what}: ${story?.status} ${seen} film ${story?.film?.status}`);
}

const final = (request: VideoRequestView | null) =>
  request?.status === 'completed' || request?.status === 'failed';

describe('Roteiro in local mode', () => {
  it('plans, drafts at 360p, refunds a failed shot alone, re-rolls one shot, finishes a captioned film in Quality', async () => {
    const { client, userId, ana, bruno } = await creator();
    const story = await plan(client, [ana.id, bruno.id]);
    // 3–8 shots adding up to 30 s ± one shot, a line in pt-BR with its speaker, each shot naming its cast.
    expect(story.shots.length).toBeGreaterThanOrEqual(3);
    expect(story.shots.length).toBeLessThanOrEqual(8);
    const longest = Math.max(...story.shots.map((shot) => shot.seconds));
    expect(Math.abs(story.totalSeconds - 30)).toBeLessThanOrEqual(longest);
    const lines = story.shots.flatMap((shot) => (shot.dialogue ? [shot.dialogue] : []));
    expect(lines).toContainEqual({ speaker: 'Ana', line: 'Bom dia, o pão está quentinho!' });
    expect(lines).toContainEqual({ speaker: 'Bruno', line: 'Quero dois pães de queijo, por favor.' });
    for (const shot of story.shots) {
      if (shot.prompt.includes('Ana') || shot.dialogue?.speaker === 'Ana')
        expect(shot.castIds).toContain(ana.id);
      if (shot.prompt.includes('Bruno') || shot.dialogue?.speaker === 'Bruno')
        expect(shot.castIds).toContain(bruno.id);
    }
    expect(story.price).toEqual(storyPrice(story.shots));
    expect(story.price.draft.priceCents).toBeGreaterThan(0);

    // Drafting: one hold for every shot, each at the draft price of its length.
    const start = await balance(pool, userId);
    const drafted = await call<{ story: Story; requestIds: string[] }>(
      client,
      `/api/stories/${story.id}/drafts`,
      'POST',
      { clientKey: randomUUID() },
    );
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
    expect(drafted.body.requestIds).toHaveLength(story.shots.length);
    expect(await balance(pool, userId)).toBe(start - story.price.draft.credits);
    const failedId = drafted.body.requestIds[1] as string;
    expect(await failRequest(pool, failedId, 'O modelo recusou.')).toBe(true);

    const reviewed = await until(
      client,
      story.id,
      (s) => s.shots.every((shot) => final(shot.request)),
      'drafted',
    );
    const failedShot = reviewed.shots[1];
    const failedCredits = failedShot?.request?.creditsUsed ?? 0;
    expect(failedShot?.request?.status).toBe('failed');
    for (const shot of reviewed.shots.filter((_, index) => index !== 1)) {
      expect(shot.request).toMatchObject({
        status: 'completed',
        quality: 'draft',
        clipSeconds: shot.seconds,
      });
      expect(shot.request?.technical.resolution).toBe('360x640');
    }
    // Charged the draft price per delivered shot; the failed one given back alone.
    expect(await balance(pool, userId)).toBe(start - story.price.draft.credits + failedCredits);

    // Re-rolling that shot charges that shot only.
    const beforeReroll = await balance(pool, userId);
    const rerolled = await call<{ story: Story }>(
      client,
      `/api/stories/${story.id}/shots/${failedShot?.id}/reroll`,
      'POST',
      { clientKey: randomUUID() },
    );
    expect(rerolled.status, JSON.stringify(rerolled.body)).toBe(201);
    expect(await balance(pool, userId)).toBe(beforeReroll - failedCredits);
    const ready = await until(client, story.id, (s) => s.shots.every((shot) => shot.takeId !== null), 'kept');

    // The customer's system hears of the finished story (ADR 0064), signed per Standard Webhooks.
    const receiver = await startWebhookReceiver();
    const endpoint = await call<{ endpoint: { secret: string } }>(client, '/api/me/webhooks', 'POST', {
      url: `${receiver.origin}/cena`,
      events: ['story.completed'],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);

    // 'Finalizar roteiro' in Quality: every shot finished at 1080p, joined in order, captioned from the lines.
    const beforeFinish = await balance(pool, userId);
    const finished = await call<{ request: VideoRequestView }>(
      client,
      `/api/stories/${story.id}/finish`,
      'POST',
      {
        quality: 'quality',
        clientKey: randomUUID(),
      },
    );
    expect(finished.status, JSON.stringify(finished.body)).toBe(201);
    expect(finished.body.request.kind).toBe('film');
    expect(await balance(pool, userId)).toBe(beforeFinish - ready.price.quality.credits);
    const done = await until(
      client,
      story.id,
      (s) => s.status === 'finished' || s.film?.status === 'failed',
      'finished',
    );
    expect(done.film?.status).toBe('completed');
    expect(done.film?.technical.resolution).toBe('1080x1920');
    expect(done.film?.technical.deliveredSeconds ?? 0).toBeCloseTo(done.totalSeconds, 0);
    expect(Math.abs((done.film?.technical.deliveredSeconds ?? 0) - done.totalSeconds)).toBeLessThanOrEqual(
      0.5,
    );
    const finishes = await pool.query<{ resolution: string }>(
      `SELECT resolution FROM video_requests WHERE story_id = $1 AND finishes_request_id IS NOT NULL`,
      [story.id],
    );
    expect(finishes.rows.map((row) => row.resolution)).toEqual(story.shots.map(() => '1080x1920'));
    const vtt = await client.fetch(`/api/videos/${done.film?.id}/captions.vtt`);
    expect(vtt.status).toBe(200);
    const cues = parseWebVtt(await vtt.text()).map((cue) => cue.text);
    expect(cues).toEqual([
      'Ana: Bom dia, o pão está quentinho!',
      'Bruno: Quero dois pães de queijo, por favor.',
    ]);
    expect(await audit(pool, userId)).toEqual([]);

    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const [hit] = receiver.received;
    const event = new Webhook(endpoint.body.endpoint.secret).verify(
      hit?.body ?? '',
      hit?.headers as Record<string, string>,
    ) as { type: string; data: { storyId: string; request: VideoRequestView } };
    expect(event.type).toBe('story.completed');
    expect(event.data.storyId).toBe(story.id);
    expect(event.data.request).toMatchObject({ id: done.film?.id, status: 'completed', kind: 'film' });
    await receiver.stop();
  }, 300_000);

  it('charges 20 parallel "Finalizar roteiro" taps once', async () => {
    const { client, userId, ana, bruno } = await creator();
    const story = await plan(client, [ana.id, bruno.id]);
    await call(client, `/api/stories/${story.id}/drafts`, 'POST', { clientKey: randomUUID() });
    const drafted = await until(
      client,
      story.id,
      (s) => s.shots.every((shot) => shot.takeId !== null),
      'drafted',
    );
    const before = await balance(pool, userId);
    const sameKey = randomUUID();
    const taps = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call<{ request: VideoRequestView }>(client, `/api/stories/${story.id}/finish`, 'POST', {
          quality: 'quality',
          clientKey: index % 2 === 0 ? sameKey : randomUUID(),
        }),
      ),
    );
    const statuses = taps.map((tap) => tap.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const tap of taps.filter((each) => each.status !== 201)) {
      expect([200, 409]).toContain(tap.status);
      if (tap.status === 409) expect(tap.body.error?.code).toBe('finish_in_progress');
    }
    expect(await balance(pool, userId)).toBe(before - drafted.price.quality.credits);
    const made = await pool.query(
      'SELECT 1 FROM video_requests WHERE story_id = $1 AND finishes_request_id IS NOT NULL',
      [story.id],
    );
    expect(made.rowCount).toBe(story.shots.length);
    expect(await audit(pool, userId)).toEqual([]);
  }, 300_000);

  it('answers bad input with a 4xx, its code and a pt-BR message', async () => {
    const { client, ana } = await creator();
    const other = await creator();
    const story = await plan(client, [ana.id]);
    const refused = async (path: string, method: string, body: unknown, status: number, code: string) => {
      const answer = await call(client, path, method, body);
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(answer.body.error?.code).toBe(code);
      expect(answer.body.error?.message).toMatch(/[a-zà-ú]{3}/);
      return answer.body.error?.message;
    };
    expect(await refused('/api/stories', 'POST', { idea: '' }, 400, 'invalid_request')).toBe(
      'Escreva a ideia do roteiro.',
    );
    expect(await refused('/api/stories', 'POST', { idea: 'a'.repeat(10_000) }, 400, 'invalid_request')).toBe(
      'Use no máximo 2.000 caracteres na ideia.',
    );
    const shot = { prompt: 'Ana sorri.', seconds: 5 };
    const path = `/api/stories/${story.id}`;
    expect(await refused(path, 'PATCH', { shots: [] }, 400, 'invalid_request')).toBe(
      'O roteiro precisa de pelo menos 1 cena.',
    );
    expect(await refused(path, 'PATCH', { shots: Array(50).fill(shot) }, 400, 'invalid_request')).toBe(
      'Use no máximo 20 cenas no roteiro.',
    );
    expect(
      await refused(path, 'PATCH', { shots: [{ ...shot, seconds: 11 }] }, 422, 'clip_seconds_refused'),
    ).toMatch(/^A cena 1 tem uma duração que o modelo não faz: use 3, 4/);
    await refused('/api/stories', 'POST', { idea: IDEA, castIds: [other.ana.id] }, 404, 'cast_not_found');
    await refused(path, 'PATCH', { shots: [{ ...shot, castIds: [other.ana.id] }] }, 404, 'cast_not_found');
    // Another user's story reads as missing, whatever is asked of it.
    const theirs = await plan(other.client, [other.ana.id]);
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { shots: [shot] }],
      ['POST', '/drafts', { clientKey: randomUUID() }],
      ['POST', '/finish', { quality: 'fast', clientKey: randomUUID() }],
    ] as const) {
      expect(await refused(`/api/stories/${theirs.id}${suffix}`, method, body, 404, 'not_found')).toBe(
        'Roteiro não encontrado entre os seus.',
      );
    }
    // An edit re-prices at once.
    const edited = await call<{ story: Story }>(client, path, 'PATCH', {
      shots: [shot, { ...shot, seconds: 8 }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.story.price).toEqual(storyPrice([{ seconds: 5 }, { seconds: 8 }]));
    expect(edited.body.story.totalSeconds).toBe(13);
  }, 120_000);
});
