import { expect, it } from 'vitest';
import { VIDEO_COST_CREDITS } from '#shared/catalogue';
import { seriousViolations } from '../support/axe';
import { apiBalance, describeBrowser } from '../support/browser';
import { createFromPage, creatorBrowser, readRequest as read } from '../support/creator-browser';

/**
 * Draft cheaply, finish the best (ADR 0033) as a creator lives it on a 375 px phone in local mode: two Rascunho
 * variations at 9:16 are compared on the request page, one is kept ('Ficar com esta') and finished in Quality from
 * the 'Finalizar' dialog; the new request is linked to the draft in its versions, charged Quality's price, and comes
 * out at 1080x1920. The other draft is left as it was. axe finds nothing serious on the request page.
 */

describeBrowser('Draft, compare and finish in Quality on a phone (local provider)', () => {
  const creator = creatorBrowser('cena-finish-e2e-', { LOCAL_RENDER_DELAY_MS: '200' });

  it('two drafts compared at 375 px, the kept one finished in Quality: linked, 25 credits, 1080x1920', async () => {
    const { context, errors, page } = await creator.signIn({
      name: 'Caio Mendes',
      credits: 100,
      viewport: { width: 375, height: 812 },
    });
    // One submit of two 9:16 drafts, as the create page sends it.
    const ids = await createFromPage(page, {
      prompt: 'Um farol solitário sob um céu de tempestade, ondas quebrando nas pedras',
      quality: 'draft',
      aspectRatio: '9:16',
      variations: '2',
    });
    expect(ids).toHaveLength(2);
    const [first, second] = ids as [string, string];
    const draftsCost = 2 * VIDEO_COST_CREDITS.draft;
    expect(await apiBalance(page)).toBe(100 - draftsCost);

    await page.goto(`${creator.app.url}/dashboard/request/${first}`);
    const compare = page.getByTestId('variation-compare');
    const tiles = compare.getByTestId('compare-tile');
    await expect
      .poll(() => tiles.evaluateAll((items) => items.map((item) => item.getAttribute('data-status'))), {
        timeout: 240_000,
        interval: 500,
      })
      .toEqual(['completed', 'completed']);
    await expect.poll(() => compare.getByTestId('compare-video').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Keep the second draft, then open its page from the compare panel: 'Finalizar' is on the video's own page.
    await tiles.nth(1).getByRole('button', { name: 'Ficar com esta: variação 2' }).click();
    await tiles.nth(1).getByTestId('compare-kept').waitFor();
    await compare.getByTestId('compare-kept-elsewhere').getByRole('link').click();
    await page.waitForURL(`**/dashboard/request/${second}`);

    await page.getByTestId('finish-open').click();
    const quality = page.getByTestId('finish-quality');
    await quality.waitFor();
    expect(await quality.getAttribute('data-cost')).toBe(String(VIDEO_COST_CREDITS.quality));
    expect(await quality.textContent()).toContain('1080x1920');
    expect(await seriousViolations(page)).toEqual([]);
    // The charge's question (ADR 0058): nothing is spent until its confirm.
    await quality.click();
    await expect
      .poll(() => page.getByTestId('finish-after').textContent())
      .toBe(`${100 - draftsCost - VIDEO_COST_CREDITS.quality} créditos`);
    expect(await apiBalance(page)).toBe(100 - draftsCost);
    await page.getByTestId('finish-confirm').click();
    await page.waitForURL(
      (url) => url.pathname.startsWith('/dashboard/request/') && !url.pathname.endsWith(second),
    );
    const finishedId = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect(ids).not.toContain(finishedId);

    const made = await read(page, finishedId);
    const draft = await read(page, second);
    expect(made).toMatchObject({
      kind: 'finish',
      sourceRequestId: second,
      quality: 'quality',
      prompt: draft.prompt,
      seed: draft.seed,
      aspectRatio: '9:16',
      clipSeconds: draft.clipSeconds,
      creditsUsed: VIDEO_COST_CREDITS.quality,
    });
    expect(await apiBalance(page)).toBe(100 - draftsCost - VIDEO_COST_CREDITS.quality);

    // Once made, its page says 1080x1920 and shows the draft and the finish as versions of one scene.
    await expect
      .poll(async () => (await read(page, finishedId)).status, { timeout: 240_000, interval: 500 })
      .toBe('completed');
    await page.reload();
    const technical = page.getByTestId('technical-info');
    await expect.poll(() => technical.textContent(), { timeout: 15_000 }).toContain('1080x1920');
    expect(await page.getByTestId('technical-credits').textContent()).toContain(
      String(VIDEO_COST_CREDITS.quality),
    );
    const versions = page.getByTestId('versions').getByTestId('version');
    await expect.poll(() => versions.count(), { timeout: 15_000 }).toBe(2);
    expect(
      await versions.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind'))),
    ).toEqual(['original', 'finish']);
    expect(await versions.nth(1).getAttribute('aria-current')).toBe('page');
    expect(await versions.first().getByRole('link').getAttribute('href')).toBe(
      `/dashboard/request/${second}`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The other draft is left as it was.
    expect(await read(page, first)).toMatchObject({
      status: 'completed',
      quality: 'draft',
      creditsUsed: VIDEO_COST_CREDITS.draft,
    });
    expect(await apiBalance(page)).toBe(100 - draftsCost - VIDEO_COST_CREDITS.quality);

    expect(errors).toEqual([]);
    await context.close();
  }, 480_000);
});
