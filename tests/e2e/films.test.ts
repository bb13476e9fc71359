import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { probe } from '#server/media/rendering.server';
import { signUpAndVerify } from '../support/accounts';
import type { TestApp } from '../support/app';
import { seriousViolations } from '../support/axe';
import {
  apiBalance,
  collectPageErrors,
  describeBrowser,
  signInWithSession,
  startAppAndBrowser,
} from '../support/browser';
import { storeVideo } from '../support/films';
import { colourClip, mediaTools } from '../support/media';

/**
 * 'Montar filme' as a keyboard user lives it on a 375 px phone: from the history, add three finished videos, move
 * the last one to the front with the arrow keys (announced), trim two scenes, preview, save for no credits, watch
 * the film complete live on its page, and download it: ffprobe reads the three kept parts' length. With a pointer,
 * the board opened from a video's page starts with that video and reorders by drag and drop.
 */

let app: TestApp;
let browser: Browser;
let dir = '';

/** Presses Tab until `target` has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target} with Tab`);
}

const sceneOrder = (page: Page) =>
  page
    .getByTestId('film-scene')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-request-id')));

describeBrowser('making a film in a browser (keyboard only, 375 px)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cena-films-e2e-'));
    ({ app, browser } = await startAppAndBrowser({ STORAGE_DIR: path.join(dir, 'storage') }));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('builds, reorders, trims, previews, saves, completes live and downloads a film of three scenes', async () => {
    const { client } = await signUpAndVerify(app.url, { name: 'Rita Montagem' });
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    const tools = await mediaTools(60_000);
    const store = async (colour: string, prompt: string, aspectRatio: '16:9' | '9:16' = '16:9') => {
      const size = aspectRatio === '16:9' ? '640x360' : '360x640';
      const file = await colourClip(tools, path.join(dir, `${colour}.mp4`), { colour, seconds: 4, size });
      return storeVideo(app.cena.pool, app.cena.storage, userId, {
        file,
        deliveredSeconds: 4,
        aspectRatio,
        prompt,
      });
    };
    const beach = await store('yellow', 'Praia ao amanhecer');
    const forest = await store('lime', 'Floresta com neblina');
    const sea = await store('blue', 'Mar aberto ao meio-dia');
    await store('red', 'Retrato vertical', '9:16');

    const context = await browser.newContext({
      acceptDownloads: true,
      viewport: { width: 375, height: 800 },
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signInWithSession(page, app.url, client);
    const balance = await apiBalance(page);

    await page.goto(`${app.url}/dashboard/history`);
    await page.getByTestId('history-page').waitFor();
    await tabTo(page, page.getByTestId('make-film'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/films/new');
    await page.getByTestId('film-candidates').waitFor();

    const addButton = (prompt: string) => page.getByRole('button', { name: `Adicionar ao filme: ${prompt}` });
    for (const prompt of ['Praia ao amanhecer', 'Floresta com neblina', 'Mar aberto ao meio-dia']) {
      await tabTo(page, addButton(prompt));
      await page.keyboard.press('Enter');
    }
    expect(await sceneOrder(page)).toEqual([beach, forest, sea]);
    // The film is 16:9 now: the vertical video cannot join it.
    expect(await addButton('Retrato vertical').isDisabled()).toBe(true);

    // The sea to the front with the arrow keys on its handle; the focus stays on it.
    const seaHandle = page.getByRole('button', { name: 'Mover cena 3: Mar aberto ao meio-dia' });
    await tabTo(page, seaHandle);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await sceneOrder(page)).toEqual([sea, beach, forest]);
    await expect
      .poll(() => page.getByTestId('film-board-announcement').textContent())
      .toContain('Cena movida para a posição 1 de 3.');
    expect(
      await page
        .getByRole('button', { name: 'Mover cena 1: Mar aberto ao meio-dia' })
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    // And the forest up one with its button (Space), then back down with the other.
    await tabTo(page, page.getByRole('button', { name: 'Subir cena 3' }));
    await page.keyboard.press('Space');
    expect(await sceneOrder(page)).toEqual([sea, forest, beach]);
    await tabTo(page, page.getByRole('button', { name: 'Descer cena 2' }));
    await page.keyboard.press('Enter');
    expect(await sceneOrder(page)).toEqual([sea, beach, forest]);

    // Trims: the sea from 1 s, the forest to 2,5 s (comma, as typed in Brazil); a wrong cut is flagged.
    const scene = (n: number) => page.getByTestId('film-scene').nth(n);
    await tabTo(page, scene(0).getByTestId('film-scene-start'));
    await page.keyboard.type('9');
    await expect.poll(() => scene(0).getByRole('alert').textContent()).toContain('Use de 0 a 4 s');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('1');
    await tabTo(page, scene(2).getByTestId('film-scene-end'));
    await page.keyboard.type('2,5');
    await expect
      .poll(() => page.getByTestId('film-total').textContent())
      .toContain('Duração do filme: 9,5 s');
    // The board with its scenes, as a screen reader or keyboard user meets it (axe, WCAG A and AA).
    expect(await seriousViolations(page)).toEqual([]);

    if (process.env.FILMS_SCREENSHOT)
      await page.screenshot({ path: process.env.FILMS_SCREENSHOT, fullPage: true });
    await tabTo(page, page.getByTestId('film-title'));
    await page.keyboard.type('Do mar à floresta');
    await tabTo(page, page.getByTestId('film-preview-toggle'));
    await page.keyboard.press('Enter');
    await page.getByTestId('film-preview').waitFor();
    await expect.poll(() => page.getByTestId('film-preview').textContent()).toContain('Cena 1 de 3');

    // Marks this document: still there at the end means the film's page was never reloaded.
    await page.evaluate(() => {
      (window as unknown as { filmBoardDocument: boolean }).filmBoardDocument = true;
    });
    await tabTo(page, page.getByTestId('film-save'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/request\/[0-9a-f-]+$/, { timeout: 15_000 });
    const filmId = page.url().split('/').pop() ?? '';
    await page.locator(`[data-request-id="${filmId}"]`).waitFor();
    // Followed live: no reload between the saved film and the finished one.
    await expect
      .poll(() => page.getByTestId('video-status').first().getAttribute('data-status'), {
        timeout: 120_000,
        interval: 300,
      })
      .toBe('completed');
    expect(await page.getByTestId('request-prompt').textContent()).toBe('Do mar à floresta');
    expect(
      await page.evaluate(() => (window as unknown as { filmBoardDocument?: boolean }).filmBoardDocument),
    ).toBe(true);
    const listed = page.getByTestId('film-detail-scene');
    await expect.poll(() => listed.count()).toBe(3);
    expect(await listed.allTextContents()).toEqual([
      expect.stringContaining('Mar aberto ao meio-dia'),
      expect.stringContaining('Praia ao amanhecer'),
      expect.stringContaining('Floresta com neblina'),
    ]);
    expect(await apiBalance(page)).toBe(balance);
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing sticks out of a 375 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await tabTo(page, page.getByTestId('video-download'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const film = await probe((await download.path()) ?? '', tools);
    expect(film.deliveredSeconds).toBeCloseTo(3 + 4 + 2.5, 1);
    expect(film.hasAudio).toBe(true);
    expect(`${film.width}x${film.height}`).toBe('640x360');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
  it('reorders the scenes by drag and drop at 1280 px', async () => {
    const { client } = await signUpAndVerify(app.url, { name: 'Caio Arrasta' });
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    const tools = await mediaTools(60_000);
    const file = await colourClip(tools, path.join(dir, 'drag.mp4'), {
      colour: 'white',
      seconds: 4,
      size: '640x360',
    });
    const ids: string[] = [];
    for (const prompt of ['Primeira cena', 'Segunda cena', 'Terceira cena']) {
      ids.push(
        await storeVideo(app.cena.pool, app.cena.storage, userId, { file, deliveredSeconds: 4, prompt }),
      );
    }
    const [first, second, third] = ids;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signInWithSession(page, app.url, client);
    await page.goto(`${app.url}/dashboard/films/new?scene=${second}`);
    await page.getByTestId('film-candidates').waitFor();
    await expect.poll(() => sceneOrder(page)).toEqual([second]);
    await page.getByRole('button', { name: 'Adicionar ao filme: Primeira cena' }).click();
    await page.getByRole('button', { name: 'Adicionar ao filme: Terceira cena' }).click();
    expect(await sceneOrder(page)).toEqual([second, first, third]);

    await page
      .getByRole('button', { name: 'Mover cena 3: Terceira cena' })
      .dragTo(page.getByTestId('film-scene').first());
    expect(await sceneOrder(page)).toEqual([third, second, first]);
    await expect
      .poll(() => page.getByTestId('film-board-announcement').textContent())
      .toContain('Cena movida para a posição 1 de 3.');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
