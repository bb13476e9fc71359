import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAdminArgs, runAdminCommand } from '#server/admin/admin-commands.server';
import type { TestApp } from '../support/app';
import { describeBrowser, startBrowserApp, stopBrowserApp } from '../support/browser';

/**
 * The accounts contract (docs/accounts-contract.md), as a new user lives it: sign up, confirm through the dev mailbox, sign out and in, live
 * credits, the admin denial, profile (language, time zone, password), two-factor, sign out of all devices from
 * another browser, and the forgotten-password reset. The steps run in order and share one account.
 */

let app: TestApp;
let browser: Browser;
let storageDir = '';
let context: BrowserContext;
let page: Page;
const email = `ana.${Date.now()}@cena.test`;
let password = 'senha-forte-1';
let totpSecret = '';
let enrolmentCode = '';
let backupCodes: string[] = [];

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/**
 * RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it: now, or `steps` periods later (the
 * server accepts one period either side, and a code only once).
 */
function totp(secret: string, steps = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

interface MailboxMessage {
  to: string;
  subject: string;
  links: string[];
}

async function mailLink(pattern: RegExp): Promise<string> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    const { messages } = (await (await fetch(`${app.url}/api/dev/mailbox`)).json()) as {
      messages: MailboxMessage[];
    };
    const link = messages.find((m) => m.to.includes(email))?.links.find((l) => pattern.test(l));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail to ${email} with a link matching ${pattern}`);
}

async function mailCount(): Promise<number> {
  const { messages } = (await (await fetch(`${app.url}/api/dev/mailbox`)).json()) as {
    messages: MailboxMessage[];
  };
  return messages.filter((m) => m.to.includes(email)).length;
}

const toast = (target: Page, text: string) => target.getByText(text, { exact: true }).first().waitFor();

async function signInForm(target: Page, withPassword: string) {
  await target.getByLabel('E-mail').first().fill(email);
  await target.locator('input[name="password"]').fill(withPassword);
  await target.getByRole('button', { name: 'Entrar', exact: true }).last().click();
}

describeBrowser('accounts in a browser', () => {
  beforeAll(async () => {
    ({ app, browser, storageDir } = await startBrowserApp('cena-accounts-e2e-'));
    context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
  });
  afterAll(() => stopBrowserApp({ app, browser, storageDir }));

  it('sends a signed-out visitor to sign in, then signs up with the terms accepted', async () => {
    await page.goto(`${app.url}/dashboard/profile`);
    await page.waitForURL('**/auth/login');
    await page.getByRole('tab', { name: 'Criar Conta' }).click();
    const submit = page.getByRole('button', { name: 'Criar Conta' }).last();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Nome').fill('Ana Souza');
    await page.getByLabel('E-mail').last().fill(email);
    // The age rule (ADR 0066): an adult's birth date, typed as dd/mm/aaaa.
    await page.getByLabel('Data de nascimento').fill('17/05/1990');
    await page.locator('input[name="new-password"]').fill('curta');
    await page.getByRole('checkbox').check();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await page.getByText('A senha deve ter pelo menos 8 caracteres').waitFor();
    await page.locator('input[name="new-password"]').fill(password);
    await submit.click();
    await toast(page, 'Conta criada com sucesso!');
    await page.getByText('Verifique seu email para ativar a conta.').first().waitFor();
  });

  it('refuses to sign in before the e-mail is confirmed, and sends a new confirmation', async () => {
    const before = await mailCount();
    await page.getByRole('button', { name: 'Ir para o login' }).click();
    await signInForm(page, password);
    await toast(page, 'Erro no login');
    await page.getByText(/Enviamos um novo e-mail de confirmação/).waitFor();
    await expect.poll(mailCount).toBeGreaterThan(before);
  });

  it('lands on the dashboard signed in from the confirmation link', async () => {
    await page.goto(await mailLink(/verify-email/));
    await page.waitForURL('**/dashboard');
    expect(await page.getByTestId('greeting').textContent()).toMatch(/^(Bom dia|Boa tarde|Boa noite), Ana/);
    await expect.poll(() => page.getByTestId('balance-value').textContent()).toBe('0');
  });

  it('shows credits granted elsewhere live, with the expiring-credits alert', async () => {
    await runAdminCommand(app.cena.pool, parseAdminArgs(['grant-credits', email, '120', '3']));
    await expect.poll(() => page.getByTestId('balance-value').textContent(), { timeout: 10_000 }).toBe('120');
    expect(await page.getByTestId('expiring-credits').textContent()).toContain('120');
  });

  it('denies the admin panel to a non-admin, and lets them in once the role is granted', async () => {
    await page.goto(`${app.url}/admin-x7k9m2`);
    const denied = page.getByTestId('admin-denied');
    await denied.waitFor({ timeout: 10_000 });
    const text = await denied.textContent();
    expect(text).toContain('Acesso negado. Você não tem permissões de administrador.');
    expect(text).toContain(email);
    await runAdminCommand(app.cena.pool, parseAdminArgs(['grant-role', email, 'admin']));
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByTestId('admin-panel').waitFor({ timeout: 10_000 });
  });

  it('edits the profile, and the language switch turns the whole UI English', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    await page.waitForURL('**/dashboard/profile');
    const name = page.getByTestId('profile-name');
    expect(await name.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Editar' }).click();
    await name.fill('Ana Maria');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Perfil atualizado com sucesso!');
    await page.getByTestId('profile-language').selectOption('en');
    await page.getByRole('heading', { name: 'Personal information' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Personal information' }).waitFor();
    await page.getByTestId('profile-language').selectOption('pt');
    await page.getByRole('heading', { name: 'Informações pessoais' }).waitFor();
  });

  it('changes the password with the spec messages', async () => {
    await page.locator('input[name="current-password"]').first().fill(password);
    await page.locator('input[name="new-password"]').fill('nova-senha-22');
    await page.locator('input[name="confirm-password"]').fill('nova-senha-23');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('Senhas não coincidem').waitFor();
    await page.locator('input[name="new-password"]').fill('curta');
    await page.locator('input[name="confirm-password"]').fill('curta');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('Senha deve ter pelo menos 8 caracteres').waitFor();
    await page.locator('input[name="current-password"]').first().fill('errada-000');
    await page.locator('input[name="new-password"]').fill('nova-senha-22');
    await page.locator('input[name="confirm-password"]').fill('nova-senha-22');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await toast(page, 'Erro ao alterar senha');
    await page.locator('input[name="current-password"]').first().fill(password);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await toast(page, 'Senha alterada com sucesso!');
    password = 'nova-senha-22';
  });

  it('enables two-factor with a QR code and shows backup codes once', async () => {
    const card = page.getByTestId('two-factor-card');
    await card.getByRole('button', { name: 'Ativar' }).click();
    await card.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByTestId('two-factor-scan').waitFor();
    const qr = page.getByTestId('two-factor-scan').locator('img[src^="data:image/svg+xml"]');
    expect(await qr.count()).toBe(1);
    totpSecret = (await page.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
    expect(totpSecret.length).toBeGreaterThan(10);
    enrolmentCode = totp(totpSecret);
    await page.getByTestId('two-factor-scan').locator('input[name="code"]').fill(enrolmentCode);
    await page.getByRole('button', { name: 'Verificar e ativar' }).click();
    await page.getByTestId('backup-codes').waitFor();
    backupCodes = (await page.getByTestId('backup-codes').locator('li').allTextContents()).map((code) =>
      code.trim(),
    );
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    await page.getByRole('button', { name: 'Concluir' }).click();
    await page.getByTestId('two-factor-status').filter({ hasText: 'Ativada' }).waitFor();
  });

  it('signs out, and signing back in asks for the code and returns where the user was', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await toast(page, 'Logout realizado');
    await page.waitForURL('**/auth/login');
    await page.goto(`${app.url}/dashboard/help`);
    await page.waitForURL('**/auth/login');
    await signInForm(page, password);
    await page.getByTestId('two-factor-step').waitFor();
    // A code signs in once: within the enrolment's period, the authenticator's next code.
    const code = totp(totpSecret) === enrolmentCode ? totp(totpSecret, 1) : totp(totpSecret);
    await page.locator('input[name="code"]').fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await toast(page, 'Login realizado com sucesso!');
    await page.waitForURL('**/dashboard/help');
    await page.getByRole('heading', { name: 'Central de Ajuda' }).waitFor();
  });

  it('helps from the help center: FAQ search, its contact fallback, and the five feature cards', async () => {
    await page.getByTestId('faq-search').fill('zzzz-nada-xyz');
    await page.getByTestId('faq-empty').getByRole('button').click();
    expect(await page.getByTestId('help-contact').textContent()).toContain('suporte@cena.test');
    await page.getByRole('tab', { name: 'Recursos' }).click();
    expect(await page.getByTestId('help-features').locator('li').count()).toBe(5);
  });

  it('sends an authenticated visitor of /auth/login to the dashboard', async () => {
    await page.goto(`${app.url}/auth/login`);
    await page.waitForURL('**/dashboard');
  });

  it('signs out of all devices, which signs out the other browser too', async () => {
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await other.setViewportSize({ width: 375, height: 812 });
    await other.goto(`${app.url}/auth/login`);
    await signInForm(other, password);
    await other.getByTestId('two-factor-step').waitFor();
    await other.getByRole('button', { name: 'Usar um código de backup' }).click();
    await other.locator('input[name="code"]').fill(backupCodes[0] ?? '');
    await other.getByRole('button', { name: 'Verificar' }).click();
    await other.waitForURL('**/dashboard');
    await other.getByTestId('greeting').waitFor();

    await page.goto(`${app.url}/dashboard/profile`);
    await page.getByRole('button', { name: 'Sair de todos os dispositivos' }).click();
    await page.getByRole('button', { name: 'Sair de todos' }).click();
    await toast(page, 'Desconectado de todos os dispositivos');
    await page.waitForURL('**/auth/login');

    await other.reload();
    await other.waitForURL('**/auth/login', { timeout: 10_000 });
    await otherContext.close();
  });

  it('resets a forgotten password through the e-mail link', async () => {
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await (dialog.type() === 'prompt' ? dialog.accept(email) : dialog.accept());
    });
    await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    await expect.poll(() => dialogs).toContain('Verifique seu email');
    await page.goto(await mailLink(/reset-password/));
    await page.waitForURL('**/auth/reset-password?token=*');
    await page.locator('input[name="new-password"]').fill('outra-senha-33');
    await page.locator('input[name="confirm-password"]').fill('outra-senha-34');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.getByText('As senhas não coincidem').waitFor();
    await page.locator('input[name="confirm-password"]').fill('outra-senha-33');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await toast(page, 'Senha redefinida!');
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/reset-password'));
  });
});
