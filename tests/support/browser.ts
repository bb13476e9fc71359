import { type Browser, chromium, type Page } from 'playwright-core';
import { describe } from 'vitest';
import { CHROME_PATH, hasChromium } from './chromium';

/**
 * Browser tests drive Debian's Chromium through playwright-core. Without it they are skipped; the global setup
 * says so once per run (and fails the run in CI).
 */

export const describeBrowser = hasChromium ? describe : describe.skip;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** Fails the test on any error the page logs or throws, so a broken island or page cannot pass unnoticed. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Wait until the page's script has taken over: the islands of a static public page, or the app's first render. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

/** Signs in through the login form, as a person would, and waits for the dashboard. */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await waitForApp(page);
  await page.getByLabel('E-mail').first().fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).last().click();
  await page.waitForURL('**/dashboard');
}

/** Waits for a toast (or any text) shown exactly so. */
export const waitForText = (page: Page, text: string, timeout = 15_000) =>
  page.getByText(text, { exact: true }).first().waitFor({ timeout });

/** The signed-in user's balance, read from the API by the page itself (its session cookie). */
export const apiBalance = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    const response = await fetch('/api/credits', { credentials: 'same-origin' });
    return ((await response.json()) as { balance: number }).balance;
  });
