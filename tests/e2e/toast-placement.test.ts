import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { describeBrowser } from '../support/browser';
import { creatorBrowser } from '../support/creator-browser';

/**
 * Toasts sit at the bottom, above the create page's fixed bar (src/web/components/ui/toaster.tsx): on a 375 px phone
 * and on a 1280 px laptop a toast — here the one a checkout that could not start shows, a failure the page has
 * nowhere else to say — covers neither the header (logo, balance, menu) nor the page's main action, "Gerar vídeo"
 * with its cost.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

const VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

/** Where a toast comes to rest: sonner slides it in, so its box is read until two reads 100 ms apart agree. */
async function restingBoxOf(locator: Locator): Promise<Box> {
  let last = await boxOf(locator);
  for (let read = 0; read < 50; read++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const box = await boxOf(locator);
    if (JSON.stringify(box) === JSON.stringify(last)) return box;
    last = box;
  }
  throw new Error('the toast never came to rest');
}

describeBrowser('toast placement', () => {
  const creator = creatorBrowser('cena-toasts-');

  it.each(VIEWPORTS)(
    'shows a toast at $width px clear of the header and of "Gerar vídeo"',
    async (viewport) => {
      const { app } = creator;
      const { context, page } = await creator.signIn({ name: 'Lara Dias', credits: 5, viewport });
      await page.goto(`${app.url}/dashboard/create`);
      await page.getByTestId('create-shortfall').waitFor({ timeout: 30_000 });
      await page.getByLabel('Descreva seu vídeo').fill('Um barco a vela cruzando a baía ao pôr do sol');

      // The checkout cannot start: the only place to say so is a toast.
      await page.route('**/api/billing/credit-checkout', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'unavailable', message: 'Serviço indisponível.' }),
        }),
      );
      await page.getByTestId('shortfall-buy').click();
      const sheet = page.getByTestId('buy-credits-sheet');
      await sheet.getByTestId('buy-small').click();
      const toast = page.locator('[data-sonner-toast]').filter({
        hasText: 'Não foi possível iniciar o checkout. Tente novamente.',
      });
      await toast.waitFor({ timeout: 10_000 });
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
      expect(await toast.isVisible()).toBe(true);

      const shown = await restingBoxOf(toast);
      const header = await boxOf(page.locator('header').first());
      const submit = await boxOf(page.getByTestId('create-submit'));
      expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(shown.y + shown.height).toBeLessThanOrEqual(viewport.height);
      expect(overlaps(shown, header)).toBe(false);
      expect(overlaps(shown, submit), JSON.stringify({ shown, submit })).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
