import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from '#server/media/ffmpeg.server';
import type { CaptionsView } from '#shared/captions';
import type { TestApp } from '#tests/support/app';
import { credentialsOf } from '#tests/support/content-credentials';
import type { FakeGemini } from '#tests/support/fake-gemini';
import { SPEECH_TAG } from '#tests/support/fake-gemini-transcripts';
import { storeVideo } from '#tests/support/films';
import { greyFrame, rowsDifference } from '#tests/support/frames';
import { type GeminiApp, startGeminiApp, stopGeminiApp } from '#tests/support/gemini-app';
import { mediaTools } from '#tests/support/media';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';
import { parseWebVtt } from '#tests/support/webvtt';
import { burnLayout } from './burn-in.server';

/**
 * 'Legendas' through the real server and worker, against the fake Gemini API (fake-gemini-transcripts.ts scripts
 * what a video says): cues from the text model, the WebVTT track, the burned-in MP4 whose frames carry the text,
 * an edit that renders it again, a silent video that says so — and no credit moves in any of it.
 */

let app: TestApp;
let pool: pg.Pool;
let gemini: FakeGemini;
/** The storage folder: the test's clips are written beside the stored files (theirs are under a user's id). */
let dir = '';
let running: GeminiApp;

beforeAll(async () => {
  running = await startGeminiApp('cena-captions-', {}, { tiny: true });
  ({ app, pool, gemini, storageDir: dir } = running);
});

afterAll(() => stopGeminiApp(running));

const SIZE = { width: 320, height: 180 };
const SENTENCES = ['Olá, pessoal!', 'Bem-vindos à Cena'];

/** A 3 s 16:9 clip; with `speech`, its audio "says" those sentences (the fake's script), else it is silent. */
async function clip(name: string, speech?: readonly string[]): Promise<string> {
  const tools = await mediaTools(60_000);
  const file = path.join(dir, `${name}.mp4`);
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `color=c=darkgreen:s=${SIZE.width}x${SIZE.height}:r=12:d=3`],
      ...(speech ? ['-f', 'lavfi', '-i', 'sine=frequency=300:d=3'] : []),
      ...(speech ? ['-metadata', `comment=${SPEECH_TAG}${speech.join('|')}`] : []),
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...(speech ? ['-c:a', 'aac', '-shortest'] : []),
      file,
    ],
    { timeoutMs: 60_000 },
  );
  return file;
}

type Answer = { captions: CaptionsView | null };

const start = (client: SessionClient, id: string) =>
  client.json<Answer>(`/api/videos/${id}/captions`, { method: 'POST' });

/** Reads the captions until `done` holds (the job runs in the test app's worker). */
async function until(client: SessionClient, id: string, done: (view: CaptionsView) => boolean) {
  for (let i = 0; i < 240; i++) {
    const { body } = await client.json<Answer>(`/api/videos/${id}/captions`);
    if (body.captions && done(body.captions)) return body.captions;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('captions never reached the expected state');
}

async function download(client: SessionClient, url: string, name: string): Promise<string> {
  const response = await client.fetch(url);
  expect(response.status).toBe(200);
  const file = path.join(dir, name);
  await writeFile(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

/** How much the frame at 1 s differs between two videos: in the caption band (its lines above the bottom margin)
 * and in the top third, where captions never go. */
async function frameDifference(a: string, b: string): Promise<{ band: number; top: number }> {
  const tools = await mediaTools(60_000);
  const [first, second] = await Promise.all([greyFrame(tools, a, 1, SIZE), greyFrame(tools, b, 1, SIZE)]);
  const { bottomMargin, lineHeight } = burnLayout(SIZE);
  const bottom = SIZE.height - bottomMargin;
  return {
    band: rowsDifference(first, second, SIZE.width, bottom - 2 * lineHeight, bottom),
    top: rowsDifference(first, second, SIZE.width, 0, Math.floor(SIZE.height / 3)),
  };
}

async function ledgerOf(userId: string) {
  const { rows } = await pool.query(
    'SELECT (SELECT count(*) FROM credit_ledger_entries WHERE user_id = $1) AS entries, (SELECT count(*) FROM credit_holds WHERE user_id = $1) AS holds, (SELECT sum(remaining) FROM credit_grants WHERE user_id = $1) AS remaining',
    [userId],
  );
  return rows[0];
}

describe('captions of a video with speech', () => {
  it('transcribes once on a double click, serves a valid VTT and a burned-in MP4; an edit renders again', async () => {
    const { client, userId } = await signedUpWithCredits(app.url, pool, 50);
    const source = await clip('speech', SENTENCES);
    const id = await storeVideo(pool, app.cena.storage, userId, { file: source, deliveredSeconds: 3 });
    const before = await ledgerOf(userId);
    const transcriptionsBefore = gemini.transcriptions.length;

    const clicks = await Promise.all([start(client, id), start(client, id)]);
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 202]);
    const ready = await until(
      client,
      id,
      (view) => view.status !== 'transcribing' && view.burn !== 'rendering',
    );
    expect(ready).toMatchObject({ status: 'ready', transcribedBy: 'gemini-3.8-flash', revision: 0 });
    expect(ready.cues.map((cue) => cue.text)).toEqual(SENTENCES);
    expect(ready.cues[0]?.start).toBe(0);
    expect(gemini.transcriptions.length - transcriptionsBefore).toBe(1);

    const vtt = await client.fetch(ready.vttUrl as string);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(parseWebVtt(await vtt.text()).map((cue) => cue.text)).toEqual(SENTENCES);
    const attachment = await client.fetch(`${ready.vttUrl}?download=1`);
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment; filename="cena-.*\.vtt"$/);

    // Named like the video's own download, marked as captioned (not the stored key's bare 'legendado.mp4').
    const named = await client.fetch(ready.burnedVideoUrl as string, { method: 'HEAD' });
    expect(named.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cena-\d{4}-\d{2}-\d{2}-[a-z0-9-]+-legendado\.mp4"$/,
    );
    const burned = await download(client, ready.burnedVideoUrl as string, 'burned-0.mp4');
    // Signed after the burn-in (ADR 0065), the captions one of its edits.
    const credentials = await credentialsOf(burned);
    expect(credentials).toMatchObject({ credentials: 'valid', madeByCena: true, aiGenerated: true });
    expect(credentials.actions.map((action) => action.edit ?? action.action)).toEqual([
      'c2pa.created',
      'captioned',
    ]);
    const withAndWithout = await frameDifference(source, burned);
    expect(withAndWithout.band).toBeGreaterThan(3);
    expect(withAndWithout.top).toBeLessThan(1);

    const edited = await client.json<Answer>(`/api/videos/${id}/captions`, {
      method: 'PUT',
      json: { revision: 0, texts: ['TEXTO CORRIGIDO PELO DONO', SENTENCES[1]] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.captions).toMatchObject({ revision: 1, burn: 'rendering', burnedVideoUrl: null });
    const rerendered = await until(client, id, (view) => view.burn === 'ready');
    const reburned = await download(client, rerendered.burnedVideoUrl as string, 'burned-1.mp4');
    const beforeAndAfterEdit = await frameDifference(burned, reburned);
    expect(beforeAndAfterEdit.band).toBeGreaterThan(2);
    expect(beforeAndAfterEdit.top).toBeLessThan(1);
    expect(await (await client.fetch(ready.vttUrl as string)).text()).toContain('TEXTO CORRIGIDO PELO DONO');

    // The same save again is no new revision; a stale one or a wrong count is refused in Portuguese.
    const again = await client.json<Answer>(`/api/videos/${id}/captions`, {
      method: 'PUT',
      json: { revision: 0, texts: ['TEXTO CORRIGIDO PELO DONO', SENTENCES[1]] },
    });
    expect(again.body.captions?.revision).toBe(1);
    const stale = await client.json<{ error: { code: string; message: string } }>(
      `/api/videos/${id}/captions`,
      {
        method: 'PUT',
        json: { revision: 0, texts: ['outro', 'texto'] },
      },
    );
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'captions_changed' } } });
    const short = await client.json<{ error: { code: string } }>(`/api/videos/${id}/captions`, {
      method: 'PUT',
      json: { revision: 1, texts: ['só uma'] },
    });
    expect(short).toMatchObject({ status: 422, body: { error: { code: 'cue_count_mismatch' } } });
    const empty = await client.json<{ error: { message: string } }>(`/api/videos/${id}/captions`, {
      method: 'PUT',
      json: { revision: 1, texts: ['  ', 'b'] },
    });
    expect(empty).toMatchObject({
      status: 400,
      body: { error: { message: 'Uma legenda não pode ficar vazia.' } },
    });

    expect(await ledgerOf(userId)).toEqual(before);
    expect(gemini.transcriptions.length - transcriptionsBefore).toBe(1);
  }, 120_000);
});

describe('captions of a silent video', () => {
  it('says the video has no speech, serves no track and charges nothing', async () => {
    const { client, userId } = await signedUpWithCredits(app.url, pool, 50);
    const id = await storeVideo(pool, app.cena.storage, userId, {
      file: await clip('silent'),
      deliveredSeconds: 3,
    });
    const before = await ledgerOf(userId);
    expect((await start(client, id)).status).toBe(202);
    const view = await until(client, id, (captions) => captions.status !== 'transcribing');
    expect(view).toMatchObject({
      status: 'no_speech',
      cues: [],
      message: 'Este vídeo não tem fala.',
      vttUrl: null,
      burnedVideoUrl: null,
    });
    expect((await client.fetch(`/api/videos/${id}/captions.vtt`)).status).toBe(404);
    expect(await ledgerOf(userId)).toEqual(before);
  }, 60_000);
});

describe('who may ask', () => {
  it('answers another user’s video as missing and refuses a video that is not completed', async () => {
    const owner = await signedUpWithCredits(app.url, pool);
    const stranger = await signedUpWithCredits(app.url, pool);
    const id = await storeVideo(pool, app.cena.storage, owner.userId, { file: await clip('theirs') });
    for (const answer of [
      await start(stranger.client, id),
      await stranger.client.json(`/api/videos/${id}/captions`),
      await stranger.client.json(`/api/videos/${id}/captions.vtt`),
      await stranger.client.json('/api/videos/not-a-uuid/captions'),
    ]) {
      expect(answer.status).toBe(404);
    }
    const pending = await storeVideo(pool, app.cena.storage, owner.userId, { status: 'processing' });
    const refused = await start(owner.client, pending);
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { code: 'not_completed', message: 'Só um vídeo concluído pode ganhar legendas.' } },
    });
    expect((await owner.client.json<Answer>(`/api/videos/${id}/captions`)).body.captions).toBeNull();
  }, 60_000);
});
