import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAdminArgs, runAdminCommand } from '#server/admin/admin-commands.server';
import { LOCAL_PROJECT } from '#server/capacity/capacity.server';
import { failRequest } from '#server/generation/generation.server';
import { LOCAL_PREVIEW_MODEL } from '#shared/provider-capacity';
import { signUpAndVerify } from '../support/accounts';
import type { TestApp } from '../support/app';
import {
  collectPageErrors,
  describeBrowser,
  signInWithSession,
  startBrowserApp,
  stopBrowserApp,
} from '../support/browser';
import { seedVideoRequest } from '../support/fake-gemini';

/**
 * The fair queue as a person sees it (ADR 0061): with room for one generation at a time, a request created behind
 * two others shows its place in line on the confirmation page and moves up live — 2º, then 1º — until it starts.
 * The test holds the only slot itself until 2º has been seen, so a slow page load cannot miss that place.
 */

let app: TestApp;
let browser: Browser;
let storageDir = '';

describeBrowser('the place in line (local provider, one generation at a time)', () => {
  beforeAll(async () => {
    ({ app, browser, storageDir } = await startBrowserApp('cena-queue-e2e-', {
      LOCAL_RENDER_DELAY_MS: '8000',
      VIDEO_CAPACITY_IN_FLIGHT: '1',
    }));
  }, 60_000);
  afterAll(() => stopBrowserApp({ app, browser, storageDir }));

  it('a waiting request shows its place in line and moves up live', async () => {
    const { client, email } = await signUpAndVerify(app.url, { name: 'Lia Fila' });
    await runAdminCommand(app.cena.pool, parseAdminArgs(['grant-credits', email, '100']));
    const { rows } = await app.cena.pool.query<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [
      email.toLowerCase(),
    ]);
    const userId = rows[0]?.id ?? '';
    const page = await (await browser.newContext()).newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    const errors = collectPageErrors(page);
    await signInWithSession(page, app.url, client);
    await page.goto(`${app.url}/dashboard/create`);
    await page
      .getByLabel('Descreva seu vídeo')
      .fill('Terceiro vídeo da fila, um balão sobre o vale ao amanhecer');
    // Just before: two requests ahead. The first holds the only generation slot, with the lease a dispatched
    // request holds (ADR 0061), until the test lets it go; the second waits.
    const first = await seedVideoRequest(app.cena.pool, {
      userId,
      prompt: 'Primeiro vídeo da fila, um barco no rio',
      dispatched: true,
    });
    await app.cena.pool.query(
      `INSERT INTO provider_leases (request_id, project, model, expires_at, sent_at, accepted_at)
       VALUES ($1, $2, $3, now() + interval '10 minutes', now(), now())`,
      [first.id, LOCAL_PROJECT, LOCAL_PREVIEW_MODEL],
    );
    await seedVideoRequest(app.cena.pool, { userId, prompt: 'Segundo vídeo da fila, um trem na serra' });
    await page.getByTestId('create-submit').click();
    await page.waitForURL(/\/dashboard\/confirmation\?id=/);

    const place = page.getByTestId('queue-place');
    await expect.poll(() => place.textContent(), { timeout: 30_000 }).toMatch(/^Na fila: 2º · começa em /);
    // The first one ends and frees its slot, as its job's last step does: the second starts (for 8 s) and this one
    // moves up without a reload.
    await failRequest(app.cena.pool, first.id, 'Liberado pelo teste');
    await app.cena.pool.query('DELETE FROM provider_leases WHERE request_id = $1', [first.id]);
    await expect.poll(() => place.textContent(), { timeout: 30_000 }).toMatch(/^Na fila: 1º · começa em /);
    // Then it leaves the line: no place shown once it has started.
    await expect.poll(() => place.textContent(), { timeout: 30_000 }).toBe('');
    expect(errors).toEqual([]);
  }, 90_000);
});
