import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import {
  collectPageErrors,
  describeBrowser,
  startBrowserApp,
  stopBrowserApp,
  waitForApp,
} from '../support/browser';

let app: TestApp;
let browser: Browser;
let storageDir = '';

describeBrowser('public site in a browser', () => {
  beforeAll(async () => {
    ({ app, browser, storageDir } = await startBrowserApp('cena-public-site-e2e-'));
  });
  afterAll(() => stopBrowserApp({ app, browser, storageDir }));

  async function open(path: string, width = 1280, height = 900): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width, height } });
    const errors = collectPageErrors(page);
    await page.goto(`${app.url}${path}`);
    await waitForApp(page);
    return { page, errors };
  }

  it('rotates the hero carousel every 7 seconds and flips the mute toggle', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await page.clock.install();
    await page.goto(app.url);
    await waitForApp(page);
    const carousel = page.getByTestId('hero-carousel');
    // Stop the clock, then restart the rotation from a known instant (a dot gives its slide the full 7 s), so the
    // time the page took to load on a busy machine cannot count towards the interval. The pause point lies far
    // enough ahead that it is still in the future when the call reaches a slow page.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 5_000));
    const dots = page.getByRole('button', { name: /^Vídeo \d$/ });
    await dots.nth(0).dispatchEvent('click');
    expect(await carousel.getAttribute('data-active-slide')).toBe('0');
    await page.clock.fastForward(6_000);
    expect(await carousel.getAttribute('data-active-slide')).toBe('0');
    await page.clock.fastForward(1_500);
    await expect.poll(() => carousel.getAttribute('data-active-slide')).toBe('1');

    expect(await dots.count()).toBe(5);
    await dots.nth(3).dispatchEvent('click');
    await expect.poll(() => carousel.getAttribute('data-active-slide')).toBe('3');

    const mute = page.getByTestId('mute-toggle');
    expect(await mute.getAttribute('aria-pressed')).toBe('true');
    await mute.dispatchEvent('click');
    await expect.poll(() => mute.getAttribute('aria-pressed')).toBe('false');
    expect(
      await page
        .locator('[data-testid="hero-carousel"] video')
        .evaluate((video: HTMLVideoElement) => video.muted),
    ).toBe(false);
    expect(await page.locator('#features').count()).toBe(1);
    expect(await page.locator('#pricing').count()).toBe(1);
    expect(await page.locator('#faq').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('changes the plan prices when switching to yearly billing', async () => {
    const { page, errors } = await open('/pricing');
    // Both periods are in the static HTML: what the visitor sees is the rendered text.
    const starter = page.getByTestId('plan-price-starter');
    await expect.poll(() => starter.innerText()).toContain('99,90');
    expect(await starter.innerText()).not.toContain('83');
    await page.getByTestId('billing-toggle').click();
    await expect.poll(() => starter.innerText()).toContain('83');
    expect(await starter.innerText()).not.toContain('99,90');
    expect(await page.getByTestId('billing-toggle').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByText('-17%').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends a signed-out visitor who picks a plan to sign in, with the spec toast', async () => {
    const { page } = await open('/pricing');
    await page
      .getByRole('button', { name: /Começar agora|Assinar/ })
      .first()
      .click();
    // The sign-in page, on its sign-up tab, keeping the plan for after the confirmation e-mail.
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('next')).toMatch(/^\/dashboard\?plan=/);
    await expect.poll(() => page.getByText('Login necessário').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('filters the FAQ by question or answer and shows the contact fallback', async () => {
    const { page, errors } = await open('/faq');
    const questions = page.locator('[data-testid^="faq-item-"]').filter({ visible: true });
    const all = await questions.count();
    expect(all).toBeGreaterThan(8);
    await page.getByTestId('faq-search').fill('REEMBOLS');
    await expect.poll(() => questions.count()).toBeLessThan(all);
    expect(await questions.count()).toBeGreaterThan(0);
    await page.getByTestId('faq-search').fill('xyzzy-nada-aqui');
    await expect.poll(() => page.getByTestId('faq-empty').isVisible()).toBe(true);
    expect(await page.getByText('Não encontrou sua resposta?').count()).toBe(1);
    // One way to reach support, not the nothing-found state and the page's contact band both.
    expect(await page.getByRole('link', { name: 'Fale com o suporte' }).count()).toBe(1);
    expect(await questions.count()).toBe(0);
    await page.getByRole('button', { name: 'Limpar busca' }).click();
    await expect.poll(() => questions.count()).toBe(all);
    const first = questions.first();
    await first.locator('summary').click();
    expect(await first.getAttribute('open')).not.toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the 404 page with a link home for an unknown path', async () => {
    const { page } = await open('/nada-por-aqui');
    expect(await page.getByText('Oops! Page not found').count()).toBe(1);
    await page
      .getByRole('link', { name: /início|home/i })
      .first()
      .click();
    await page.waitForURL(`${app.url}/`);
    await page.close();
  });

  for (const [width, label] of [
    [375, 'mobile'],
    [1280, 'desktop'],
  ] as const) {
    it(`lays every public page out without horizontal scrolling at ${width} px (${label})`, async () => {
      // One page loads the seven in turn: each is a fresh document all the same, and a browser context per page
      // cost about 0.6 s more of Chromium's CPU than a navigation (ADR 0072, browser tests).
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const errors = collectPageErrors(page);
      for (const path of ['/', '/pricing', '/how-it-works', '/faq', '/terms', '/privacy', '/contact']) {
        const before = errors.length;
        await page.goto(`${app.url}${path}`);
        await waitForApp(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
        expect(await page.getByRole('banner').isVisible(), path).toBe(true);
        expect(await page.getByRole('contentinfo').isVisible(), path).toBe(true);
        const menu = page.getByRole('button', { name: 'Abrir menu' });
        expect(await menu.isVisible(), `${path}: the mobile menu button shows only on small screens`).toBe(
          width < 768,
        );
        if (width < 768) {
          await menu.click();
          const close = page.getByRole('button', { name: 'Fechar menu' });
          expect(await close.getAttribute('aria-expanded'), path).toBe('true');
          expect(await page.getByRole('link', { name: 'Preços' }).first().isVisible(), path).toBe(true);
          await page.keyboard.press('Escape');
          expect(await menu.getAttribute('aria-expanded'), path).toBe('false');
        }
        expect(errors.slice(before), path).toEqual([]);
      }
      await page.close();
      // Seven page loads on two shared cores.
    }, 90_000);
  }

  it('switches the whole public site to English with ?lang=en', async () => {
    const { page } = await open('/pricing?lang=en');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.getByRole('heading', { name: 'Plans and pricing' }).count()).toBe(1);
    // The choice is remembered: the next public page is English too, and the footer switches back.
    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await page.waitForURL('**/faq');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('link', { name: 'Português' }).click();
    await page.waitForURL('**/faq?lang=pt-BR');
    expect(await page.getByRole('heading', { name: 'Perguntas frequentes' }).count()).toBe(1);
    await page.close();
  }, 60_000);

  it('ships static pages with only the islands script, and loads the app when the visitor goes there', async () => {
    const { page, errors } = await open('/');
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
        .map((entry) => new URL(entry.name).pathname),
    );
    expect(scripts.some((path) => path.includes('/islands-'))).toBe(true);
    await page.getByRole('link', { name: 'Entrar' }).click();
    await page.waitForURL('**/auth/login');
    await waitForApp(page);
    expect(await page.locator('input[name="password"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
