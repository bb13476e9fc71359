import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import {
  apiBalance,
  describeBrowser,
  signedInWithCredits,
  startBrowserApp,
  stopBrowserApp,
  waitForText,
} from '../support/browser';
import { tinyPng } from '../support/images';

/**
 * Longer and directed videos as a user lives them in local mode: create with a first frame and two reference
 * images, then extend and edit the video from its detail page, watching each new version live to completed and
 * seeing the timeline and the new length — each charged like a new Fast video.
 */

let app: TestApp;
let browser: Browser;
let storageDir = '';

/**
 * The status of the page's own request (the header), followed live without a reload. `id` waits first for the page
 * of that request: a router navigation is a React transition, so right after the URL changes the previous request's
 * page (already completed) can still be on screen until the new one is ready.
 */
async function completedLive(page: Page, id?: string): Promise<void> {
  if (id) {
    await expect.poll(() => page.locator(`[data-request-id="${id}"]`).count(), { timeout: 30_000 }).toBe(1);
  }
  const status = id
    ? page.locator(`[data-request-id="${id}"] [data-testid="video-status"]`).first()
    : page.getByTestId('video-status').first();
  await expect
    .poll(() => status.getAttribute('data-status'), {
      timeout: 240_000,
      interval: 500,
    })
    .toBe('completed');
}

/**
 * The timeline follows the same live event as the page's header: its entry for the page's version is completed
 * too, with its length.
 */
async function currentVersionCompleted(page: Page, length: string): Promise<void> {
  const current = page.locator('[data-testid="version"][aria-current="page"]');
  await expect
    .poll(() => current.getByTestId('video-status').getAttribute('data-status'), { timeout: 30_000 })
    .toBe('completed');
  await expect.poll(() => current.getByTestId('version-length').textContent()).toContain(length);
}

describeBrowser('extend and edit in a browser (local provider)', () => {
  beforeAll(async () => {
    ({ app, browser, storageDir } = await startBrowserApp('cena-directed-e2e-', {
      LOCAL_RENDER_DELAY_MS: '200',
    }));
  }, 60_000);
  afterAll(() => stopBrowserApp({ app, browser, storageDir }));

  it('creates with a first frame and two references, then extends and edits it from the detail page', async () => {
    const { context, errors, page } = await signedInWithCredits(app, browser, {
      name: 'Lia Prado',
      credits: 100,
      viewport: { width: 1280, height: 900 },
    });

    await page.goto(`${app.url}/dashboard/create`);
    await page
      .getByLabel('Descreva seu vídeo')
      .fill('Um barco a vela cruzando a baía ao amanhecer, câmera lenta');
    await page.getByTestId('aspect-16x9').click();
    await page.getByTestId('first-frame-input').setInputFiles({
      name: 'primeiro-quadro.png',
      mimeType: 'image/png',
      buffer: tinyPng(),
    });
    await page.getByTestId('first-frame-preview').waitFor();
    await page.locator('[data-testid="directing"] summary').click();
    await page.getByTestId('reference-images-input').setInputFiles([
      { name: 'personagem.png', mimeType: 'image/png', buffer: tinyPng(48, 48) },
      { name: 'estilo.png', mimeType: 'image/png', buffer: tinyPng(32, 48) },
    ]);
    await expect.poll(() => page.getByTestId('reference-images-item').count()).toBe(2);
    await page.getByTestId('create-submit').click();
    await page.waitForURL(/\/dashboard\/confirmation\?id=/, { timeout: 15_000 });
    const originalId = new URL(page.url()).searchParams.get('id') ?? '';
    await completedLive(page);

    await page.goto(`${app.url}/dashboard/request/${originalId}`);
    await expect
      .poll(() => page.getByTestId('technical-inputs').textContent())
      .toMatch(/primeiro quadro.*2 imagens de referência/);

    // Extend: prefilled with the original prompt, the cost and the length after it.
    await page.getByTestId('extend-open').click();
    expect(await page.getByTestId('extend-text').inputValue()).toContain('Um barco a vela');
    await expect.poll(() => page.getByTestId('extend-length-after').textContent()).toContain('16');
    // Which continuation it is, before paying: the local renderer continues its own take up to 120 s.
    expect(await page.getByTestId('extend-continuation').textContent()).toBe('Continua a mesma tomada');
    await page.getByTestId('extend-text').fill('O barco chega ao porto e as gaivotas levantam voo');
    await page.getByTestId('extend-confirm').click();
    await page.waitForURL(
      (url) => url.pathname.startsWith('/dashboard/request/') && !url.pathname.endsWith(originalId),
      {
        timeout: 15_000,
      },
    );
    const extensionId = page.url().split('/').at(-1) ?? '';
    await waitForText(page, 'Extensão');
    await completedLive(page, extensionId);
    await expect.poll(() => page.getByTestId('version').count(), { timeout: 20_000 }).toBe(2);
    await currentVersionCompleted(page, '0:16');

    // Edit by instruction: a new version of the same length, the source untouched.
    await page.getByTestId('edit-open').click();
    await page.getByTestId('edit-text').fill('troque o dia pela noite');
    await page.getByTestId('edit-confirm').click();
    await page.waitForURL(
      (url) => url.pathname.startsWith('/dashboard/request/') && !url.pathname.endsWith(extensionId),
      {
        timeout: 15_000,
      },
    );
    await completedLive(page, page.url().split('/').at(-1));
    await expect.poll(() => page.getByTestId('version').count(), { timeout: 20_000 }).toBe(3);
    expect(
      await page
        .getByTestId('version')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-kind'))),
    ).toEqual(['original', 'extension', 'edit']);
    await currentVersionCompleted(page, '0:16');

    await expect.poll(() => apiBalance(page), { timeout: 10_000 }).toBe(100 - 3 * 10);
    expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    await context.close();
  }, 900_000);
});
