import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCAL_FAILURE_MARKER } from '#server/video-providers/local-preview-provider.server';
import type { VideoRequestView } from '#shared/video-request';
import { seriousViolations } from '../support/axe';
import { describeBrowser } from '../support/browser';
import { createFromPage, creatorBrowser, readRequest as read } from '../support/creator-browser';

/**
 * The request page as a creator lives it (ADR 0035), in local mode: a video the local renderer is told to fail
 * (LOCAL_FAILURE_MARKER) looks failed and is made again in one click with the same inputs; a completed video is the
 * first thing under the header on a 375 px phone with Baixar, Estender, Editar and Compartilhar on screen, and at the
 * top-left at 1280 px. axe: no serious or critical violation at either width.
 */

/** A single video's create: its request's id. */
const create = async (page: Page, fields: Record<string, string>) =>
  (await createFromPage(page, fields))[0] ?? '';

async function settled(page: Page, id: string): Promise<VideoRequestView> {
  await expect
    .poll(async () => (await read(page, id)).status, { timeout: 90_000, interval: 500 })
    .toMatch(/^(completed|failed)$/);
  return read(page, id);
}

describeBrowser('retry and progress on the request page', () => {
  const creator = creatorBrowser('cena-retry-e2e-', { LOCAL_RENDER_DELAY_MS: '500' });

  it('retries a failed video in one click with the same inputs (375 px), axe-clean', async () => {
    const { app } = creator;
    const { page, context } = await creator.signIn({
      name: 'Rita Lopes',
      credits: 100,
      viewport: { width: 375, height: 812 },
    });
    const prompt = `Um balão vermelho subindo sobre a praia ao amanhecer ${LOCAL_FAILURE_MARKER}`;
    const id = await create(page, { prompt, quality: 'fast', aspectRatio: '9:16', seed: '12345' });
    const failed = await settled(page, id);
    expect(failed.status).toBe('failed');

    await page.goto(`${app.url}/dashboard/request/${id}`);
    await page.getByTestId('failed-box').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Seu vídeo não foi gerado');
    expect(await page.getByTestId('video-status').textContent()).toBe('Falhou');
    expect(await page.getByTestId('video-failed').textContent()).toContain('voltaram');
    expect(await page.getByText('Solicitação enviada!').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The charge's question first (ADR 0058); a double click on its confirm still makes one request.
    await page.getByTestId('retry-request').click();
    await page.getByTestId('retry-dialog').getByTestId('retry-after').waitFor();
    await page.getByTestId('retry-confirm').dblclick();
    await page.waitForURL(
      (url) => url.pathname.startsWith('/dashboard/request/') && !url.pathname.endsWith(id),
    );
    const newId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const made = await read(page, newId);
    expect(made).toMatchObject({
      prompt,
      quality: 'fast',
      aspectRatio: '9:16',
      seed: 12345,
      clipSeconds: failed.clipSeconds,
    });
    const { rows } = await app.cena.pool.query('SELECT 1 FROM video_requests WHERE user_id = $1', [
      (await app.cena.pool.query('SELECT user_id FROM video_requests WHERE id = $1', [id])).rows[0]?.user_id,
    ]);
    expect(rows).toHaveLength(2);
    await context.close();
  }, 180_000);

  it('shows a completed video first on a phone with its four primary actions, and top-left at 1280 px', async () => {
    const { app } = creator;
    const { page, context } = await creator.signIn({
      name: 'Davi Souza',
      credits: 100,
      viewport: { width: 375, height: 812 },
    });
    const id = await create(page, {
      prompt: 'Um trem atravessando um vale verde sob a chuva fina',
      quality: 'fast',
      aspectRatio: '16:9',
    });
    expect((await settled(page, id)).status).toBe('completed');

    await page.goto(`${app.url}/dashboard/request/${id}`);
    const player = page.getByTestId('video-player');
    await player.waitFor();
    const box = await player.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(812);
    for (const name of ['Baixar', 'Estender', 'Editar', 'Compartilhar']) {
      const button = page.getByTestId('primary-actions').getByRole('button', { name, exact: true });
      const actionBox = await button.boundingBox();
      expect(actionBox && actionBox.y + actionBox.height, name).toBeLessThanOrEqual(812);
    }
    // Nothing of the prompt or the timeline comes before the video.
    const promptBox = await page.getByTestId('request-prompt').boundingBox();
    expect(promptBox && box && promptBox.y).toBeGreaterThan(box?.y ?? 0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    const wide = await player.boundingBox();
    expect(wide?.x).toBeLessThan(640);
    expect(wide?.y).toBeLessThan(400);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 180_000);
});
