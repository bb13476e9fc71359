import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '#shared/format';
import { dayRange, zonedDay, zonedParts, zonedTimeToUtc } from '#shared/time';
import { signUpAndVerify } from '../support/accounts';
import type { TestApp } from '../support/app';
import {
  collectPageErrors,
  describeBrowser,
  startBrowserApp,
  stopBrowserApp,
  waitForApp,
  waitForText,
} from '../support/browser';
import { againIfCrossed, saoPauloDay } from '../support/clock-windows';

/**
 * The request detail and the history (docs/history-contract.md), as a user lives it. Requests are seeded straight into
 * `video_requests` (fast, and any status and date we need): a completed Fast 9:16 one with a stored video, a failed
 * Quality one with an error message, one still generating, a dozen older ones spread over 50 days, and one of
 * another user. The user's zone is the default, America/Sao_Paulo; expected counts for the quick filters are
 * computed with the shared day rules, so the test passes at any hour.
 */

let app: TestApp;
let browser: Browser;
let storageDir = '';
let email = '';
let password = '';
let otherRequestId = '';

const TZ = DEFAULT_TIME_ZONE;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const now = Date.now();

interface Seed {
  id: string;
  prompt: string;
  quality: 'fast' | 'quality';
  aspectRatio: '16:9' | '9:16' | '1:1' | '4:3';
  status: 'pending' | 'processing' | 'generating' | 'rendering' | 'completed' | 'failed';
  createdAt: Date;
  errorMessage?: string;
  videoKey?: string;
}

const COMPLETED_PROMPT =
  'Um farol no alto de um penhasco ao entardecer, ondas batendo nas pedras, câmera aérea lenta';
const FAILED_PROMPT = 'Dança "urbana"; luzes de neon refletindo na chuva, câmera na mão';
const FAILED_ERROR = 'O modelo recusou o prompt por violar as políticas de conteúdo.';
const GENERATING_PROMPT = 'Uma raposa atravessando a neve em silêncio, luz azulada do amanhecer';

const seeds: Seed[] = [];
const completed: Seed = {
  id: randomUUID(),
  prompt: COMPLETED_PROMPT,
  quality: 'fast',
  aspectRatio: '9:16',
  status: 'completed',
  createdAt: new Date(now - 2 * 60 * MINUTE),
  videoKey: 'seed/history-video.mp4',
};
const failed: Seed = {
  id: randomUUID(),
  prompt: FAILED_PROMPT,
  quality: 'quality',
  aspectRatio: '16:9',
  status: 'failed',
  createdAt: new Date(now - 26 * 60 * MINUTE),
  errorMessage: FAILED_ERROR,
};
const generating: Seed = {
  id: randomUUID(),
  prompt: GENERATING_PROMPT,
  quality: 'fast',
  aspectRatio: '1:1',
  status: 'generating',
  createdAt: new Date(now - MINUTE),
};
seeds.push(completed, failed, generating);
for (const [index, days] of [3, 5, 8, 10, 12, 15, 20, 25, 29, 35, 40, 50].entries()) {
  seeds.push({
    id: randomUUID(),
    prompt: `Cena de arquivo número ${index + 1}: um trem cruzando o campo de girassóis`,
    quality: index % 3 === 0 ? 'quality' : 'fast',
    aspectRatio: '16:9',
    status: 'completed',
    createdAt: new Date(now - days * DAY),
  });
}

/** How many seeds fall in the inclusive day range, by the same rule the server applies. */
function countInDays(fromDaysAgo: number): number {
  const p = zonedParts(new Date(), TZ);
  const from = zonedDay(zonedTimeToUtc(TZ, p.year, p.month, p.day - fromDaysAgo, 12), TZ);
  const { start, endExclusive } = dayRange(from, zonedDay(new Date(), TZ), TZ);
  return seeds.filter((s) => s.createdAt >= start && s.createdAt < endExclusive).length;
}

async function insertRequest(userId: string, seed: Seed): Promise<void> {
  const cost = seed.quality === 'quality' ? 25 : 10;
  const final = seed.status === 'completed' || seed.status === 'failed';
  await app.cena.pool.query(
    `INSERT INTO video_requests
       (id, user_id, client_key, prompt, structured_prompt, quality, aspect_ratio, seed, credits_used, status,
        error_message, video_key, provider, model, resolution, delivered_seconds, created_at, updated_at, completed_at,
        dispatched_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'local', $13, $14, $15, $16, $17, $18, $16)`,
    [
      seed.id,
      userId,
      randomUUID(),
      seed.prompt,
      JSON.stringify({
        subject: 'farol',
        action: 'ondas batendo',
        scene: 'penhasco',
        camera: 'aérea lenta',
        lighting: 'entardecer',
        style: 'cinematográfico',
        audio: 'mar',
        negative: 'texto',
      }),
      seed.quality,
      seed.aspectRatio,
      seed === completed ? 12345 : null,
      cost,
      seed.status,
      seed.errorMessage ?? null,
      seed.videoKey ?? null,
      seed.status === 'completed' ? 'veo-3.0-fast-generate' : null,
      seed.status === 'completed' ? '720p' : null,
      seed.status === 'completed' ? 8 : null,
      seed.createdAt,
      final ? new Date(seed.createdAt.getTime() + 3 * MINUTE) : seed.createdAt,
      seed.status === 'completed' ? new Date(seed.createdAt.getTime() + 3 * MINUTE) : null,
    ],
  );
}

async function userIdOf(address: string): Promise<string> {
  const { rows } = await app.cena.pool.query<{ id: string }>(
    'SELECT id FROM "user" WHERE email = lower($1)',
    [address],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`no user ${address}`);
  return id;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Signed-in sessions by e-mail: each user signs in through the form once (sign-in is rate-limited). */
const sessions = new Map<string, StorageState>();

async function signedInPage(
  width = 1280,
  height = 900,
  who = { email, password },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const stored = sessions.get(who.email);
  const context = await browser.newContext({
    acceptDownloads: true,
    viewport: { width, height },
    ...(stored ? { storageState: stored } : {}),
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  if (!stored) {
    await page.goto(`${app.url}/auth/login`);
    await waitForApp(page);
    await page.getByLabel('E-mail').first().fill(who.email);
    await page.locator('input[name="password"]').fill(who.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).last().click();
    await page.waitForURL('**/dashboard');
    sessions.set(who.email, await context.storageState());
  }
  return { context, page, errors };
}

const rowsShown = (page: Page) => page.getByTestId('history-row').count();
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describeBrowser('request detail and history in a browser', () => {
  beforeAll(async () => {
    ({ app, browser, storageDir } = await startBrowserApp('cena-history-e2e-'));
    // Bytes stand in for the MP4: the page only links it; the download must come through.
    await mkdir(path.join(storageDir, 'seed'), { recursive: true });
    await writeFile(path.join(storageDir, 'seed', 'history-video.mp4'), Buffer.from('fake mp4 bytes'));

    const main = await signUpAndVerify(app.url, { name: 'Lia Prado' });
    email = main.email;
    password = main.password;
    const userId = await userIdOf(email);
    for (const seed of seeds) await insertRequest(userId, seed);

    const other = await signUpAndVerify(app.url, { name: 'Outro Usuário' });
    const otherSeed: Seed = {
      id: randomUUID(),
      prompt: 'Pedido de outra pessoa, que ninguém mais pode ver',
      quality: 'fast',
      aspectRatio: '16:9',
      status: 'completed',
      createdAt: new Date(now - 5 * MINUTE),
    };
    otherRequestId = otherSeed.id;
    await insertRequest(await userIdOf(other.email), otherSeed);
  }, 90_000);
  afterAll(() => stopBrowserApp({ app, browser, storageDir }));

  it('shows a completed request: prompt copy, player, download, technical info, timeline, duplicate', async () => {
    const { context, page, errors } = await signedInPage();
    await page.goto(`${app.url}/dashboard/request/${completed.id}`);
    await page.getByTestId('request-detail').waitFor();
    expect(await page.getByTestId('video-status').getAttribute('data-status')).toBe('completed');
    expect(await page.getByTestId('request-prompt').textContent()).toBe(COMPLETED_PROMPT);
    expect(await page.getByTestId('timeline-created').getAttribute('data-state')).toBe('done');
    expect(await page.getByTestId('timeline-processing').getAttribute('data-state')).toBe('done');
    expect(await page.getByTestId('timeline-generated').getAttribute('data-state')).toBe('done');
    expect(await page.getByTestId('timeline-completed').getAttribute('data-state')).toBe('done');
    expect(await page.getByTestId('timeline-completed').textContent()).toMatch(
      /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
    );
    expect(await page.getByTestId('technical-id').textContent()).toBe(completed.id);
    expect(await page.getByTestId('technical-seed').textContent()).toBe('12345');
    expect(await page.getByTestId('technical-ratio').textContent()).toBe('9:16');
    expect(await page.getByTestId('technical-credits').textContent()).toBe('10');
    expect(await page.getByTestId('time-left').count()).toBe(0);
    expect(await page.getByTestId('refund-badge').count()).toBe(0);

    // The structured JSON prompt is collapsed until asked for.
    expect(await page.getByTestId('structured-prompt').count()).toBe(0);
    await page.getByTestId('structured-prompt-toggle').click();
    expect(await page.getByTestId('structured-prompt').textContent()).toContain('"camera": "aérea lenta"');

    await page.getByTestId('copy-prompt').click();
    await waitForText(page, 'Prompt copiado...');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(COMPLETED_PROMPT);

    await page.getByTestId('video-player').waitFor({ state: 'attached' });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      page.getByTestId('video-download').click(),
    ]);
    await waitForText(page, 'Download do vídeo iniciado!');
    expect((await readFile((await download.path()) ?? '')).toString()).toBe('fake mp4 bytes');

    // A completed Fast request offers one way up (ADR 0058): 'Finalizar', whose choices start at Quality.
    expect(await page.getByTestId('generate-quality').count()).toBe(0);
    await page.getByTestId('finish-open').click();
    expect(await page.getByTestId('finish-fast').count()).toBe(0);
    expect(await page.getByTestId('finish-quality').getAttribute('data-cost')).toBe('25');
    await page.keyboard.press('Escape');
    await page.getByTestId('finish-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('duplicate-request').click();
    await page.waitForURL(/\/dashboard\/create\?/);
    expect(param(page, 'aspectRatio')).toBe('9:16');
    await expect.poll(() => page.getByLabel('Descreva seu vídeo').inputValue()).toBe(COMPLETED_PROMPT);
    expect(await page.getByRole('radio', { name: /Fast/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /9:16/ }).isChecked()).toBe(true);
    // The player's fake bytes cannot decode; nothing else may fail.
    expect(errors.filter((e) => !/media|video|MEDIA_ERR|Failed to load resource/i.test(e))).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows a failed request with its error box and the refunded-credits badge', async () => {
    const { context, page } = await signedInPage(375, 812);
    await page.goto(`${app.url}/dashboard/request/${failed.id}`);
    await page.getByTestId('request-detail').waitFor();
    expect(await page.getByTestId('video-status').getAttribute('data-status')).toBe('failed');
    expect(await page.getByTestId('video-error-message').textContent()).toBe(FAILED_ERROR);
    expect(await page.getByTestId('refund-badge').textContent()).toBe('25 créditos reembolsados');
    expect(await page.getByTestId('timeline-failed').getAttribute('data-state')).toBe('failed');
    expect(await page.getByTestId('finish-open').count()).toBe(0);
    expect(await page.getByTestId('video-player').count()).toBe(0);
    // The 375 px layout does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  }, 60_000);

  it('follows an in-progress request live, with the time left', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${app.url}/dashboard/request/${generating.id}`);
    await page.getByTestId('request-detail').waitFor();
    expect(await page.getByTestId('timeline-generating').getAttribute('data-state')).toBe('current');
    // Fast takes up to 5 minutes and it started a minute ago: a time under 5 minutes that counts down (ADR 0035).
    const timeLeft = page.getByTestId('time-left');
    expect(await timeLeft.textContent()).toMatch(/^pronto em cerca de [0-4]:[0-5]\d$/);
    const before = Number(await timeLeft.getAttribute('data-seconds'));
    await expect
      .poll(async () => Number(await timeLeft.getAttribute('data-seconds')), { timeout: 5_000 })
      .toBeLessThan(before);

    await app.cena.pool.query(
      `UPDATE video_requests SET status = 'rendering', updated_at = now() WHERE id = $1`,
      [generating.id],
    );
    await expect
      .poll(() => page.getByTestId('timeline-rendering').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('current');
    await app.cena.pool.query(
      `UPDATE video_requests SET status = 'failed', error_message = 'Tempo esgotado', updated_at = now() WHERE id = $1`,
      [generating.id],
    );
    await expect
      .poll(() => page.getByTestId('video-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('failed');
    expect(await page.getByTestId('time-left').count()).toBe(0);
    expect(await page.getByTestId('refund-badge').textContent()).toBe('10 créditos reembolsados');
    await context.close();
  }, 60_000);

  it("says 'Solicitação não encontrada' for another user's request and leads back to history", async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${app.url}/dashboard/request/${otherRequestId}`);
    await expect
      .poll(() => page.getByTestId('request-detail-error').textContent(), { timeout: 10_000 })
      .toBe('Solicitação não encontrada');
    await page.getByTestId('back-to-history').click();
    await page.waitForURL('**/dashboard/history');
    await page.getByRole('heading', { name: 'Histórico de Vídeos' }).waitFor();
    await context.close();
  }, 60_000);

  it('filters, pages and goes back through the URL; quick dates; no results', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${app.url}/dashboard/history`);
    await page.getByRole('heading', { name: 'Histórico de Vídeos' }).waitFor();
    await expect
      .poll(() => page.getByTestId('history-total').textContent())
      .toBe(`${seeds.length} solicitações`);
    expect(await rowsShown(page)).toBe(10);
    // Newest first; the prompt cut at 50 characters.
    const firstPrompt = await page.getByTestId('history-prompt').first().textContent();
    expect(firstPrompt).toBe(`${Array.from(GENERATING_PROMPT).slice(0, 50).join('')}…`);

    await page.getByTestId('pager-page-2').click();
    await expect.poll(() => param(page, 'page')).toBe('2');
    await expect.poll(() => rowsShown(page)).toBe(seeds.length - 10);
    expect(await page.getByTestId('pager-page-2').getAttribute('aria-current')).toBe('page');

    // Any filter change goes back to page 1.
    await page.getByTestId('filter-status').selectOption('failed');
    await expect.poll(() => param(page, 'status')).toBe('failed');
    expect(param(page, 'page')).toBeNull();
    await expect.poll(() => rowsShown(page)).toBe(2);

    // The back button restores the previous filters and page.
    await page.goBack();
    await expect.poll(() => param(page, 'page')).toBe('2');
    expect(param(page, 'status')).toBeNull();
    expect(await page.getByTestId('filter-status').inputValue()).toBe('all');
    await expect.poll(() => rowsShown(page)).toBe(seeds.length - 10);

    // Search (case-insensitive substring) and quality.
    await page.getByTestId('filter-search').fill('FAROL');
    await expect.poll(() => param(page, 'q')).toBe('FAROL');
    await expect.poll(() => rowsShown(page)).toBe(1);
    // As people type, without accents or capitals: "câmera aérea", "girassóis".
    await page.getByTestId('filter-search').fill('camera aerea');
    await expect.poll(() => param(page, 'q')).toBe('camera aerea');
    await expect.poll(() => rowsShown(page)).toBe(1);
    expect(await page.getByTestId('history-prompt').first().textContent()).toMatch(/^Um farol/);
    await page.getByTestId('filter-search').fill('GIRASSOIS');
    await expect
      .poll(() => page.getByTestId('history-total').textContent())
      .toBe(`${seeds.filter((s) => s.prompt.includes('girassóis')).length} solicitações`);
    await page.getByTestId('filter-search').fill('');
    await expect.poll(() => param(page, 'q')).toBeNull();
    await page.getByTestId('filter-quality').selectOption('quality');
    await expect
      .poll(() => page.getByTestId('history-total').textContent())
      .toBe(`${seeds.filter((s) => s.quality === 'quality').length} solicitações`);
    await page.getByTestId('filter-quality').selectOption('all');

    // Quick filters: days in the user's zone, inclusive, from the day of the click. A check that straddles
    // midnight in São Paulo clicks again in the new day.
    for (const [button, days] of [
      ['quick-today', 0],
      ['quick-last7', 6],
      ['quick-last30', 29],
    ] as const) {
      await againIfCrossed(saoPauloDay, async () => {
        await page.getByTestId(button).click();
        await expect.poll(() => param(page, 'to')).toBe(zonedDay(new Date(), TZ));
        const expected = countInDays(days);
        await expect
          .poll(() => page.getByTestId('history-total').textContent())
          .toBe(`${expected} ${expected === 1 ? 'solicitação' : 'solicitações'}`);
        expect(await page.getByTestId(button).getAttribute('aria-pressed')).toBe('true');
      });
    }

    // A shared link with filters opens as is.
    await page.goto(`${app.url}/dashboard/history?q=girass&quality=quality`);
    await expect
      .poll(() => page.getByTestId('history-total').textContent())
      .toBe(
        `${seeds.filter((s) => s.quality === 'quality' && s.prompt.includes('girass')).length} solicitações`,
      );
    expect(await page.getByTestId('filter-search').inputValue()).toBe('girass');

    await page.getByTestId('filter-search').fill('nada disso existe');
    await page.getByTestId('history-no-results').waitFor();
    expect(await page.getByText('Nenhum resultado encontrado').count()).toBe(1);

    // The row action opens the detail.
    await page.goto(`${app.url}/dashboard/history?status=failed&q=urbana`);
    await expect.poll(() => rowsShown(page)).toBe(1);
    await page.getByTestId('history-row').getByTestId('history-view').click();
    await page.waitForURL(`**/dashboard/request/${failed.id}`);
    await context.close();
  }, 90_000);

  it('shows cards at 375 px', async () => {
    const { context, page } = await signedInPage(375, 812);
    await page.goto(`${app.url}/dashboard/history`);
    await expect.poll(() => page.getByTestId('history-card').count()).toBe(10);
    expect(await page.getByTestId('history-table').isVisible()).toBe(false);
    expect(await page.getByTestId('history-card').first().isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  }, 60_000);

  it('exports the current filters as CSV (BOM, header, escaped row)', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${app.url}/dashboard/history?status=failed`);
    await expect.poll(() => rowsShown(page)).toBe(2);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      page.getByTestId('export-csv').click(),
    ]);
    await waitForText(page, 'Arquivo CSV exportado com sucesso!');
    expect(download.suggestedFilename()).toMatch(/^historico-videos-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path()) ?? '');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toBe('Data;Prompt;Qualidade;Aspect Ratio;Créditos;Status;Duração (s);Origem');
    expect(lines).toHaveLength(3);
    expect(
      lines.some((line) =>
        line.includes('"Dança ""urbana""; luzes de neon refletindo na chuva, câmera na mão"'),
      ),
    ).toBe(true);
    expect(lines.every((line, i) => i === 0 || /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/.test(line))).toBe(true);
    expect(lines.every((line, i) => i === 0 || line.endsWith(';Falhou;;Vídeo novo'))).toBe(true);
    await context.close();
  }, 60_000);

  it("shows 'Nenhuma solicitação ainda' to a user with no requests", async () => {
    const fresh = await signUpAndVerify(app.url, { name: 'Nova Pessoa' });
    const { context, page } = await signedInPage(375, 812, fresh);
    await page.goto(`${app.url}/dashboard/history`);
    await page.getByTestId('history-empty').waitFor();
    expect(await page.getByText('Nenhuma solicitação ainda').count()).toBe(1);
    await page.getByTestId('history-create-first').click();
    await page.waitForURL('**/dashboard/create');
    await context.close();
  }, 60_000);
});
