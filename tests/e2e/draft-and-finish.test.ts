import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VIDEO_COST_CREDITS } from '#shared/catalogue';
import type { VideoRequestView } from '#shared/video-request';
import type { TestApp } from '../support/app';
import { seriousViolations } from '../support/axe';
import {
  apiBalance,
  describeBrowser,
  signedInWithCredits,
  startBrowserApp,
  stopBrowserApp,
} from '../support/browser';

/**
 * Draft cheaply, finish the best (ADR 0033) as a creator lives it on a 375 px phone in local mode: two Rascunho
 * variations at 9:16 are compared on the request page, one is kept ('Ficar com esta') and finished in Quality from
 * the 'Finalizar' dialog; the new request is linked to the draft in its versions, charged Quality's price, and comes
 * out at 1080x1920. The other draft is left as it was. axe finds nothing serious on the request page.
 */

let app: TestApp;
let browser: Browser;
let storageDir = '';

/** One submit of two 9:16 drafts, through the API as the create page sends it: the requests' ids. */
const createTwoDrafts = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const form = new FormData();
    form.set('prompt', 'Um farol solitário sob um céu de tempestade, ondas quebrando nas pedras');
    form.set('quality', 'draft');
    form.set('aspectRatio', '9:16');
    form.set('clientKey', crypto.randomUUID());
    form.set('variations', '2');
    const response = await fetch('/api/videos', { method: 'POST', body: form, credentials: 'same-origin' });
    if (response.status !== 201) throw new Error(`create answered ${response.status}`);
    return ((await response.json()) as { group: { id: string }[] }).group.map((member) => member.id);
  });

const read = (page: Page, id: string) =>
  page.evaluate(
    async (requestId) =>
      ((await (await fetch(`/api/videos/${requestId}`)).json()) as { request: VideoRequestView }).request,
    id,
  );

describeBrowser('Draft, compare and finish in Quality on a phone (local provider)', () => {
  beforeAll(async () => {
    ({ app, browser, storageDir } = await startBrowserApp('cena-finish-e2e-', {
      LOCAL_RENDER_DELAY_MS: '200',
    }));
  }, 60_000);
  afterAll(() => stopBrowserApp({ app, browser, storageDir }));

  it('two drafts compared at 375 px, the kept one finished in Quality: linked, 25 credits, 1080x1920', async () => {
    const { context, errors, page } = await signedInWithCredits(app, browser, {
      name: 'Caio Mendes',
      credits: 100,
      viewport: { width: 375, height: 812 },
    });
    const ids = await createTwoDrafts(page);
    expect(ids).toHaveLength(2);
    const [first, second] = ids as [string, string];
    const draftsCost = 2 * VIDEO_COST_CREDITS.draft;
    expect(await apiBalance(page)).toBe(100 - draftsCost);

    await page.goto(`${app.url}/dashboard/request/${first}`);
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
    await quality.click();
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
