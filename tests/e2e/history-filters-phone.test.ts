import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '#shared/format';
import { zonedDay } from '#shared/time';
import { dayToText } from '#web/lib/day-text';
import { seriousViolations } from '../support/axe';
import { describeBrowser } from '../support/browser';
import { creatorBrowser } from '../support/creator-browser';
import { seedVideoRequests } from '../support/video-requests';

/**
 * History's filters on a 375 px phone: folded behind one "Filtros" button so the first video is on the first
 * screen; the sheet (a dialog) sets a status and a start day, the button then counts them ("Filtros (2)") and the
 * list behind it shows only what they match; "Limpar filtros" empties it again. By keyboard, Escape closes the sheet
 * and gives the focus back to the button. axe finds nothing serious or critical, sheet open or closed.
 */

const DAY = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const SEEDS = [
  { prompt: 'Um gato dormindo ao sol da janela', status: 'completed', createdAt: daysAgo(1).toISOString() },
  {
    prompt: 'Ondas quebrando num farol ao entardecer',
    status: 'failed',
    createdAt: daysAgo(3).toISOString(),
  },
  {
    prompt: 'Uma feira de rua em Belém, câmera na mão',
    status: 'failed',
    createdAt: daysAgo(12).toISOString(),
  },
  {
    prompt: 'Chuva fina sobre um campo de girassóis',
    status: 'completed',
    createdAt: daysAgo(12).toISOString(),
  },
];
/** Failed and from a week ago: only the second seed. */
const FROM = zonedDay(daysAgo(7), DEFAULT_TIME_ZONE);

const total = (page: Page) => page.getByTestId('history-total').textContent();
const cards = (page: Page) => page.getByTestId('history-card').count();
const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

describeBrowser('history filters on a phone', () => {
  const creator = creatorBrowser('cena-history-phone-');

  it('filters by status and day in the sheet at 375 px, counts them on the button, clears; Escape gives focus back', async () => {
    const { app } = creator;
    const { context, email, errors, page } = await creator.signIn({
      name: 'Tainá Rocha',
      credits: 1,
      viewport: { width: 375, height: 812 },
    });
    const { rows } = await app.cena.pool.query<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [
      email,
    ]);
    await seedVideoRequests(app.cena.pool, rows[0]?.id ?? '', SEEDS);

    await page.goto(`${app.url}/dashboard/history`);
    await expect.poll(() => total(page)).toBe('4 solicitações');
    const open = page.getByTestId('filters-open');
    expect(await open.textContent()).toBe('Filtros');
    // Folded: no status field on screen until the sheet opens, and the first video on the first screen.
    expect(await page.locator('[data-testid="filter-status"]:visible').count()).toBe(0);
    const first = await page.getByTestId('history-card').first().boundingBox();
    expect(first?.y).toBeLessThan(812);
    expect(await seriousViolations(page)).toEqual([]);

    await open.click();
    const sheet = page.getByTestId('filters-sheet');
    await sheet.waitFor();
    await sheet.getByTestId('filter-status').selectOption('failed');
    await expect.poll(() => total(page)).toBe('2 solicitações');
    await sheet.getByTestId('filter-from').fill(dayToText(FROM));
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(FROM);
    await expect.poll(() => total(page)).toBe('1 solicitação');
    expect(await sheet.getByTestId('filters-sheet-done').textContent()).toBe('Ver 1 resultado');
    expect(await seriousViolations(page)).toEqual([]);
    await sheet.getByTestId('filters-sheet-done').click();
    await sheet.waitFor({ state: 'detached' });

    expect(await open.textContent()).toBe('Filtros (2)');
    await expect.poll(() => cards(page)).toBe(1);
    expect(await page.getByTestId('history-card').first().textContent()).toContain('Ondas quebrando');
    expect(await seriousViolations(page)).toEqual([]);

    // By keyboard: Enter opens, Escape closes and the focus is back on the button.
    await open.focus();
    await page.keyboard.press('Enter');
    await sheet.waitFor();
    expect(await focusedTestId(page)).not.toBe('filters-open');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    // Radix gives the focus back in a task after the sheet unmounts (FocusScope's unmount effect, setTimeout 0).
    await expect.poll(() => focusedTestId(page)).toBe('filters-open');

    // Cleared: no count on the button, the whole list back.
    await open.click();
    await sheet.getByTestId('filters-sheet-clear').click();
    await expect.poll(() => total(page)).toBe('4 solicitações');
    expect(await sheet.getByTestId('filters-sheet-clear').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await open.textContent()).toBe('Filtros');
    await expect.poll(() => cards(page)).toBe(4);
    const params = new URL(page.url()).searchParams;
    expect([params.get('status'), params.get('from')]).toEqual([null, null]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
