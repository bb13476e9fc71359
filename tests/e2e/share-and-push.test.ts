import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mediaKeys } from '#server/media/rendering.server';
import { signUpAndVerify } from '../support/accounts';
import type { TestApp } from '../support/app';
import { seriousViolations } from '../support/axe';
import { collectPageErrors, describeBrowser, startBrowserApp, stopBrowserApp } from '../support/browser';
import { colourClip, mediaTools } from '../support/media';

/**
 * A shared video as a visitor opens it (ADR 0031): a signed-out browser, on a phone (375 px) and a computer
 * (1280 px), plays `/v/{slug}`; the page has no serious or critical axe violation; a revoked link shows the 404 page
 * with sign-up.
 */

let app: TestApp;
let browser: Browser;
let storageDir = '';
let shareUrl = '';
let revoke: () => Promise<void>;

beforeAll(async () => {
  ({ app, browser, storageDir } = await startBrowserApp('cena-share-e2e-'));
  const { client } = await signUpAndVerify(app.url);
  const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
  const id = randomUUID();
  const keys = mediaKeys(userId, id);
  const file = await colourClip(await mediaTools(60_000), path.join(storageDir, 'clip.mp4'), {
    colour: 'orange',
    seconds: 2,
    size: '360x640',
  });
  await app.cena.storage.put(keys.video, await readFile(file), 'video/mp4');
  await app.cena.pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
       video_key, completed_at)
     VALUES ($1, $2, $3, 'Um barco laranja chegando ao porto de Paraty ao amanhecer', 'fast', '9:16', 10,
       'completed', $4, now())`,
    [id, userId, randomUUID(), keys.video],
  );
  shareUrl = (await client.json<{ url: string }>(`/api/videos/${id}/share`, { method: 'POST' })).body.url;
  revoke = async () => {
    await client.json(`/api/videos/${id}/share`, { method: 'DELETE' });
  };
}, 90_000);

afterAll(() => stopBrowserApp({ app, browser, storageDir }));

describeBrowser('a shared video, signed out', () => {
  for (const width of [375, 1280]) {
    it(`plays at ${width} px and passes axe`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const answer = await page.goto(shareUrl);
      expect(answer?.status()).toBe(200);
      const video = page.locator('video');
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
      const played = await video.evaluate(async (element: HTMLVideoElement) => {
        element.muted = true;
        await element.play();
        return !element.paused;
      });
      expect(played).toBe(true);
      expect(await page.getByRole('link', { name: 'Criar minha conta na Cena' }).isVisible()).toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, 'the page scrolls sideways').toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows the 404 page with sign-up once revoked, and it passes axe', async () => {
    await revoke();
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const answer = await page.goto(shareUrl);
    expect(answer?.status()).toBe(404);
    expect(await page.getByRole('heading', { name: 'Este link não está mais disponível' }).isVisible()).toBe(
      true,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
