import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import {
  apiBalance,
  describeBrowser,
  signedInWithCredits,
  startBrowserApp,
  stopBrowserApp,
} from '../support/browser';
import { tinyPng } from '../support/images';
import { mediaTools } from '../support/media';

/**
 * Elenco and variations as a user lives them in local mode: save a character with two images, create three
 * variations using it, see them side by side on the confirmation page and in the history — and the character's
 * images on screen in the local render (the local renderer draws reference images as thumbnails, lower right).
 */

let app: TestApp;
let browser: Browser;
let storageDir = '';

const RED = [220, 30, 30] as const;
const GREEN = [30, 200, 60] as const;

/** One pixel of a frame at 4 s of the video, as RGB. */
async function pixelAt(file: string, x: number, y: number): Promise<number[]> {
  const tools = await mediaTools(60_000);
  const { stdout } = await promisify(execFile)(
    tools.ffmpegPath,
    [
      '-v',
      'error',
      '-ss',
      '4',
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `format=rgb24,crop=1:1:${x}:${y}`,
    ].concat(['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']),
    { encoding: 'buffer', timeout: 60_000 },
  );
  return [...stdout];
}

const near = (actual: number[], expected: readonly number[]) =>
  actual.length === 3 && actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 40);

async function noSideScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describeBrowser('Elenco and variations in a browser (local provider)', () => {
  beforeAll(async () => {
    ({ app, browser, storageDir } = await startBrowserApp('cena-cast-e2e-', {
      LOCAL_RENDER_DELAY_MS: '200',
    }));
  }, 60_000);
  afterAll(() => stopBrowserApp({ app, browser, storageDir }));

  it('saves a character with two images, creates 3 variations using it and sees them grouped', async () => {
    const { context, errors, page } = await signedInWithCredits(app, browser, {
      name: 'Bia Lopes',
      credits: 100,
      viewport: { width: 375, height: 800 },
    });

    // The Elenco page, at 375 px: empty first, then the saved character.
    await page.goto(`${app.url}/dashboard/cast`);
    await page.getByTestId('cast-empty').waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await page.getByTestId('cast-name').fill('Ana');
    await page.getByTestId('cast-images-input').setInputFiles([
      { name: 'ana-vermelho.png', mimeType: 'image/png', buffer: tinyPng(48, 48, RED) },
      { name: 'ana-verde.png', mimeType: 'image/png', buffer: tinyPng(48, 48, GREEN) },
    ]);
    await expect.poll(() => page.getByTestId('cast-image-item').count()).toBe(2);
    // A character needs the portrayed person's consent: refused without it, saved with it.
    await page.getByTestId('cast-submit').click();
    await page.getByText('Confirme o consentimento da pessoa retratada.').waitFor();
    await page.getByTestId('cast-consent').check();
    await page.getByTestId('cast-submit').click();
    await expect.poll(() => page.getByTestId('cast-member').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('cast-member-name').textContent()).toBe('Ana');
    expect(await page.getByTestId('cast-member').textContent()).toContain('Consentimento confirmado em');
    expect(await noSideScroll(page)).toBe(true);

    // The create page: pick Ana, ask for 3 variations.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}/dashboard/create`);
    await page
      .getByLabel('Descreva seu vídeo')
      .fill('A personagem caminha por uma feira colorida ao entardecer, câmera na mão');
    await page.getByTestId('aspect-16x9').click();
    await page.getByTestId('cast-option').filter({ hasText: 'Ana' }).click();
    await expect
      .poll(() => page.getByTestId('cast-picker').textContent())
      .toContain('aceita até 3 imagens de referência: 2 em uso');
    await page.locator('label', { has: page.getByTestId('variations-3') }).click();
    await expect.poll(() => page.getByTestId('variations-field').textContent()).toContain('30 créditos');
    await page.getByTestId('create-submit').click();
    await page.waitForURL(/\/dashboard\/confirmation\?id=/, { timeout: 15_000 });

    // Grouped on the confirmation page, each followed live to completed.
    const variations = page.getByTestId('variation');
    await expect.poll(() => variations.count(), { timeout: 15_000 }).toBe(3);
    await expect
      .poll(() => variations.evaluateAll((items) => items.map((item) => item.getAttribute('data-status'))), {
        timeout: 240_000,
        interval: 500,
      })
      .toEqual(['completed', 'completed', 'completed']);
    const ids = await variations.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-id') ?? ''),
    );
    expect(await apiBalance(page)).toBe(100 - 3 * 10);

    // Grouped in the history too.
    await page.goto(`${app.url}/dashboard/history`);
    const group = page.locator('[data-testid="history-table"] [data-testid="history-variations"]');
    await group.waitFor({ timeout: 15_000 });
    expect(
      await group
        .getByTestId('history-variation')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-id'))),
    ).toEqual(ids);

    // Technical info names the cast; the render shows both of Ana's images (Fast 16:9 is 1280×720: thumbnails
    // of 120 px, 24 px apart, from the lower right corner).
    await page.goto(`${app.url}/dashboard/request/${ids[0]}`);
    await expect
      .poll(() => page.getByTestId('technical-cast').textContent(), { timeout: 15_000 })
      .toBe('Ana');
    const userId = await page.evaluate(async () => {
      const response = await fetch('/api/me', { credentials: 'same-origin' });
      return ((await response.json()) as { user: { id: string } }).user.id;
    });
    const video = path.join(storageDir, userId, 'videos', ids[0] ?? '', 'video.mp4');
    expect(near(await pixelAt(video, 1280 - 144 + 60, 720 - 144 + 60), RED)).toBe(true);
    expect(near(await pixelAt(video, 1280 - 288 + 60, 720 - 144 + 60), GREEN)).toBe(true);

    // 'Duplicar Solicitação' picks Ana again (her images are not carried as uploaded references).
    await page.getByTestId('duplicate-request').click();
    await page.waitForURL(/\/dashboard\/create\?/);
    const ana = page.getByTestId('cast-option').filter({ hasText: 'Ana' }).locator('input');
    await expect.poll(() => ana.isChecked(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => page.getByTestId('cast-picker').textContent())
      .toContain('aceita até 3 imagens de referência: 2 em uso');

    expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    await context.close();
  }, 600_000);
});
