import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { grant } from '#server/credits/ledger-grants.server';
import { ADMIN_PATH } from '#shared/routes';
import { signUpAndVerify } from '../support/accounts';
import type { TestApp } from '../support/app';
import { addAxe, seriousViolations } from '../support/axe';
import { describeBrowser, startBrowserApp, stopBrowserApp, waitForApp } from '../support/browser';

/**
 * Accessibility as a customer meets it: axe-core (WCAG 2.0/2.1 A and AA rules) on every page of the spec's route
 * table, signed out and signed in, at 1280 and 375 px, must find no serious or critical violation; and the create,
 * history and checkout flows work from the keyboard alone with the focus always visible.
 *
 * axe is evaluated through the DevTools protocol (`page.evaluate`), which the pages' CSP does not block.
 */

let app: TestApp;
let browser: Browser;
let storageDir = '';
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
let completedId = '';
let failedId = '';

const WIDTHS = [1280, 375] as const;

const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/how-it-works',
  '/faq',
  '/terms',
  '/privacy',
  '/contact',
  '/nao-existe',
];
const SIGNED_OUT_PAGES = [
  ...PUBLIC_PAGES,
  '/auth/login',
  '/auth/reset-password',
  '/auth/reset-password?token=x',
];
const signedInPages = () => [
  ...PUBLIC_PAGES,
  '/dashboard',
  '/dashboard/create',
  `/dashboard/confirmation?id=${completedId}`,
  `/dashboard/confirmation?id=${failedId}`,
  '/dashboard/history',
  '/dashboard/history?q=nada-encontrado',
  '/dashboard/cast',
  `/dashboard/request/${completedId}`,
  `/dashboard/request/${failedId}`,
  '/dashboard/films/new',
  '/dashboard/profile',
  '/dashboard/help',
  '/dashboard/settings',
  '/dashboard/buy-credits',
  '/dashboard/payment-success?session_id=cs_local_desconhecida',
  '/dashboard/payment-success',
  ADMIN_PATH,
];

/** Waits for the page to settle: hydrated, no spinner or skeleton left, no request in flight. */
async function settle(page: Page): Promise<void> {
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], [role="progressbar"]'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
}

async function auditPages(paths: string[], width: number, storageState?: typeof signedIn): Promise<string[]> {
  const context = await browser.newContext({
    viewport: { width, height: width === 375 ? 812 : 800 },
    ...(storageState ? { storageState } : {}),
  });
  await addAxe(context);
  const page = await context.newPage();
  const found: string[] = [];
  try {
    for (const path of paths) {
      await page.goto(`${app.url}${path}`);
      await settle(page);
      for (const violation of await seriousViolations(page)) found.push(`${path} @${width}px: ${violation}`);
    }
  } finally {
    await context.close();
  }
  return found;
}

async function seedRequest(userId: string, status: 'completed' | 'failed'): Promise<string> {
  const id = randomUUID();
  await app.cena.pool.query(
    `INSERT INTO video_requests
       (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, error_message, provider,
        created_at, updated_at, completed_at, dispatched_at)
     VALUES ($1, $2, $3, $4, 'fast', '16:9', 10, $5, $6, 'local', now() - interval '1 hour', now(),
             CASE WHEN $5 = 'completed' THEN now() END, now() - interval '1 hour')`,
    [
      id,
      userId,
      randomUUID(),
      status === 'completed'
        ? 'Um farol no alto de um penhasco ao entardecer, ondas batendo nas pedras'
        : 'Uma raposa atravessando a neve em silêncio, luz azulada do amanhecer',
      status,
      status === 'failed' ? 'O modelo recusou o prompt.' : null,
    ],
  );
  return id;
}

/** The element that has the focus, and whether something visibly marks it (an outline or a ring). */
async function focused(
  page: Page,
): Promise<{ tag: string; text: string; testId: string | null; visible: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'body', text: '', testId: null, visible: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      tag: element.tagName.toLowerCase(),
      text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60),
      testId: element.getAttribute('data-testid'),
      visible: outline || ring,
    };
  });
}

/** Presses Tab until `matches` holds for the focused element, checking each stop shows its focus. */
async function tabTo(
  page: Page,
  matches: (element: Awaited<ReturnType<typeof focused>>) => boolean,
  maxStops = 60,
): Promise<void> {
  for (let stop = 0; stop < maxStops; stop++) {
    await page.keyboard.press('Tab');
    const element = await focused(page);
    expect(element.visible, `focus not visible on <${element.tag}> "${element.text}"`).toBe(true);
    if (matches(element)) return;
  }
  throw new Error('the keyboard never reached the element');
}

describeBrowser('accessibility', () => {
  beforeAll(async () => {
    ({ app, browser, storageDir } = await startBrowserApp('cena-accessibility-e2e-'));
    const user = await signUpAndVerify(app.url, { name: 'Rita Acessível' });
    const { rows } = await app.cena.pool.query<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [
      user.email,
    ]);
    const userId = rows[0]?.id ?? '';
    await app.cena.pool.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [userId]);
    await grant(app.cena.pool, {
      userId,
      amount: 100,
      source: 'package',
      sourceRef: `cs_a11y_${userId}`,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    });
    completedId = await seedRequest(userId, 'completed');
    failedId = await seedRequest(userId, 'failed');

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/auth/login`);
    await waitForApp(page);
    await page.getByLabel('E-mail').first().fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).last().click();
    await page.waitForURL('**/dashboard');
    // The success toast is on screen: it must read well too.
    await page.getByText('Login realizado com sucesso!').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    signedIn = await context.storageState();
    await context.close();
  }, 120_000);

  afterAll(() => stopBrowserApp({ app, browser, storageDir }));

  // The four walks run at once, each in its own browser context: a page's wait is mostly the network going quiet
  // (`networkidle`: no connection for 500 ms, https://playwright.dev/docs/api/class-page#page-wait-for-load-state)
  // and the app settling, so one walk's waits are another's work.
  for (const width of WIDTHS) {
    it.concurrent(`finds no serious or critical violation on any page signed out at ${width} px`, async () => {
      expect(await auditPages(SIGNED_OUT_PAGES, width)).toEqual([]);
    }, 180_000);

    it.concurrent(`finds no serious or critical violation on any page signed in at ${width} px`, async () => {
      expect(await auditPages(signedInPages(), width, signedIn)).toEqual([]);
    }, 300_000);
  }

  it('creates a video from the keyboard alone, the focus always visible', async () => {
    const context = await browser.newContext({
      storageState: signedIn,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard/create`);
    await settle(page);
    await tabTo(page, (element) => element.tag === 'textarea');
    await page.keyboard.type('Um barco a vela cruzando a baía ao pôr do sol, câmera lenta');
    await tabTo(page, (element) => element.tag === 'button' && /Gerar vídeo/.test(element.text));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/confirmation?id=*');
    await context.close();
  }, 60_000);

  it('filters the history and opens a request from the keyboard alone', async () => {
    const context = await browser.newContext({
      storageState: signedIn,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard/history`);
    await settle(page);
    await tabTo(page, (element) => element.tag === 'input' && element.testId === 'filter-search');
    await page.keyboard.type('farol');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'farol');
    // As a screen-reader user does: wait for the filter's results (no longer busy, the other request gone from the
    // rows); until then the previous rows are inert, so no Tab can land on one that is about to go. The address
    // changes before the page renders the new filter, so "not busy" alone can still be the previous results'.
    await page.waitForFunction(() => {
      const results = document.querySelector('[data-testid="history-results"]');
      const rows = document.querySelector('[data-testid="history-rows"]');
      return (
        results?.getAttribute('aria-busy') === 'false' &&
        rows !== null &&
        !rows.hasAttribute('inert') &&
        !rows.textContent?.includes('raposa')
      );
    });
    await tabTo(page, (element) => element.testId === 'history-view');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/dashboard/request/${completedId}`);
    await context.close();
  }, 60_000);

  it('starts a credit checkout from the keyboard alone', async () => {
    const context = await browser.newContext({
      storageState: signedIn,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard/buy-credits`);
    await settle(page);
    await tabTo(page, (element) => element.tag === 'button' && element.testId?.startsWith('buy-') === true);
    const [checkout] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    // The tab opens blank (so no pop-up blocker objects) and then goes to the checkout.
    await checkout.waitForURL('**/dev/checkout/**');
    await context.close();
  }, 60_000);
});
