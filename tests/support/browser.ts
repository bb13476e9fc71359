import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { describe } from 'vitest';
import { parseAdminArgs, runAdminCommand } from '#server/admin/admin-commands.server';
import { signUpAndVerify } from './accounts';
import { startTestApp, type TestApp } from './app';
import { CHROME_PATH, hasChromium } from './chromium';
import type { SessionClient } from './session-client';

/**
 * Browser tests drive Debian's Chromium (its headless shell where installed: chromium.ts) through playwright-core. Without it they are skipped; the global setup
 * says so once per run (and fails the run in CI).
 */

export const describeBrowser = hasChromium ? describe : describe.skip;

/**
 * Whether the browser's contexts let the signed-in shell register Cena's service worker (ADR 0032). Blocked unless
 * a file asks: in a fresh context the worker installs, then passes every page and build file the test loads through
 * its fetch handler into its cache, about a tenth of the history file's Chromium CPU. The creator loop keeps it and
 * checks that it controls the page through a reload and a purchase; its own rules are tested in
 * src/server/installable (ADR 0079).
 */
export type ServiceWorkers = 'allow' | 'block';

export async function launchBrowser(serviceWorkers: ServiceWorkers = 'block'): Promise<Browser> {
  const browser = await chromium.launch({
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
  if (serviceWorkers === 'block') {
    // Playwright sets this per context (https://playwright.dev/docs/api/class-browser#browser-new-context), so each
    // context of this browser, and each page's own, gets it unless its options say otherwise.
    const [newContext, newPage] = [browser.newContext.bind(browser), browser.newPage.bind(browser)];
    browser.newContext = (options) => newContext({ serviceWorkers: 'block', ...options });
    browser.newPage = (options) => newPage({ serviceWorkers: 'block', ...options });
  }
  return browser;
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

export interface BrowserApp {
  app: TestApp;
  browser: Browser;
  storageDir: string;
}

/**
 * An app and a browser, started together. When either fails, the other is stopped before the error is thrown: in a
 * worker whose files share a process (ADR 0076), what started would run on into the next file and fail its check
 * for leftovers.
 */
export async function startAppAndBrowser(
  env: Record<string, string> = {},
  serviceWorkers: ServiceWorkers = 'block',
): Promise<{ app: TestApp; browser: Browser }> {
  const [app, browser] = await Promise.allSettled([startTestApp(env), launchBrowser(serviceWorkers)]);
  if (app.status === 'fulfilled' && browser.status === 'fulfilled') {
    return { app: app.value, browser: browser.value };
  }
  if (browser.status === 'fulfilled') await browser.value.close();
  if (app.status === 'fulfilled') await app.value.stop();
  throw app.status === 'rejected' ? app.reason : (browser as PromiseRejectedResult).reason;
}

/** A browser test file's app, on a storage folder of its own, and its browser, started together. */
export async function startBrowserApp(
  folderPrefix: string,
  env: Record<string, string> = {},
  serviceWorkers: ServiceWorkers = 'block',
): Promise<BrowserApp> {
  const storageDir = await mkdtemp(path.join(tmpdir(), folderPrefix));
  try {
    return { ...(await startAppAndBrowser({ ...env, STORAGE_DIR: storageDir }, serviceWorkers)), storageDir };
  } catch (error) {
    await rm(storageDir, { recursive: true, force: true });
    throw error;
  }
}

/** Stops what startBrowserApp started, as far as it got. */
export async function stopBrowserApp(running: Partial<BrowserApp>): Promise<void> {
  await running.browser?.close();
  await running.app?.stop();
  if (running.storageDir) await rm(running.storageDir, { recursive: true, force: true });
}

export interface SignedInPage {
  email: string;
  password: string;
  context: BrowserContext;
  page: Page;
  /** The page's uncaught errors and console errors, as collectPageErrors gathers them. */
  errors: string[];
}

/**
 * The session of a client signed in through the API (`signUpAndVerify`), as cookies a browser context can carry:
 * the same session the login form would have made, without a second password check (argon2) and login page per test.
 */
function sessionCookies(client: SessionClient, baseUrl: string) {
  return client.cookieHeader
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const separator = pair.indexOf('=');
      return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url: baseUrl };
    });
}

/** Carries `client`'s session into the page's context and opens the dashboard, where the login form lands. */
export async function signInWithSession(page: Page, baseUrl: string, client: SessionClient): Promise<void> {
  await page.context().addCookies(sessionCookies(client, baseUrl));
  await page.goto(`${baseUrl}/dashboard`);
  await waitForApp(page);
}

/**
 * A new user with `credits` granted by the admin command, signed in on the dashboard in a page of its own (at
 * `viewport` when given). The account is made and verified through the API and its session carried into the
 * browser: signing in through the form is what tests/e2e/accounts.test.ts, account-rights.test.ts and the
 * accessibility walk check, so each other file need not pay for it again (ADR 0072, browser tests).
 */
export async function signedInWithCredits(
  app: TestApp,
  browser: Browser,
  options: {
    name: string;
    credits: number;
    viewport?: { width: number; height: number };
    context?: BrowserContextOptions;
  },
): Promise<SignedInPage> {
  const { client, email, password } = await signUpAndVerify(app.url, { name: options.name });
  await runAdminCommand(app.cena.pool, parseAdminArgs(['grant-credits', email, String(options.credits)]));
  const context = await browser.newContext(options.context);
  const page = await context.newPage();
  if (options.viewport) await page.setViewportSize(options.viewport);
  const errors = collectPageErrors(page);
  await signInWithSession(page, app.url, client);
  return { email, password, context, page, errors };
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
