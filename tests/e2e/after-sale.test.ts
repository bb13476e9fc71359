import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { QUEUES } from '#server/jobs/queues.server';
import { CREDIT_PACKAGES } from '#shared/catalogue';
import { formatBRL } from '#shared/format';
import { waitForMail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { apiBalance, describeBrowser } from '../support/browser';
import { creatorBrowser } from '../support/creator-browser';

/**
 * After the sale (ADR 0027, ADR 0030, ADR 0037) as a creator lives it in local mode, on a 375 px phone and a 1280 px
 * laptop: with a draft kept on the create page and too few credits, the package sheet's checkout opens in a new tab
 * while the create page says it waits for the payment; a cancelled checkout says nothing was charged and ends the
 * wait; a paid one brings the credits live to the same draft. The purchase is one line in the payment history,
 * its receipt is mailed with the amount and what was bought, and "Desistir da compra" (its dialog axe-clean)
 * refunds the unused package and takes its credits back. axe finds nothing serious or critical on each page on the way.
 */

const PROMPT = 'Um farol na tempestade, ondas quebrando nas pedras ao entardecer';
const START_CREDITS = 5;
const SMALL = CREDIT_PACKAGES.find((pkg) => pkg.id === 'small');
if (!SMALL) throw new Error('the catalogue has no small package');
const PRICE = formatBRL(SMALL.priceCents);
const WIDTHS = [
  { width: 375, height: 740 },
  { width: 1280, height: 900 },
];

const promptValue = (page: Page) => page.getByTestId('prompt-input').inputValue();

/** Clicks the sheet's smallest package and returns the checkout's tab once the local checkout shows. */
async function openCheckout(context: BrowserContext, page: Page): Promise<Page> {
  const [checkout] = await Promise.all([
    context.waitForEvent('page'),
    page.getByTestId('buy-credits-sheet').getByTestId('buy-small').click(),
  ]);
  await checkout.waitForURL(/\/dev\/checkout\//, { timeout: 10_000 });
  return checkout;
}

describeBrowser('after the sale, in a browser (local test checkout)', () => {
  const creator = creatorBrowser('cena-after-sale-');

  for (const viewport of WIDTHS) {
    it(`waits, cancels, pays, lists one line, mails the receipt and withdraws at ${viewport.width} px`, async () => {
      const { app } = creator;
      const { context, email, errors, page } = await creator.signIn({
        name: 'Nina Torres',
        credits: START_CREDITS,
        viewport,
      });
      await page.goto(`${app.url}/dashboard/create`);
      await page.getByTestId('create-shortfall').waitFor({ timeout: 30_000 });
      await page.getByLabel('Descreva seu vídeo').fill(PROMPT);
      await page.getByTestId('shortfall-buy').click();
      const sheet = page.getByTestId('buy-credits-sheet');
      await sheet.waitFor();

      // A checkout open elsewhere: the create page waits for it; cancelled, nothing is charged and the wait ends.
      const cancelled = await openCheckout(context, page);
      await sheet.getByTestId('checkout-waiting').waitFor({ timeout: 10_000 });
      expect(await sheet.getByTestId('checkout-waiting').textContent()).toContain('Aguardando pagamento');
      expect(await seriousViolations(page)).toEqual([]);
      await cancelled.getByRole('button', { name: 'Cancelar' }).click();
      await cancelled.waitForURL('**/dashboard/buy-credits?canceled=1');
      await expect
        .poll(() => cancelled.getByTestId('checkout-canceled').textContent(), { timeout: 10_000 })
        .toBe('Pagamento cancelado — nada foi cobrado.');
      expect(await seriousViolations(cancelled)).toEqual([]);
      await sheet.getByTestId('checkout-waiting').waitFor({ state: 'detached', timeout: 10_000 });
      expect(await apiBalance(page)).toBe(START_CREDITS);
      await cancelled.close();

      // Paid: the credits arrive live on the same draft.
      const paid = await openCheckout(context, page);
      await paid.getByRole('button', { name: 'Pagar' }).click();
      await paid.waitForURL(/\/dashboard\/payment-success\?session_id=/);
      await expect
        .poll(() => paid.getByTestId('payment-state').getAttribute('data-state'), { timeout: 10_000 })
        .toBe('success');
      expect(await seriousViolations(paid)).toEqual([]);
      await page.getByTestId('credits-arrived').waitFor({ timeout: 15_000 });
      await sheet.waitFor({ state: 'detached' });
      expect(await promptValue(page)).toBe(PROMPT);
      expect(page.url()).toBe(`${app.url}/dashboard/create`);
      expect(await apiBalance(page)).toBe(START_CREDITS + SMALL.credits);

      // One line for the purchase (its payment and its credits folded together, beside the admin's grant), with
      // the withdrawal on offer.
      await paid.goto(`${app.url}/dashboard/profile`);
      const history = paid.getByTestId('payment-history');
      const lines = history.locator('[data-testid="transaction"][data-type="payment"]');
      await expect.poll(() => lines.count(), { timeout: 10_000 }).toBe(1);
      expect(
        await history
          .getByTestId('transaction')
          .filter({ hasText: `${SMALL.credits} créditos` })
          .count(),
      ).toBe(1);
      expect(await lines.first().getByTestId('transaction-amount').textContent()).toContain(PRICE);
      expect(await lines.first().getByTestId('transaction-credits').textContent()).toContain(
        `+${SMALL.credits} créditos`,
      );
      expect(await seriousViolations(paid)).toEqual([]);

      // The receipt: once per payment, by the scheduled sweep (asked now rather than waiting for the minute).
      await app.cena.jobs.boss.send(QUEUES.receiptSweep, {});
      const receipt = await waitForMail(app.url, email, /^Recibo do seu pagamento/, { timeoutMs: 20_000 });
      expect(receipt.text).toContain(PRICE);
      expect(receipt.text).toContain(SMALL.credits.toString());

      // "Desistir da compra": the whole price back, the package's credits out of the balance.
      await lines.first().getByTestId('withdraw-purchase').click();
      const dialog = paid.getByTestId('withdrawal-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(PRICE);
      expect(await seriousViolations(paid)).toEqual([]);
      await dialog.getByTestId('confirm-withdrawal').click();
      await expect.poll(() => apiBalance(paid), { timeout: 15_000 }).toBe(START_CREDITS);

      // The draft is still there after all of it.
      await page.reload();
      await expect.poll(() => promptValue(page), { timeout: 10_000 }).toBe(PROMPT);
      await page.getByTestId('create-shortfall').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
