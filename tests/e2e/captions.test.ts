import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runTool } from '#server/media/ffmpeg.server';
import type { CaptionsView } from '#shared/captions';
import type { TestApp } from '../support/app';
import { seriousViolations } from '../support/axe';
import {
  describeBrowser,
  type SignedInPage,
  signedInWithCredits,
  startBrowserApp,
  stopBrowserApp,
  waitForText,
} from '../support/browser';
import {
  API_KEY,
  contractBreaches,
  type FakeGemini,
  NO_BREACHES,
  startFakeGemini,
} from '../support/fake-gemini';
import { SPEECH_TAG } from '../support/fake-gemini-transcripts';
import { storeVideo } from '../support/films';
import { mediaTools } from '../support/media';

/**
 * 'Legendas' on a phone (375 px), against the fake Gemini API (fake-gemini-transcripts.ts scripts what the video
 * says): a completed video with speech gets its cues, one is corrected and saved, the stored captions carry the
 * correction, and the card has no serious or critical axe violation before and after.
 */

let app: TestApp;
let browser: Browser;
let storageDir = '';
let gemini: FakeGemini;

beforeAll(async () => {
  gemini = await startFakeGemini({ tiny: true });
  ({ app, browser, storageDir } = await startBrowserApp('cena-captions-e2e-', {
    GEMINI_API_KEY: API_KEY,
    GEMINI_API_BASE: gemini.base,
  }));
}, 90_000);

afterAll(async () => {
  expect(contractBreaches(gemini)).toEqual(NO_BREACHES);
  await stopBrowserApp({ app, browser, storageDir });
  await gemini?.stop();
});

/** A 3 s 9:16 clip whose audio "says" two sentences (the fake's script). */
async function speakingClip(): Promise<string> {
  const tools = await mediaTools(60_000);
  const file = path.join(storageDir, 'fala.mp4');
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'color=c=darkgreen:s=180x320:r=12:d=3'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=300:d=3'],
      ...['-metadata', `comment=${SPEECH_TAG}Olá, pessoal!|Bem-vindos à Cena`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ],
    { timeoutMs: 60_000 },
  );
  return file;
}

const captionsOf = (signedIn: SignedInPage, id: string) =>
  signedIn.page.evaluate(
    async (url) => ((await (await fetch(url)).json()) as { captions: CaptionsView | null }).captions,
    `/api/videos/${id}/captions`,
  );

describeBrowser('captions on a phone', () => {
  it('makes captions of a video with speech, saves a corrected cue, and passes axe at 375 px', async () => {
    const signedIn = await signedInWithCredits(app, browser, {
      name: 'Lia Legendas',
      credits: 10,
      viewport: { width: 375, height: 800 },
    });
    const { page } = signedIn;
    const user = await app.cena.pool.query<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [
      signedIn.email,
    ]);
    const id = await storeVideo(app.cena.pool, app.cena.storage, user.rows[0]?.id ?? '', {
      file: await speakingClip(),
      aspectRatio: '9:16',
      deliveredSeconds: 3,
      prompt: 'Uma apresentadora dando boas-vindas',
    });
    await page.goto(`${app.url}/dashboard/request/${id}`);
    await page.getByRole('button', { name: 'Gerar legendas' }).click();

    const first = page.getByRole('textbox', { name: /^Legenda 1, de / });
    await first.waitFor({ timeout: 30_000 });
    expect(await first.inputValue()).toBe('Olá, pessoal!');
    expect(await seriousViolations(page)).toEqual([]);

    await first.fill('Oi, gente!');
    await page.getByRole('button', { name: 'Salvar e gravar no vídeo' }).click();
    await waitForText(page, 'Legendas salvas. Gravando no vídeo…');
    await expect
      .poll(async () => (await captionsOf(signedIn, id))?.cues.map((cue) => cue.text), { timeout: 20_000 })
      .toEqual(['Oi, gente!', 'Bem-vindos à Cena']);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, 'the page scrolls sideways').toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    expect(signedIn.errors).toEqual([]);
    await signedIn.context.close();
  }, 120_000);
});
