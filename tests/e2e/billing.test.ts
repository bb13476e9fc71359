import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpAndVerify } from '../support/accounts';
import type { TestApp } from '../support/app';
import {
  describeBrowser,
  startBrowserApp,
  stopBrowserApp,
  waitForApp,
  waitForText,
} from '../support/browser';

/**
 * The billing contract (docs/billing-contract.md), as a new user lives it in local mode (the local test checkout, no Stripe): buy a package in
 * a new tab and see the balance rise live and the payment listed; subscribe to Starter monthly (100 credits expiring
 * at the period end, plan badge); upgrade to Creator in the portal (exactly +250); cancel at the period end.
 * The steps run in order and share one account.
 */

let app: TestApp;
let browser: Browser;
let storageDir = '';
let context: BrowserContext;
let page: Page;
let email = '';
let password = '';

interface CreditsAnswer {
  balance: number;
  grants: { amount: number; source: string; expiresAt: string | null }[];
}
interface SubscriptionAnswer {
  subscription: {
    planId: string;
    billingPeriod: string;
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
  } | null;
}

const apiGet = <T>(path: string): Promise<T> =>
  page.evaluate(async (url) => (await fetch(url, { credentials: 'same-origin' })).json(), path) as Promise<T>;

const balance = async () => (await apiGet<CreditsAnswer>('/api/credits')).balance;

/** Clicks something that opens the payment page in a new tab; returns that tab once it shows `urlPattern`. */
async function inNewTab(click: () => Promise<void>, urlPattern: RegExp): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForURL(urlPattern, { timeout: 10_000 });
  return tab;
}

describeBrowser('billing in a browser (local test checkout)', () => {
  beforeAll(async () => {
    ({ app, browser, storageDir } = await startBrowserApp('cena-billing-e2e-'));
    ({ email, password } = await signUpAndVerify(app.url, { name: 'Bia Lima' }));
    context = await browser.newContext();
    page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);
  afterAll(() => stopBrowserApp({ app, browser, storageDir }));

  it('signs in and shows the Free plan', async () => {
    await page.goto(`${app.url}/auth/login`);
    await waitForApp(page);
    await page.getByLabel('E-mail').first().fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).last().click();
    await page.waitForURL('**/dashboard');
    await expect
      .poll(() => page.getByTestId('plan-name').textContent(), { timeout: 10_000 })
      .toBe('Plano Free');
    await expect.poll(() => page.getByTestId('balance-value').textContent()).toBe('0');
  });

  it('buys a credit package in a new tab; the balance rises live and the payment is listed', async () => {
    await page.goto(`${app.url}/dashboard/buy-credits`);
    await expect
      .poll(() => page.getByTestId('buy-credits-balance-value').getAttribute('data-value'))
      .toBe('0');
    // The four packages with their figures.
    for (const id of ['small', 'medium', 'large', 'xlarge'])
      await page.getByTestId(`package-${id}`).waitFor();
    expect(await page.getByTestId('package-small').textContent()).toContain('R$ 109,90');
    expect(await page.getByTestId('package-small').textContent()).toContain('R$ 1,10 por crédito');
    expect(await page.getByTestId('package-medium').textContent()).toContain('Mais popular');

    const checkout = await inNewTab(() => page.getByTestId('buy-small').click(), /\/dev\/checkout\//);
    await checkout.getByText('Modo de teste', { exact: false }).first().waitFor();
    await checkout.getByRole('button', { name: 'Pagar' }).click();
    await checkout.waitForURL(/\/dashboard\/payment-success\?session_id=/);
    await expect
      .poll(() => checkout.getByTestId('payment-state').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('success');
    await waitForText(checkout, 'Pagamento confirmado!');
    await checkout.getByText('100 créditos foram adicionados à sua conta.').first().waitFor();
    await checkout.close();

    // The first tab learns it over the SSE stream, without a reload.
    await expect
      .poll(() => page.getByTestId('buy-credits-balance-value').getAttribute('data-value'), {
        timeout: 10_000,
      })
      .toBe('100');

    await page.goto(`${app.url}/dashboard/profile`);
    const history = page.getByTestId('payment-history');
    await expect
      .poll(() => history.getByTestId('transaction').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const text = await history.textContent();
    expect(text).toContain('R$ 109,90');
    expect(text).toContain('+100 créditos');
  });

  it('shows the missing-session error on the payment page', async () => {
    await page.goto(`${app.url}/dashboard/payment-success`);
    await expect
      .poll(() => page.getByTestId('payment-error').textContent())
      .toBe('ID da sessão não encontrado. Verifique se o pagamento foi processado corretamente.');
  });

  it('subscribes to Starter monthly: 100 credits expiring at the period end and the plan badge', async () => {
    await page.goto(`${app.url}/pricing`);
    await waitForApp(page);
    const starter = page.getByTestId('plan-button-starter');
    await expect.poll(() => starter.textContent()).toBe('Assinar Starter');
    const checkout = await inNewTab(() => starter.click(), /\/dev\/checkout\//);
    await checkout.getByRole('button', { name: 'Pagar' }).click();
    await checkout.waitForURL(/\/dashboard(\?|$)/);
    await waitForText(checkout, 'Assinatura ativada');
    await expect.poll(() => checkout.url()).not.toContain('success=true');
    await expect
      .poll(() => checkout.getByTestId('plan-name').textContent(), { timeout: 10_000 })
      .toBe('Plano Starter');
    expect(await checkout.getByTestId('plan-badge').first().textContent()).toBe('Plano Starter');
    await checkout.close();

    const { subscription } = await apiGet<SubscriptionAnswer>('/api/billing/subscription');
    expect(subscription?.planId).toBe('starter');
    expect(subscription?.billingPeriod).toBe('monthly');
    const credits = await apiGet<CreditsAnswer>('/api/credits');
    expect(credits.balance).toBe(200);
    const planGrant = credits.grants.find((grant) => grant.source === 'plan' && grant.amount === 100);
    expect(planGrant?.expiresAt).toBeTruthy();
    expect(new Date(planGrant?.expiresAt ?? 0).getTime()).toBe(
      new Date(subscription?.currentPeriodEnd ?? 1).getTime(),
    );

    // Back on the pricing page (still open here): the current plan and the change buttons.
    await page.reload();
    await waitForApp(page);
    await expect.poll(() => starter.textContent(), { timeout: 10_000 }).toBe('Plano Atual');
    expect(await starter.isDisabled()).toBe(true);
    expect(await page.getByTestId('plan-button-creator').textContent()).toBe('Alterar Plano');
  });

  it("shows 'Painel' and the balance on the public pages' header, not 'Entrar' or the sign-in hint", async () => {
    await page.goto(`${app.url}/pricing`);
    await waitForApp(page);
    const dashboard = page.getByRole('link', { name: 'Painel' });
    await expect.poll(() => dashboard.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('link', { name: 'Entrar' }).count()).toBe(0);
    expect(await page.getByRole('banner').innerText()).toContain('200 créditos');
    expect(
      await page.getByText('A compra de pacotes é feita na sua conta, depois do login.').isVisible(),
    ).toBe(false);
    expect(await page.getByText('Seu saldo atual: 200 créditos.').isVisible()).toBe(true);
    await dashboard.click();
    await page.waitForURL('**/dashboard');
  });

  it('upgrades to Creator in the portal and receives exactly the difference', async () => {
    expect(await balance()).toBe(200);
    await page.goto(`${app.url}/dashboard/profile`);
    const card = page.getByTestId('profile-subscription');
    await expect.poll(() => card.getByTestId('subscription-plan').textContent()).toBe('Starter');
    expect(await card.getByTestId('subscription-renewal').textContent()).toMatch(/^Renova /);

    const portal = await inNewTab(() => card.getByTestId('open-portal').click(), /\/dev\/portal/);
    await portal.getByRole('button', { name: /Fazer upgrade para Creator/ }).click();
    await portal.waitForURL(/\/dev\/portal$/);
    // Live in the first tab: the upgrade's credits and the new plan.
    await expect.poll(balance, { timeout: 10_000 }).toBe(450);
    await expect
      .poll(() => card.getByTestId('subscription-plan').textContent(), { timeout: 10_000 })
      .toBe('Creator');

    await portal.getByRole('link', { name: 'Voltar para a Cena' }).click();
    await portal.waitForURL(/\/dashboard/);
    await waitForText(portal, 'Créditos do upgrade aplicados.');
    await expect.poll(() => portal.url()).not.toContain('portal=1');
    await portal.close();
    // Reconcile after the portal changed nothing more: exactly +250.
    expect(await balance()).toBe(450);
    const credits = await apiGet<CreditsAnswer>('/api/credits');
    expect(credits.grants.filter((grant) => grant.amount === 250)).toHaveLength(1);
  });

  it('cancels at the period end from the portal', async () => {
    const card = page.getByTestId('profile-subscription');
    const portal = await inNewTab(() => card.getByTestId('open-portal').click(), /\/dev\/portal/);
    await portal.getByRole('button', { name: 'Cancelar no fim do período' }).click();
    await portal.getByRole('button', { name: 'Manter assinatura' }).waitFor();
    await portal.close();

    await expect
      .poll(() => card.getByTestId('subscription-cancel-at-period-end').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await card.getByTestId('subscription-cancel-at-period-end').textContent()).toBe(
      'Cancela no fim do período',
    );
    expect(await card.getByTestId('subscription-renewal').textContent()).toMatch(/^Termina /);
    const { subscription } = await apiGet<SubscriptionAnswer>('/api/billing/subscription');
    expect(subscription?.cancelAtPeriodEnd).toBe(true);
    expect(subscription?.planId).toBe('creator');
  });
});
