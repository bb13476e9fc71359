import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type MailboxMessage, newEmail, PASSWORD } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import {
  type BrowserApp,
  describeBrowser,
  type SignedInPage,
  signedInWithCredits,
  startBrowserApp,
  stopBrowserApp,
  waitForApp,
} from '../support/browser';

/**
 * The creator's loop on a phone (375 px) and a laptop (1280 px), in local mode: a draft written with too few
 * credits survives a reload and a purchase made from the create page (the local test checkout in a new tab), the
 * generate button stays on screen with the form filled, and a plan chosen on /pricing while signed out is
 * remembered through sign-up and the e-mail confirmation to its checkout. axe finds nothing serious on the way.
 */

let running: Partial<BrowserApp> = {};
const PROMPT = 'Um farol na tempestade, ondas quebrando nas pedras ao entardecer';
const WIDTHS = [
  { width: 375, height: 740 },
  { width: 1280, height: 900 },
];

const promptValue = (page: Page) => page.getByTestId('prompt-input').inputValue();

/** The submit button lies wholly inside the viewport (not three screens down). */
async function submitInView(page: Page, height: number): Promise<boolean> {
  const box = await page.getByTestId('create-submit').boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

describeBrowser('the creator loop in a browser', () => {
  beforeAll(async () => {
    // The one browser file with Cena's service worker on (tests/support/browser.ts, ADR 0079).
    running = await startBrowserApp('cena-creator-loop-', {}, 'allow');
  }, 60_000);
  afterAll(() => stopBrowserApp(running));

  for (const viewport of WIDTHS) {
    it(`keeps the draft across a reload and a purchase from the create page at ${viewport.width} px`, async () => {
      const { app, browser } = running as BrowserApp;
      const user: SignedInPage = await signedInWithCredits(app, browser, {
        name: 'Rita Luz',
        credits: 5,
        viewport,
      });
      const { page, context } = user;
      await page.goto(`${app.url}/dashboard/create`);
      await page.getByTestId('create-shortfall').waitFor({ timeout: 10_000 });
      await page.getByLabel('Descreva seu vídeo').fill(PROMPT);
      await page.getByLabel('Seed (opcional)').fill('12345');
      expect(await submitInView(page, viewport.height)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // The signed-in shell's worker takes the page (clients.claim), and the reload goes through it.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.reload();
      await waitForApp(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
        `${app.url}/sw.js`,
      );
      await expect.poll(() => promptValue(page), { timeout: 10_000 }).toBe(PROMPT);
      expect(await page.getByLabel('Seed (opcional)').inputValue()).toBe('12345');
      await page.getByTestId('draft-restored').waitFor();

      await page.getByTestId('shortfall-buy').click();
      const sheet = page.getByTestId('buy-credits-sheet');
      await sheet.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const [checkout] = await Promise.all([
        context.waitForEvent('page'),
        sheet.getByTestId('buy-small').click(),
      ]);
      await checkout.waitForURL(/\/dev\/checkout\//, { timeout: 10_000 });
      await checkout.getByRole('button', { name: 'Pagar' }).click();
      await checkout.waitForURL(/\/dashboard\/payment-success\?session_id=/);

      // The original tab never left: the credits arrive live, the sheet closes, the draft is still there.
      await page.getByTestId('credits-arrived').waitFor({ timeout: 15_000 });
      await sheet.waitFor({ state: 'detached' });
      expect(await page.getByTestId('create-shortfall').count()).toBe(0);
      expect(await promptValue(page)).toBe(PROMPT);
      expect(page.url()).toBe(`${app.url}/dashboard/create`);
      expect(await page.getByTestId('create-submit').isDisabled()).toBe(false);
      expect(await submitInView(page, viewport.height)).toBe(true);
      await context.close();
    }, 120_000);
  }

  it('remembers a plan chosen while signed out through sign-up and the e-mail confirmation', async () => {
    const { app, browser } = running as BrowserApp;
    const email = newEmail('plano');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 740 });

    await page.goto(`${app.url}/`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${app.url}/pricing`);
    await page.getByTestId('plan-button-creator').click();
    await page.waitForURL(/\/auth\/login\?tab=signup/);
    await waitForApp(page);
    await page.getByLabel('Nome').fill('Caio Prado');
    await page.getByLabel('E-mail').last().fill(email);
    await page.locator('input[name="new-password"]').fill(PASSWORD);
    await page.getByLabel('Data de nascimento').fill('17/05/1990');
    // Once in some 25 whole-suite runs on a saturated two-core machine, the tick was lost ("Clicking the checkbox did
    // not change its state"), and seven runs with the cores kept busy beside it did not show it again: tapped again,
    // as a person would, rather than failing the run on a cause not found.
    await vi.waitFor(() => page.getByRole('checkbox').check({ timeout: 5_000 }), {
      timeout: 20_000,
      interval: 250,
    });
    await page.getByRole('button', { name: 'Criar Conta' }).last().click();
    await page.getByText('Verifique seu email para ativar a conta.').first().waitFor();

    const link = await verificationLink(app.url, email);
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/dashboard?plan=creator&period=monthly');
    await page.goto(link);
    // The dashboard starts the chosen plan's checkout (the local test checkout) in this tab.
    await page.waitForURL(/\/dev\/checkout\//, { timeout: 15_000 });
    await context.close();
  }, 120_000);
});

async function verificationLink(baseUrl: string, email: string): Promise<string> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    const { messages } = (await (await fetch(`${baseUrl}/api/dev/mailbox`)).json()) as {
      messages: MailboxMessage[];
    };
    const link = messages.find((m) => m.to.includes(email))?.links.find((l) => /verify-email/.test(l));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no confirmation e-mail to ${email}`);
}
