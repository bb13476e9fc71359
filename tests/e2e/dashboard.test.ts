import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate } from '#shared/format';
import { greeting, type StatsRange, statsRangeStart } from '#shared/time';
import { signUpAndVerify } from '../support/accounts';
import type { TestApp } from '../support/app';
import {
  collectPageErrors,
  describeBrowser,
  signInWithSession,
  startBrowserApp,
  stopBrowserApp,
  waitForText,
} from '../support/browser';

/**
 * The dashboard home and settings (docs/history-contract.md), as users live them (375 px, the mobile layout): the greeting by the hour in
 * the user's zone; stats that change with the range; the last 5 requests with relative times (spec §9) and the
 * phase labels of the recent list (ADR 0035); live refresh on a new request; the empty state
 * for a new user; the notification setting surviving a reload. Requests are seeded straight into `video_requests`
 * with `created_at` spread over minutes, days, months and years (no job runs for them).
 */

const ZONE = 'America/Sao_Paulo'; // the profile default
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let app: TestApp;
let browser: Browser;
let storageDir = '';

interface Seed {
  prompt: string;
  quality: 'fast' | 'quality';
  status: 'pending' | 'processing' | 'generating' | 'rendering' | 'completed' | 'failed';
  ago: number;
}

async function userId(email: string): Promise<string> {
  const { rows } = await app.cena.pool.query<{ id: string }>(
    'SELECT id FROM "user" WHERE email = lower($1)',
    [email],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`no user ${email}`);
  return id;
}

async function seed(owner: string, now: number, rows: readonly Seed[]): Promise<void> {
  for (const row of rows) {
    const createdAt = new Date(now - row.ago);
    await app.cena.pool.query(
      `INSERT INTO video_requests
         (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, created_at, updated_at,
          completed_at, dispatched_at)
       VALUES (gen_random_uuid(), $1, gen_random_uuid(), $2, $3, '16:9', $4, $5, $6, $6,
               CASE WHEN $5 IN ('completed', 'failed') THEN $6::timestamptz END, $6)`,
      [owner, row.prompt, row.quality, row.quality === 'fast' ? 10 : 25, row.status, createdAt],
    );
  }
}

async function pickRange(page: Page, label: string): Promise<void> {
  await page.getByTestId('stats-range').click();
  await page.getByRole('menuitemradio', { name: label, exact: true }).click();
}

const statValue = (page: Page, testId: string) => page.getByTestId(testId).getAttribute('data-value');

async function noHorizontalScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

describeBrowser('dashboard home and settings in a browser', () => {
  beforeAll(async () => {
    ({ app, browser, storageDir } = await startBrowserApp('cena-dashboard-e2e-'));
  }, 60_000);
  afterAll(() => stopBrowserApp({ app, browser, storageDir }));

  it('greets by the hour, changes the stats with the range and lists the last 5 with relative times', async () => {
    const { client, email } = await signUpAndVerify(app.url, { name: 'Rita Alves' });
    const owner = await userId(email);
    const now = Date.now();
    const rows: Seed[] = [
      { prompt: 'Pedido pendente recém-criado na fila', quality: 'fast', status: 'pending', ago: 2 * MINUTE },
      { prompt: 'Um farol ao entardecer com ondas', quality: 'fast', status: 'completed', ago: 3 * HOUR },
      { prompt: 'Uma cidade futurista sob chuva neon', quality: 'quality', status: 'failed', ago: 30 * HOUR },
      { prompt: 'Gato dormindo ao sol na janela', quality: 'fast', status: 'processing', ago: 3 * DAY },
      { prompt: 'Montanhas nevadas em timelapse', quality: 'fast', status: 'completed', ago: 10 * DAY },
      { prompt: 'Fora da lista: dois meses atrás', quality: 'fast', status: 'completed', ago: 60 * DAY },
      { prompt: 'Fora da lista: mais de um ano', quality: 'quality', status: 'completed', ago: 400 * DAY },
      { prompt: 'Fora da lista: dois anos e meio', quality: 'fast', status: 'failed', ago: 900 * DAY },
    ];
    await seed(owner, now, rows);
    const expected = (range: StatsRange) => {
      const start = statsRangeStart(range, new Date(), ZONE).getTime();
      return rows.filter((row) => now - row.ago >= start).length;
    };

    const context: BrowserContext = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    const errors = collectPageErrors(page);
    const before = greeting(new Date(), ZONE);
    await signInWithSession(page, app.url, client);

    // The greeting by the hour in the user's zone (either side of an hour boundary crossed meanwhile).
    const text = await page.getByTestId('greeting').textContent();
    expect([`${before}, Rita Alves!`, `${greeting(new Date(), ZONE)}, Rita Alves!`]).toContain(text);
    await page.getByTestId('plan-card').waitFor();

    // Stats: this month by default; today and all time differ as seeded.
    expect(await page.getByTestId('stats-range').getAttribute('data-range')).toBe('month');
    await expect
      .poll(() => statValue(page, 'stat-videos'), { timeout: 10_000 })
      .toBe(String(expected('month')));
    expect(await statValue(page, 'stat-balance')).toBe('0');
    await pickRange(page, 'Hoje');
    await expect.poll(() => statValue(page, 'stat-videos')).toBe(String(expected('today')));
    await pickRange(page, 'Todo o período');
    await expect.poll(() => statValue(page, 'stat-videos')).toBe(String(rows.length));
    expect(expected('today')).not.toBe(rows.length);
    expect(await statValue(page, 'stat-quality')).toBe('fast');
    expect(await page.getByTestId('stat-quality').textContent()).toContain('Fast');
    expect(new URL(page.url()).searchParams.get('range')).toBe('all');

    // Recent activity: the 5 newest, relative times per §9, each told as its phase (ADR 0035): 'Na fila' (outline) for the pending one.
    const items = page.getByTestId('recent-item');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(5);
    const times = await page.getByTestId('recent-time').allTextContents();
    expect(times[0]).toMatch(/^há [23] min$/);
    expect(times.slice(1)).toEqual([
      'há 3 h',
      'ontem',
      'há 3 dias',
      formatDate(new Date(now - 10 * DAY), ZONE),
    ]);
    const prompts = await page.getByTestId('recent-prompt').allTextContents();
    expect(prompts).toEqual(rows.slice(0, 5).map((row) => row.prompt));
    const statuses = page.getByTestId('recent-status');
    expect(await statuses.allTextContents()).toEqual(['Na fila', 'Pronto', 'Falhou', 'Gerando', 'Pronto']);
    expect(await statuses.first().getAttribute('data-status')).toBe('pending');
    expect(await statuses.first().getAttribute('class')).toContain('border-border');
    expect(await page.getByTestId('recent-see-all').getAttribute('href')).toBe('/dashboard/history');
    await noHorizontalScroll(page);

    // Live: a new request appears at the top and the count rises, without a reload.
    await seed(owner, Date.now(), [
      { prompt: 'Chegou agora pelo tempo real', quality: 'quality', status: 'rendering', ago: 0 },
    ]);
    await expect
      .poll(() => page.getByTestId('recent-prompt').first().textContent(), { timeout: 10_000 })
      .toBe('Chegou agora pelo tempo real');
    expect(await page.getByTestId('recent-time').first().textContent()).toBe('agora');
    expect(await page.getByTestId('recent-status').first().textContent()).toBe('Gerando');
    await expect.poll(() => statValue(page, 'stat-videos')).toBe(String(rows.length + 1));
    expect(await items.count()).toBe(5);

    // The range survives a reload (it lives in the URL).
    await page.reload();
    await expect
      .poll(() => statValue(page, 'stat-videos'), { timeout: 10_000 })
      .toBe(String(rows.length + 1));
    expect(await page.getByTestId('stats-range').getAttribute('data-range')).toBe('all');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the empty state to a new user, and the notification setting persists after a reload', async () => {
    const { client } = await signUpAndVerify(app.url, { name: 'Téo Nunes' });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    const errors = collectPageErrors(page);
    await signInWithSession(page, app.url, client);

    await page.getByTestId('recent-empty').waitFor({ timeout: 10_000 });
    const create = page.getByRole('link', { name: 'Criar primeiro vídeo' });
    expect(await create.getAttribute('href')).toBe('/dashboard/create');
    expect(await page.getByTestId('recent-see-all').count()).toBe(0);
    await expect.poll(() => statValue(page, 'stat-videos')).toBe('0');
    expect(await statValue(page, 'stat-quality')).toBe('none');
    expect(await page.getByTestId('stat-quality').textContent()).toContain('—');
    // Quick actions.
    expect(await page.getByTestId('quick-create').getAttribute('href')).toBe('/dashboard/create');
    expect(await page.getByTestId('quick-buyCredits').getAttribute('href')).toBe('/dashboard/buy-credits');
    expect(await page.getByTestId('quick-history').getAttribute('href')).toBe('/dashboard/history');
    await noHorizontalScroll(page);

    // Settings from the drawer (mobile).
    await page.getByTestId('open-drawer').click();
    await page.getByTestId('drawer').getByRole('link', { name: 'Configurações' }).click();
    await page.waitForURL('**/dashboard/settings');
    const toggle = page.getByRole('switch', { name: 'E-mail quando um vídeo ficar pronto ou falhar' });
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    await toggle.click();
    await waitForText(page, 'Preferências de notificação salvas');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('false');
    const stored = await page.evaluate(async () => (await fetch('/api/me/settings')).json());
    expect(stored).toEqual({ notifyOnVideoReady: false });
    // The language and time zone shortcuts, and the link to the profile.
    expect(await page.getByTestId('profile-timezone').inputValue()).toBe(ZONE);
    expect(await page.getByTestId('settings-profile-link').getAttribute('href')).toBe('/dashboard/profile');
    await noHorizontalScroll(page);

    expect(errors).toEqual([]);
    await context.close();
  });
});
