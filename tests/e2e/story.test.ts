import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Story } from '#shared/stories';
import { seriousViolations } from '../support/axe';
import { apiBalance, describeBrowser } from '../support/browser';
import { creatorBrowser } from '../support/creator-browser';

/**
 * 'Roteiro' tried as a new creator would on a 375 px phone, in local mode (the rule-based planner and the local
 * renderer): idea → plan → edit a line → draft (asked first) → play the drafts in order → 'Finalizar roteiro' in
 * Fast (asked first) → the film with its captions → share. (Quality's 1080p finish is the routes' case,
 * stories.routes.server.test.ts; here the mode is only the button pressed.) Each main action is on the first screen, without
 * scrolling, when its moment comes; every charge is the price the board showed.
 */

const PHONE = { width: 375, height: 740 };
const IDEA =
  'Na padaria do bairro, Dona Rosa tira o pão quente do forno. Dona Rosa diz "Hoje o pão saiu perfeito". ' +
  'Seu João entra com pressa. Seu João pede "Dez pãezinhos, por favor".';
const EDITED_LINE = 'Bom dia, Seu João! O pão saiu agora.';

/** The element lies wholly inside the phone's first screen. */
async function aboveTheFold(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).first().boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
}

const readStory = (page: Page, id: string): Promise<Story> =>
  page.evaluate(
    async (storyId) => ((await (await fetch(`/api/stories/${storyId}`)).json()) as { story: Story }).story,
    id,
  );

describeBrowser('Roteiro on a phone: from one idea to a shared, captioned film', () => {
  const creator = creatorBrowser('cena-story-e2e-', { LOCAL_RENDER_DELAY_MS: '200' });

  it('walks idea → plan → edit a line → draft → play → finish → share at 375 px', async () => {
    const { context, errors, page } = await creator.signIn({
      name: 'Rosa Padeira',
      credits: 400,
      viewport: PHONE,
      context: { permissions: ['clipboard-read', 'clipboard-write'] },
    });
    const start = await apiBalance(page);

    // The idea: the plan button is on screen while the form is filled.
    await page.goto(`${creator.app.url}/dashboard/stories`);
    await page.getByTestId('story-idea').fill(IDEA);
    expect(await aboveTheFold(page, 'story-plan')).toBe(true);
    await page.getByTestId('story-plan').click();
    await page.waitForURL(/\/dashboard\/stories\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1) ?? '';
    await page.getByTestId('story-board').waitFor();

    // The plan: shots with a spoken line; edit the first line; it is saved as edited.
    const plan = await readStory(page, id);
    const spoken = plan.shots.findIndex((shot) => shot.dialogue !== null);
    expect(spoken).toBeGreaterThanOrEqual(0);
    const line = page.getByTestId('shot-line').nth(spoken);
    await line.scrollIntoViewIfNeeded();
    await line.fill(EDITED_LINE);
    await expect
      .poll(async () => (await readStory(page, id)).shots[spoken]?.dialogue?.line, { timeout: 10_000 })
      .toBe(EDITED_LINE);
    const draftPrice = (await readStory(page, id)).price.draft.credits;

    // Draft: asked first (cost, balance, after), then every shot drafted; the charge is the price shown.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await aboveTheFold(page, 'story-draft-open')).toBe(true);
    await page.getByTestId('story-draft-open').click();
    expect(Number(await page.getByTestId('story-draft-cost').getAttribute('data-value'))).toBe(draftPrice);
    await page.getByTestId('story-draft-confirm').click();
    await page.getByTestId('story-draft-dialog').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await readStory(page, id)).status, { timeout: 240_000, interval: 1000 })
      .toBe('review');
    expect(await apiBalance(page)).toBe(start - draftPrice);

    // Play: the drafts one after another, the player before the buttons, both on the first screen.
    await page.evaluate(() => window.scrollTo(0, 0));
    const player = page.getByTestId('story-player-video');
    await player.waitFor();
    expect(await aboveTheFold(page, 'story-player-video')).toBe(true);
    expect(await aboveTheFold(page, 'story-finish-open')).toBe(true);
    await player.evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      video.playbackRate = 16;
      return video.play();
    });
    await expect
      .poll(() => page.getByTestId('story-player-caption').textContent(), { timeout: 30_000 })
      .toMatch(/^Cena 2 de/);

    // Finish in Fast: asked first, charged the price shown, then the film with the dialogue's captions.
    const fastPrice = (await readStory(page, id)).price.fast.credits;
    await page.getByTestId('story-finish-open').click();
    await page.getByTestId('story-finish-fast').click();
    expect(Number(await page.getByTestId('story-finish-cost').getAttribute('data-value'))).toBe(fastPrice);
    await page.getByTestId('story-finish-confirm').click();
    await page.getByTestId('story-film').waitFor({ timeout: 300_000 });
    expect(await apiBalance(page)).toBe(start - draftPrice - fastPrice);
    const film = (await readStory(page, id)).film;
    const captions = await page.evaluate(
      async (filmId) => (await fetch(`/api/videos/${filmId}/captions.vtt`)).text(),
      film?.id ?? '',
    );
    expect(captions).toContain(EDITED_LINE);

    // Share: the house's share sheet (on a computer-like pointer, the link is copied).
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await aboveTheFold(page, 'story-film-video')).toBe(true);
    await page.getByTestId('share-actions').getByRole('button', { name: 'Compartilhar' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/v\/[^/]+$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: '/tmp/cena-story-375.png', fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: '/tmp/cena-story-1280.png', fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);
});
