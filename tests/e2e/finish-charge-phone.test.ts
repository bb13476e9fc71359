import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { VIDEO_COST_CREDITS } from '#shared/catalogue';
import { seriousViolations } from '../support/axe';
import { apiBalance, describeBrowser } from '../support/browser';
import { createFromPage, creatorBrowser, readRequest as read } from '../support/creator-browser';

/**
 * A draft's way to its final cut on a 375 px phone, tried as a new creator would (ADR 0058), in local mode:
 * - a completed draft's confirmation and request pages show 'Finalizar' above the fold;
 * - tapping a finish option charges nothing: it shows the cost, the balance and the balance after, and with a
 *   short balance (6 credits, the case) the buy sheet opens from the dialog; after paying in the local
 *   checkout's tab the same choice is still on screen, and one confirm makes the finish — charged once.
 */

const PHONE = { width: 375, height: 740 };

/** The element lies wholly inside the phone's first screen. */
async function aboveTheFold(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
}

async function completedDraft(page: Page): Promise<string> {
  const [id] = await createFromPage(page, {
    prompt: 'Uma vendedora de doces sorrindo numa feira ao ar livre, luz de fim de tarde',
    quality: 'draft',
    aspectRatio: '9:16',
    clipSeconds: '8',
  });
  if (!id) throw new Error('no request made');
  await expect
    .poll(async () => (await read(page, id)).status, { timeout: 240_000, interval: 500 })
    .toBe('completed');
  return id;
}

describeBrowser(
  'Finishing a draft on a phone: the way up first, and a charge asked before it is made',
  () => {
    const creator = creatorBrowser('cena-finish-charge-e2e-', { LOCAL_RENDER_DELAY_MS: '200' });

    it('leads a completed draft’s confirmation and request pages with Finalizar, above the fold at 375 px', async () => {
      const { context, errors, page } = await creator.signIn({
        name: 'Lia Prado',
        credits: 30,
        viewport: PHONE,
      });
      const id = await completedDraft(page);

      await page.goto(`${creator.app.url}/dashboard/confirmation?id=${id}`);
      await page.getByTestId('finish-lead').waitFor();
      expect(await aboveTheFold(page, 'finish-open')).toBe(true);
      expect(await page.getByTestId('finish-lead-target').textContent()).toBe(
        `Quality (1080p) · 1080x1920 · ${VIDEO_COST_CREDITS.quality} créditos`,
      );
      // The draft's own time range, as the create page quotes it (not the union 2–10).
      expect(await page.getByTestId('confirmation-time').textContent()).not.toContain('10 minutos');

      await page.goto(`${creator.app.url}/dashboard/request/${id}`);
      await page.getByTestId('finish-lead').waitFor();
      expect(await aboveTheFold(page, 'finish-open')).toBe(true);
      expect(await page.getByTestId('finish-open').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 300_000);

    it('asks before charging, and with 6 credits buys in place and finishes the same choice after paying', async () => {
      const { context, errors, page } = await creator.signIn({
        name: 'Rosa Vidal',
        credits: VIDEO_COST_CREDITS.draft + 6,
        viewport: PHONE,
      });
      const id = await completedDraft(page);
      expect(await apiBalance(page)).toBe(6);

      await page.goto(`${creator.app.url}/dashboard/request/${id}`);
      await page.getByTestId('finish-open').click();
      const dialog = page.getByTestId('finish-dialog');
      const quality = dialog.getByTestId('finish-quality');
      await expect.poll(() => quality.getAttribute('data-affordable')).toBe('false');
      expect(await dialog.getByTestId('finish-quality-short').textContent()).toBe(
        'Saldo insuficiente para esta opção',
      );
      expect(await dialog.textContent()).not.toContain('e seed');
      // The options stay inside the dialog at 375 px, measured once its opening animation has ended.
      await dialog.evaluate((element) => Promise.all(element.getAnimations().map((run) => run.finished)));
      const dialogBox = await dialog.boundingBox();
      const optionBox = await quality.boundingBox();
      expect(optionBox && dialogBox && optionBox.x + optionBox.width <= dialogBox.x + dialogBox.width).toBe(
        true,
      );

      await quality.click();
      expect(await dialog.getByTestId('finish-cost').textContent()).toBe('25 créditos');
      expect(await dialog.getByTestId('finish-balance').textContent()).toBe('6 créditos');
      expect(await dialog.getByTestId('finish-after').textContent()).toBe('Saldo insuficiente');
      expect(await dialog.getByTestId('finish-confirm').isDisabled()).toBe(true);
      // Nothing in the question spills out of the dialog at 375 px.
      expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      await dialog.getByTestId('finish-buy').click();
      const sheet = page.getByTestId('buy-credits-sheet');
      await sheet.waitFor();
      const [checkout] = await Promise.all([
        context.waitForEvent('page'),
        sheet.getByTestId('buy-small').click(),
      ]);
      await checkout.waitForURL(/\/dev\/checkout\//, { timeout: 10_000 });
      await checkout.getByRole('button', { name: 'Pagar' }).click();
      await checkout.waitForURL(/\/dashboard\/payment-success\?session_id=/);
      await checkout.close();

      // Back in the first tab: the sheet closed by itself, the same Quality choice waits with the new balance.
      await sheet.waitFor({ state: 'detached', timeout: 15_000 });
      await dialog.getByTestId('finish-arrived').waitFor();
      expect(await dialog.getByTestId('finish-balance').textContent()).toBe('106 créditos');
      expect(await dialog.getByTestId('finish-after').textContent()).toBe('81 créditos');
      expect(await apiBalance(page)).toBe(106);
      await dialog.getByTestId('finish-confirm').click();
      await page.waitForURL(
        (url) => url.pathname.startsWith('/dashboard/request/') && !url.pathname.endsWith(id),
      );
      const finishedId = new URL(page.url()).pathname.split('/').pop() ?? '';
      expect(await read(page, finishedId)).toMatchObject({
        kind: 'finish',
        sourceRequestId: id,
        quality: 'quality',
        creditsUsed: VIDEO_COST_CREDITS.quality,
      });
      expect(await apiBalance(page)).toBe(106 - VIDEO_COST_CREDITS.quality);
      expect(errors).toEqual([]);
      await context.close();
    }, 300_000);
  },
);
