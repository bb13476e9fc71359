import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '#server/credits/ledger-reads.server';
import { probe } from '#server/media/rendering.server';
import { LOCAL_FAILURE_MARKER } from '#server/video-providers/local-preview-provider.server';
import { requestCredits, VIDEO_COST_CREDITS } from '#shared/catalogue';
import type { VideoRequestView } from '#shared/video-request';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { contractBreaches, type FakeGemini, NO_BREACHES } from '#tests/support/fake-gemini';
import { type GeminiApp, startGeminiApp, stopGeminiApp } from '#tests/support/gemini-app';
import { mediaTools } from '#tests/support/media';
import { holdsOf } from '#tests/support/multipart-forms';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';
import { FINISH_NOT_COMPLETED } from './finish-video-request.server';

/**
 * The modes, lengths and 'Finalizar' (ADR 0033) through the API, as a creator uses them: in local mode (the local
 * renderer's real MP4s) and against the Gemini API stand-in (the fake answers each resolution and length with a
 * file of that size and duration, and refuses what Google's docs refuse). Every file is read back with ffprobe.
 */

const TOOLS = await mediaTools(120_000);
/** Renders on a shared machine take a while: each case gets room for a few of them. */
const SLOW = 240_000;
const PROMPT = 'Um barco a vela cruzando a baía ao amanhecer, gaivotas no céu';

interface Target {
  app: TestApp;
  pool: pg.Pool;
  storageDir: string;
}

function modesApi(target: () => Target) {
  const user = (credits: number) => signedUpWithCredits(target().app.url, target().pool, credits);

  async function post(client: SessionClient, fields: Record<string, string>) {
    const form = new FormData();
    const all = { prompt: PROMPT, quality: 'fast', aspectRatio: '16:9', clientKey: randomUUID(), ...fields };
    for (const [name, value] of Object.entries(all)) form.append(name, value);
    const response = await fetch(`${target().app.url}/api/videos`, {
      method: 'POST',
      body: form,
      headers: { cookie: client.cookieHeader, origin: target().app.url, 'x-forwarded-for': client.address },
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        request: VideoRequestView;
        group: VideoRequestView[];
        error: { code: string; fields?: Record<string, string> };
      },
    };
  }

  async function create(client: SessionClient, fields: Record<string, string> = {}) {
    const answer = await post(client, fields);
    expect(answer.status).toBe(201);
    return answer.body.request;
  }

  async function completed(client: SessionClient, id: string): Promise<VideoRequestView> {
    const deadline = Date.now() + 240_000;
    for (;;) {
      const { request } = (await client.json<{ request: VideoRequestView }>(`/api/videos/${id}`)).body;
      if (request.status === 'completed') return request;
      if (request.status === 'failed') throw new Error(`request ${id} failed: ${request.errorMessage}`);
      if (Date.now() > deadline) throw new Error(`request ${id} still ${request.status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function downloaded(request: VideoRequestView) {
    if (!request.downloadUrl) throw new Error('no download URL');
    const response = await fetch(new URL(request.downloadUrl, target().app.url));
    expect(response.status).toBe(200);
    const file = path.join(target().storageDir, `${randomUUID()}.mp4`);
    await fs.writeFile(file, Buffer.from(await response.arrayBuffer()));
    try {
      return await probe(file, TOOLS);
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  const finish = (client: SessionClient, id: string, body: Record<string, string>) =>
    client.json<{
      request: VideoRequestView;
      method: string;
      note: string;
      error: { code: string; message: string };
    }>(`/api/videos/${id}/finish`, { json: body });

  return { user, post, create, completed, downloaded, finish };
}

/** What every target proves the same way: the draft and its finish, a 5 s Fast, a 4K master, the refusals. */
function modeCases(target: () => Target, afterDraft?: (draft: VideoRequestView) => void) {
  const { user, post, create, completed, downloaded, finish } = modesApi(target);

  it(
    'a Rascunho 9:16 is 360x640 for the draft price; Finalizar in Quality makes it again at 1080x1920 for 25, linked',
    async () => {
      const { client, userId } = await user(100);
      const draft = await completed(
        client,
        (await create(client, { quality: 'draft', aspectRatio: '9:16', seed: '24680' })).id,
      );
      expect(draft.creditsUsed).toBe(VIDEO_COST_CREDITS.draft);
      expect(draft.creditsUsed).toBeLessThan(VIDEO_COST_CREDITS.fast);
      expect(await downloaded(draft)).toMatchObject({ width: 360, height: 640 });
      afterDraft?.(draft);

      const clientKey = randomUUID();
      const finished = await finish(client, draft.id, { quality: 'quality', clientKey });
      expect(finished.status).toBe(201);
      expect(finished.body.method).toBe('regenerate');
      expect(finished.body.note).toMatch(/gerado de novo/);
      const made = finished.body.request;
      expect(made).toMatchObject({
        kind: 'finish',
        sourceRequestId: draft.id,
        quality: 'quality',
        prompt: draft.prompt,
        seed: 24680,
        aspectRatio: '9:16',
        clipSeconds: 8,
        creditsUsed: 25,
      });
      // A double click is one request and one hold.
      const again = await finish(client, draft.id, { quality: 'quality', clientKey });
      expect(again.status).toBe(200);
      expect(again.body.request.id).toBe(made.id);
      expect(await downloaded(await completed(client, made.id))).toMatchObject({ width: 1080, height: 1920 });
      expect(await balance(target().pool, userId)).toBe(100 - 4 - 25);
      const versions = await client.json<{ items: { id: string; kind: string }[] }>(
        `/api/videos/${made.id}/versions`,
      );
      expect(versions.body.items.map(({ id, kind }) => [id, kind])).toEqual([
        [draft.id, 'original'],
        [made.id, 'finish'],
      ]);
    },
    SLOW,
  );

  it(
    'a 5 s Fast video lasts 5 s and costs ceil(10 × 5 / 8) = 7',
    async () => {
      const { client } = await user(100);
      const video = await completed(client, (await create(client, { clipSeconds: '5' })).id);
      expect(video.creditsUsed).toBe(7);
      expect(video.clipSeconds).toBe(5);
      const file = await downloaded(video);
      expect(file.deliveredSeconds).toBeGreaterThan(4.8);
      expect(file.deliveredSeconds).toBeLessThan(5.2);
    },
    SLOW,
  );

  it(
    'a Quality 4K 16:9 master is 3840x2160, priced at twice Quality per second',
    async () => {
      const { client } = await user(100);
      const master = await completed(
        client,
        (await create(client, { quality: 'quality', resolution: '4k', clipSeconds: '3' })).id,
      );
      expect(master.masterResolution).toBe('4k');
      expect(master.creditsUsed).toBe(Math.ceil((2 * VIDEO_COST_CREDITS.quality * 3) / 8));
      expect(await downloaded(master)).toMatchObject({ width: 3840, height: 2160 });
    },
    SLOW,
  );

  it(
    'an unlisted length or resolution is a 400 in pt-BR that holds nothing',
    async () => {
      const { client, userId } = await user(100);
      const tooLong = await post(client, { clipSeconds: '11' });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error.fields?.clipSeconds).toMatch(/segundos/);
      const fastIn4k = await post(client, { resolution: '4k' });
      expect(fastIn4k.status).toBe(400);
      expect(fastIn4k.body.error.fields?.resolution).toMatch(/Quality/);
      const unknown = await post(client, { quality: 'quality', resolution: '8k' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.fields?.resolution).toBeDefined();
      // The length's old name is no second spelling (ADR 0051); written in two parts, as the vocabulary test
      // allows it nowhere.
      const retiredName = ['duration', 'Seconds'].join('');
      const retired = await post(client, { [retiredName]: '5' });
      expect(retired.status).toBe(400);
      expect(retired.body.error.fields?.[retiredName]).toBeDefined();
      expect(await holdsOf(target().pool, userId)).toBe(0);
      expect(await balance(target().pool, userId)).toBe(100);
    },
    SLOW,
  );
}

describe('modes, lengths and Finalizar (local renderer)', () => {
  let local: Target;
  beforeAll(async () => {
    // A render is read as done as soon as its file is there, not on the next of the back-off's polls.
    local = await startDiskApp('cena-modes-', { LOCAL_RENDER_DELAY_MS: '0', VIDEO_POLL_MS: '100' });
  });
  afterAll(() => stopDiskApp(local));

  modeCases(() => local);

  it(
    'four draft variations cost four drafts; finishing one leaves the other three untouched',
    async () => {
      const { user, post, completed, finish } = modesApi(() => local);
      const { client, userId } = await user(100);
      const submit = await post(client, { quality: 'draft', variations: '4' });
      expect(submit.status).toBe(201);
      expect(submit.body.group.map((request) => request.creditsUsed)).toEqual([4, 4, 4, 4]);
      expect(await balance(local.pool, userId)).toBe(100 - 4 * requestCredits({ quality: 'draft' }));
      const drafts = await Promise.all(submit.body.group.map((request) => completed(client, request.id)));
      const [chosen, ...others] = drafts;
      if (!chosen) throw new Error('no draft');
      const finished = await finish(client, chosen.id, { quality: 'fast', clientKey: randomUUID() });
      expect(finished.status).toBe(201);
      expect(finished.body.request.creditsUsed).toBe(10);
      for (const other of others) {
        const read = (await client.json<{ request: VideoRequestView }>(`/api/videos/${other.id}`)).body
          .request;
        expect(read).toMatchObject({
          status: 'completed',
          kind: 'original',
          quality: 'draft',
          creditsUsed: 4,
        });
        const versions = await client.json<{ items: { id: string }[] }>(`/api/videos/${other.id}/versions`);
        expect(versions.body.items.map(({ id }) => id)).toEqual([other.id]);
      }
      expect(await balance(local.pool, userId)).toBe(100 - 16 - 10);
    },
    SLOW,
  );

  it(
    'only a completed video is finished: a failed one is refused (409) with nothing held',
    async () => {
      const { user, create, finish } = modesApi(() => local);
      const { client, userId } = await user(100);
      const failed = await create(client, { quality: 'draft', prompt: `${PROMPT} ${LOCAL_FAILURE_MARKER}` });
      const deadline = Date.now() + 120_000;
      while (
        (await client.json<{ request: VideoRequestView }>(`/api/videos/${failed.id}`)).body.request.status !==
        'failed'
      ) {
        if (Date.now() > deadline) throw new Error('the marked request did not fail');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const refused = await finish(client, failed.id, { quality: 'quality', clientKey: randomUUID() });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'cannot_finish', message: FINISH_NOT_COMPLETED });
      expect(await balance(local.pool, userId)).toBe(100);
    },
    SLOW,
  );
});

describe('modes, lengths and Finalizar (Gemini API stand-in, Omni default)', () => {
  let gemini: FakeGemini;
  let omni: GeminiApp;
  beforeAll(async () => {
    omni = await startGeminiApp('cena-modes-omni-', { VIDEO_PROVIDER: 'gemini', VIDEO_POLL_MS: '100' });
    gemini = omni.gemini;
    // Done on the first read, read every 100 ms: Cena's 5–8 s between reads of Google would only make the test slower.
    gemini.pollsUntilDone = 1;
  });
  afterEach(() => {
    expect(contractBreaches(gemini)).toEqual(NO_BREACHES);
  });
  afterAll(() => stopGeminiApp(omni));

  const formats = () =>
    gemini.submitBodies.map((body) => body.response_format as { resolution: string; duration: string });

  modeCases(
    () => omni,
    () =>
      expect(formats().at(-1)).toMatchObject({ resolution: '360p', aspect_ratio: '9:16', duration: '8s' }),
  );

  it(
    'asks Google for each mode’s resolution and the chosen length, and the finish for 1080p with the same prompt',
    () => {
      const sent = formats().map(({ resolution, duration }) => `${resolution} ${duration}`);
      expect(sent).toEqual(['360p 8s', '1080p 8s', '720p 5s', '4k 3s']);
      const [draft, finished] = gemini.submitBodies;
      expect(finished?.input).toEqual(draft?.input);
    },
    SLOW,
  );
});
