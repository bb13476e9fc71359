import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mediaKeys } from '#server/media/rendering.server';
import { lastMailId, PASSWORD, signUpAndVerify, waitForMail } from '../support/accounts';
import type { TestApp } from '../support/app';
import {
  collectPageErrors,
  describeBrowser,
  startBrowserApp,
  stopBrowserApp,
  waitForApp,
  waitForText,
} from '../support/browser';
import { SessionClient } from '../support/session-client';

/**
 * Signing in and the LGPD rights as a customer lives them in a browser: sign-in from a protected page returns there
 * with the toast and no page load; a password reset signs in and lands on the dashboard; "Exportar meus dados"
 * downloads the user's own data; "Excluir minha conta" (a dialog that keeps the focus) signs out, refuses the old
 * sign-in, removes the media, keeps the payment without personal data and lets the e-mail sign up again.
 */

let app: TestApp;
let browser: Browser;
let storageDir = '';

beforeAll(async () => {
  ({ app, browser, storageDir } = await startBrowserApp('cena-rights-e2e-'));
}, 60_000);

afterAll(() => stopBrowserApp({ app, browser, storageDir }));

async function userIdOf(email: string): Promise<string> {
  const { rows } = await app.cena.pool.query<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [
    email,
  ]);
  const id = rows[0]?.id;
  if (!id) throw new Error(`no user ${email}`);
  return id;
}

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').first().fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).last().click();
}

/** Marks the document: the mark survives only if the page was never loaded again. */
const markDocument = (page: Page) =>
  page.evaluate(() => Object.assign(window, { cenaMark: 'same-document' }));
const documentMark = (page: Page) =>
  page.evaluate(() => (window as unknown as { cenaMark?: string }).cenaMark);

describeBrowser('sign-in, reset and LGPD rights in a browser', () => {
  it('signing in from a protected page returns there with the toast, without reloading', async () => {
    const { email, password } = await signUpAndVerify(app.url);
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${app.url}/dashboard/help`);
    await page.waitForURL('**/auth/login');
    await waitForApp(page);
    await markDocument(page);
    await fillSignIn(page, email, password);
    await page.waitForURL('**/dashboard/help');
    await waitForText(page, 'Login realizado com sucesso!');
    expect(await documentMark(page)).toBe('same-document');
    // The guard's 401 is the browser's only complaint.
    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
    await context.close();
  });

  it('a password reset signs in and lands on the dashboard', async () => {
    const { email } = await signUpAndVerify(app.url, { name: 'Rosa Redefinida' });
    const before = await lastMailId(app.url);
    const asked = await new SessionClient(app.url).json('/api/auth/request-password-reset', {
      json: { email, redirectTo: '/auth/reset-password' },
    });
    expect(asked.status).toBe(200);
    const mail = await waitForMail(app.url, email, /Redefina sua senha/, { after: before });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(mail.links[0] ?? '');
    await page.waitForURL('**/auth/reset-password?token=*');
    await waitForApp(page);
    await page.locator('input[name="new-password"]').fill('uma senha novinha');
    await page.locator('input[name="confirm-password"]').fill('uma senha novinha');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await waitForText(page, 'Senha redefinida!');
    await page.waitForURL(`${app.url}/dashboard`, { timeout: 10_000 });
    await page.getByTestId('greeting').waitFor();
    expect(await page.getByTestId('greeting').textContent()).toContain('Rosa');
    await context.close();
  });

  it('exports the own data, then deletes the account from the profile', async () => {
    const { email, password } = await signUpAndVerify(app.url, { name: 'Paula Portável' });
    const other = await signUpAndVerify(app.url, { name: 'Vizinha Alheia' });
    const userId = await userIdOf(email);
    const requestId = randomUUID();
    const keys = mediaKeys(userId, requestId);
    await app.cena.storage.put(keys.video, Buffer.from('mp4'), 'video/mp4');
    await app.cena.storage.put(keys.thumbnail, Buffer.from('jpg'), 'image/jpeg');
    await app.cena.pool.query(
      `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
         video_key, thumbnail_key, completed_at)
       VALUES ($1, $2, $3, 'Uma bicicleta antiga numa rua de paralelepípedos', 'fast', '16:9', 10, 'completed',
               $4, $5, now())`,
      [requestId, userId, randomUUID(), keys.video, keys.thumbnail],
    );
    await app.cena.pool.query(
      `INSERT INTO transactions (user_id, type, amount, description, provider_ref)
       VALUES ($1, 'payment', 10990, 'Pacote de 100 créditos', $2)`,
      [userId, `cs_e2e_${userId}`],
    );

    const context = await browser.newContext({
      acceptDownloads: true,
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${app.url}/auth/login`);
    await waitForApp(page);
    await fillSignIn(page, email, password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${app.url}/dashboard/profile`);
    await page.getByTestId('export-data').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-data').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cena-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = (await readFile((await download.path()) ?? '')).toString();
    const data = JSON.parse(exported);
    expect(data.profile.email).toBe(email);
    expect(data.videoRequests.map((request: { id: string }) => request.id)).toEqual([requestId]);
    expect(exported).not.toContain(other.email);

    // The confirmation dialog keeps the keyboard inside it.
    await page.getByTestId('delete-account').click();
    const dialog = page.getByTestId('delete-account-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain('O que guardamos');
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await dialog.locator('input[name="delete-password"]').fill('senha errada');
    await page.getByTestId('confirm-delete-account').click();
    await dialog.getByText('Senha incorreta. Nada foi alterado.').waitFor();
    await dialog.locator('input[name="delete-password"]').fill(password);
    await page.getByTestId('confirm-delete-account').click();
    await page.waitForURL(`${app.url}/`);
    await waitForText(page, 'Conta excluída');
    // The refused wrong password is the browser's only complaint.
    expect(errors.filter((error) => !error.includes('status of 403'))).toEqual([]);
    await context.close();

    const signIn = await new SessionClient(app.url).json('/api/auth/sign-in/email', {
      json: { email, password: PASSWORD },
    });
    expect(signIn.status).toBe(401);
    // The deletion job removes the files one at a time and the account row last, in one transaction: once the row
    // is gone, every file must already be.
    await expect
      .poll(
        async () => (await app.cena.pool.query('SELECT 1 FROM "user" WHERE id = $1', [userId])).rowCount,
        {
          timeout: 20_000,
        },
      )
      .toBe(0);
    expect(await app.cena.storage.exists(keys.video)).toBe(false);
    expect(await app.cena.storage.exists(keys.thumbnail)).toBe(false);
    const payments = await app.cena.pool.query('SELECT * FROM transactions WHERE user_id = $1', [userId]);
    expect(payments.rows).toEqual([expect.objectContaining({ amount: 10990 })]);
    expect(JSON.stringify(payments.rows)).not.toMatch(/Paula|bicicleta|@example\.com/);

    const again = await signUpAndVerify(app.url, { email, name: 'Paula Outra Vez' });
    expect((await again.client.json('/api/me')).status).toBe(200);
  }, 90_000);
});
