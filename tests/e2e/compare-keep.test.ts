import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { describeBrowser } from '../support/browser';
import { createFromPage, creatorBrowser } from '../support/creator-browser';

/**
 * Compare and keep (ADR 0028, ADR 0034) as a creator lives it in local mode: three 9:16 variations of one submit
 * play side by side on the request page — a 2×2 grid at 1280 px, a sideways strip at 375 px — each in its own
 * ratio; tapping a tile keeps the page; the one kept becomes the group's cover in history and the one row the film
 * board offers, the others a click away. axe finds nothing serious at either width.
 */

/** Width over height of each element, as laid out. */
const ratiosOf = (locator: Locator) =>
  locator.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return box.width / box.height;
    }),
  );

const topsOf = (locator: Locator) =>
  locator.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().top)),
  );

describeBrowser('Compare and keep variations in a browser (local provider)', () => {
  const creator = creatorBrowser('cena-compare-e2e-', { LOCAL_RENDER_DELAY_MS: '200' });

  it('compares three variations at 1280 and 375 px, keeps one: the cover in history and the film board’s row', async () => {
    const { context, errors, page } = await creator.signIn({
      name: 'Lia Prado',
      credits: 100,
      viewport: { width: 1280, height: 900 },
    });
    // One submit of three 9:16 variations, as the create page sends it.
    const ids = await createFromPage(page, {
      prompt: 'Uma dançarina gira sob luzes de neon numa rua molhada, câmera baixa',
      quality: 'fast',
      aspectRatio: '9:16',
      variations: '3',
    });
    expect(ids).toHaveLength(3);
    const [first, second] = ids as [string, string, string];

    await page.goto(`${creator.app.url}/dashboard/request/${first}`);
    const compare = page.getByTestId('variation-compare');
    const tiles = compare.getByTestId('compare-tile');
    await expect
      .poll(() => tiles.evaluateAll((items) => items.map((item) => item.getAttribute('data-status'))), {
        timeout: 240_000,
        interval: 500,
      })
      .toEqual(['completed', 'completed', 'completed']);
    expect(await tiles.evaluateAll((items) => items.map((item) => item.getAttribute('data-id')))).toEqual(
      ids,
    );

    // 1280 px: all three players on screen in 9:16, two per row (the 2×2 grid).
    const videos = compare.getByTestId('compare-video');
    await expect.poll(() => videos.count()).toBe(3);
    for (const video of await videos.all()) expect(await video.isVisible()).toBe(true);
    for (const ratio of await ratiosOf(videos)) expect(ratio).toBeCloseTo(9 / 16, 2);
    const [top1, top2, top3] = await topsOf(tiles);
    expect(top1).toBe(top2);
    expect(top3).toBeGreaterThan(top1 ?? 0);
    expect(await seriousViolations(page)).toEqual([]);

    // Tapping a tile plays it where it is: the page stays.
    await compare.getByTestId('compare-video').nth(1).click();
    await tiles.nth(1).click({ position: { x: 4, y: 4 } });
    expect(new URL(page.url()).pathname).toBe(`/dashboard/request/${first}`);

    // 'Ficar com esta' on the second.
    await tiles.nth(1).getByRole('button', { name: 'Ficar com esta: variação 2' }).click();
    await tiles.nth(1).getByTestId('compare-kept').waitFor();
    await compare.getByTestId('compare-kept-elsewhere').waitFor();
    expect(await compare.getByTestId('compare-kept').count()).toBe(1);

    // 375 px: one row of tiles that scrolls sideways, still 9:16, the page itself never wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    const list = compare.getByTestId('compare-list');
    await expect.poll(() => topsOf(tiles).then((tops) => new Set(tops).size)).toBe(1);
    expect(await list.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const ratio of await ratiosOf(videos)) expect(ratio).toBeCloseTo(9 / 16, 2);
    const third = tiles.nth(2);
    const inList = () =>
      third.evaluate((tile) => {
        const strip = tile.parentElement?.getBoundingClientRect();
        const box = tile.getBoundingClientRect();
        return strip !== undefined && box.left >= strip.left - 1 && box.right <= strip.right + 1;
      });
    expect(await inList()).toBe(false);
    await list.scrollIntoViewIfNeeded();
    const box = await list.boundingBox();
    await page.mouse.move((box?.x ?? 0) + 100, (box?.y ?? 0) + 100);
    await expect
      .poll(async () => {
        await page.mouse.wheel(400, 0);
        return inList();
      })
      .toBe(true);
    expect(await list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The variation kept elsewhere is offered from this page; its own page is where Estender and Editar are.
    await compare.getByTestId('compare-kept-elsewhere').getByRole('link').click();
    await page.waitForURL(`**/dashboard/request/${second}`);

    // History: the kept one is the group's cover, first and marked.
    await page.goto(`${creator.app.url}/dashboard/history`);
    const group = page.locator('[data-testid="history-variations"]:visible');
    await group.waitFor({ timeout: 15_000 });
    const cover = group.getByTestId('history-variation').first();
    expect(await cover.getAttribute('data-id')).toBe(second);
    expect(await cover.getByTestId('history-variation-kept').isVisible()).toBe(true);

    // The film board: one row for the submit, the kept one, with the other two behind '+2 variações'.
    await page.goto(`${creator.app.url}/dashboard/films/new`);
    const rows = page.getByTestId('film-candidate-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.first().getByTestId('film-candidate').first().getAttribute('data-request-id')).toBe(
      second,
    );
    const others = rows.first().getByTestId('film-candidate-others');
    expect(await others.isVisible()).toBe(false);
    await rows.first().getByRole('button', { name: '+2 variações' }).click();
    expect(
      await others
        .getByTestId('film-candidate')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-request-id'))),
    ).toEqual(ids.filter((id) => id !== second));
    expect(await seriousViolations(page)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  }, 360_000);
});
