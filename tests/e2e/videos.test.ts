import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';
import type { TestApp } from '../support/app';
import {
  apiBalance,
  describeBrowser,
  signedInWithCredits,
  startBrowserApp,
  stopBrowserApp,
  waitForText,
} from '../support/browser';
import { tinyPng } from '../support/images';

/**
 * The video contract (docs/video-contract.md), as a new user lives it in local mode (the `local` provider renders a real MP4 with ffmpeg):
 * with credits, create a Fast 9:16 request with a reference image, land on the confirmation, watch the status change
 * live (no reload), see it completed, play it, download an MP4 that ffprobe reads as 8 s with audio; and a request
 * with too few credits is refused with nothing taken.
 */

const run = promisify(execFile);

let app: TestApp;
let browser: Browser;
let storageDir = '';

async function requestCount(email: string): Promise<number> {
  const { rows } = await app.cena.pool.query<{ count: string }>(
    'SELECT count(*) FROM video_requests v JOIN "user" u ON u.id = v.user_id WHERE u.email = lower($1)',
    [email],
  );
  return Number(rows[0]?.count ?? 0);
}

describeBrowser('video generation in a browser (local provider)', () => {
  beforeAll(async () => {
    ({ app, browser, storageDir } = await startBrowserApp('cena-videos-e2e-', {
      LOCAL_RENDER_DELAY_MS: '500',
    }));
  }, 60_000);
  afterAll(() => stopBrowserApp({ app, browser, storageDir }));

  it('creates a Fast 9:16 request with an image, follows it live to completed, plays and downloads it', async () => {
    // The mobile layout.
    const { email, context, errors, page } = await signedInWithCredits(app, browser, {
      name: 'Caio Reis',
      credits: 100,
      viewport: { width: 375, height: 812 },
      context: { acceptDownloads: true },
    });

    // Prefilled from the query ("Duplicar Solicitação"), with the cost summary.
    const prompt =
      'Um farol no alto de um penhasco ao entardecer, ondas batendo nas pedras, câmera aérea lenta';
    await page.goto(
      `${app.url}/dashboard/create?${new URLSearchParams({ prompt: 'curto', quality: 'quality', aspectRatio: '9:16' })}`,
    );
    const promptInput = page.getByLabel('Descreva seu vídeo');
    await expect.poll(() => promptInput.inputValue()).toBe('curto');
    expect(await page.getByRole('radio', { name: /Quality/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /9:16/ }).isChecked()).toBe(true);
    // Quality 9:16 is generated natively at 1080×1920: no warning (ADR 0005). A reframed ratio warns, and the
    // warning can switch to Fast.
    expect(await page.getByTestId('quality-ratio-warning').count()).toBe(0);
    await page.getByTestId('aspect-1x1').click();
    await page.getByTestId('quality-ratio-warning').waitFor();
    await expect
      .poll(() => page.getByTestId('summary-balance').getAttribute('data-value'), { timeout: 10_000 })
      .toBe('100');
    expect(await page.getByTestId('summary-cost').getAttribute('data-value')).toBe('25');
    await page.getByRole('button', { name: 'Usar Fast' }).click();
    expect(await page.getByRole('radio', { name: /Fast/ }).isChecked()).toBe(true);
    expect(await page.getByTestId('quality-ratio-warning').count()).toBe(0);
    expect(await page.getByTestId('summary-after').getAttribute('data-value')).toBe('90');
    await page.getByTestId('aspect-9x16').click();

    // Validation: the short prompt, a bad seed, a non-image file.
    await page.getByTestId('create-submit').click();
    await expect.poll(() => page.getByTestId('prompt-error').textContent()).toBe('Muito curto');
    await page.getByLabel('Seed (opcional)').fill('12ab3');
    expect(await page.getByLabel('Seed (opcional)').inputValue()).toBe('123');
    await page.getByLabel('Seed (opcional)').fill('');
    await page.getByTestId('first-frame-input').setInputFiles({
      name: 'falso.png',
      mimeType: 'image/png',
      buffer: Buffer.from('GIF89a not really a png'),
    });
    await expect
      .poll(() => page.getByTestId('first-frame-error').textContent())
      .toBe('Use uma imagem JPG, PNG ou WEBP.');

    // The sensitive-prompt audio warning comes and goes with the words.
    await promptInput.fill('Uma criança brincando na praia ao pôr do sol');
    await page.getByTestId('sensitive-warning').waitFor();
    await promptInput.fill(prompt);
    expect(await page.getByTestId('sensitive-warning').count()).toBe(0);

    // A real PNG: preview shown.
    await page.getByTestId('first-frame-input').setInputFiles({
      name: 'referencia.png',
      mimeType: 'image/png',
      buffer: tinyPng(),
    });
    await page.getByTestId('first-frame-preview').waitFor();
    expect(await page.getByTestId('first-frame-error').count()).toBe(0);

    // Status changes are recorded by the page itself (the SPA keeps this window: no reload).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __statuses: string[] }).__statuses = seen;
      const record = () => {
        const status = document.querySelector('[data-testid="video-status"]')?.getAttribute('data-status');
        if (status && seen.at(-1) !== status) seen.push(status);
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-status'],
      });
    });

    // Submit with a double click: one POST, one request.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/videos')
        posts.push(request.headers()['content-type'] ?? '');
    });
    await page.getByTestId('create-submit').dblclick();
    // The confirmation page says it was sent (no toast repeating it, docs/decisions/0045).
    await page.waitForURL(/\/dashboard\/confirmation\?id=/, { timeout: 10_000 });
    await expect
      .poll(() => page.getByTestId('confirmation-title').textContent(), { timeout: 10_000 })
      .toBe('Solicitação enviada!');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^multipart\/form-data; boundary=/);
    const id = new URL(page.url()).searchParams.get('id') ?? '';
    expect(await page.getByTestId('request-id').textContent()).toBe(id);
    expect(await requestCount(email)).toBe(1);
    // Fast's own time range, as the create page quotes it (ADR 0058), not the union of the modes' 2–10.
    expect(await page.getByText('2–5 minutos').count()).toBeGreaterThan(0);

    // Live to completed, without a reload.
    await expect
      .poll(() => page.getByTestId('video-status').getAttribute('data-status'), {
        timeout: 90_000,
        interval: 250,
      })
      .toBe('completed');
    expect(await page.getByTestId('video-status').textContent()).toBe('Pronto');
    const statuses = await page.evaluate(() => (window as unknown as { __statuses?: string[] }).__statuses);
    expect(statuses, 'the page was reloaded').toBeDefined();
    expect(statuses?.at(-1)).toBe('completed');
    expect(statuses?.length ?? 0).toBeGreaterThan(1);

    // The hold was captured: 100 − 10.
    await expect.poll(() => apiBalance(page), { timeout: 10_000 }).toBe(90);

    // It plays.
    const player = page.getByTestId('video-player');
    await player.waitFor();
    expect(await player.getAttribute('poster')).toBeTruthy();
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    const played = await player.evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      await video.play();
      return !video.paused;
    });
    expect(played).toBe(true);

    // It downloads as an MP4 ffprobe reads as ~8 s with audio.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      page.getByTestId('video-download').click(),
    ]);
    await waitForText(page, 'Download do vídeo iniciado!');
    const file = path.join(storageDir, `download-${id}.mp4`);
    await download.saveAs(file);
    const { stdout } = await run((await mediaToolchainFromEnv()).ffprobe.path, [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type',
      '-of',
      'json',
      file,
    ]);
    const probe = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string }[] };
    expect(Number(probe.format.duration)).toBeGreaterThan(7.5);
    expect(Number(probe.format.duration)).toBeLessThan(8.5);
    expect(probe.streams.map((stream) => stream.codec_type)).toEqual(
      expect.arrayContaining(['video', 'audio']),
    );

    expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    await context.close();
  }, 180_000);

  it('refuses a request made with too few credits and takes nothing', async () => {
    const { email, context, page } = await signedInWithCredits(app, browser, {
      name: 'Duda Melo',
      credits: 5,
      viewport: { width: 1280, height: 900 },
    });

    // The form knows: short balance (said at the top too), a way to buy that stays on the page, the submit disabled.
    await page.goto(`${app.url}/dashboard/create`);
    await expect
      .poll(() => page.getByTestId('summary-balance').getAttribute('data-value'), { timeout: 10_000 })
      .toBe('5');
    await page.getByTestId('summary-short').waitFor();
    await page.getByTestId('create-shortfall').waitFor();
    expect(await page.getByTestId('get-credits').evaluate((element) => element.tagName)).toBe('BUTTON');
    expect(await page.getByTestId('create-submit').isDisabled()).toBe(true);

    // The server decides: with a stale balance shown (100), the submit goes through and is refused (402).
    await page.route('**/api/credits', (route) =>
      route.fulfill({
        json: { balance: 100, expiringSoon: { total: 0, daysLeft: null }, grants: [], entries: [] },
      }),
    );
    await page.reload();
    await expect
      .poll(() => page.getByTestId('summary-balance').getAttribute('data-value'), { timeout: 10_000 })
      .toBe('100');
    await page.getByLabel('Descreva seu vídeo').fill('Um gato laranja dormindo ao sol na janela');
    await page.getByTestId('create-submit').click();
    await waitForText(page, 'Erro ao deduzir créditos. Tente novamente.');
    expect(await page.getByTestId('create-error').textContent()).toBe(
      'Erro ao deduzir créditos. Tente novamente.',
    );
    await page.getByTestId('get-credits').waitFor();
    expect(page.url()).toContain('/dashboard/create');
    await page.unroute('**/api/credits');

    // The API refuses the same directly, with the contract's answer.
    const answer = await page.evaluate(async () => {
      const body = new FormData();
      body.set('prompt', 'Um gato laranja dormindo ao sol na janela');
      body.set('quality', 'fast');
      body.set('aspectRatio', '16:9');
      body.set('seed', '');
      body.set('clientKey', crypto.randomUUID());
      const response = await fetch('/api/videos', { method: 'POST', body, credentials: 'same-origin' });
      return { status: response.status, body: (await response.json()) as { error?: { code?: string } } };
    });
    expect(answer.status).toBe(402);
    expect(answer.body.error?.code).toBe('insufficient_credits');

    // Nothing taken, nothing created.
    expect(await apiBalance(page)).toBe(5);
    expect(await requestCount(email)).toBe(0);
    await context.close();
  }, 60_000);
});
