import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { CREDIT_PACKAGES, INVITE_INVITEE_CREDITS } from '#shared/catalogue';
import { formatBRL } from '#shared/format';
import { mailsTo, signUpAndVerify } from '../support/accounts';
import { apiBalance, describeBrowser } from '../support/browser';
import { creatorBrowser } from '../support/creator-browser';

/**
 * Issue items 4, 5, 6 and 8 on a 375 px phone, in local mode: an invite link's sign-up names the friend and the
 * bonus and sells the free first video; a package bought by Pix (picked on the buy-credits page) and withdrawn sends
 * exactly one confirmation e-mail to the dev mailbox, even when "Desistir" is asked again; a Starter month paid by
 * Pix says on the dashboard and the profile that it does not renew by itself and until when, and the /pricing tab
 * that started it follows the payment live.
 */

const PHONE = { width: 375, height: 740 };
const MEDIUM = CREDIT_PACKAGES.find((pkg) => pkg.id === 'medium');
if (!MEDIUM) throw new Error('the catalogue has no medium package');

const postJson = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([url, json]) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    [path, body] as const,
  );

describeBrowser('the gift, the confirmations and the Pix plan, at 375 px', () => {
  const creator = creatorBrowser('cena-gift-');

  it('an invite link names the inviter and the bonus, and the sign-up names the free video as a gift', async () => {
    const { app } = creator;
    const inviter = await signUpAndVerify(app.url, { name: 'Mariana Souza' });
    const { body } = await inviter.client.json<{ url: string }>('/api/invites');
    const { page, context, errors } = await creator.signIn({
      name: 'Outra Pessoa',
      credits: 1,
      viewport: PHONE,
    });
    // Leave the dashboard before signing out, or its reads in flight answer 401 (the invitee opens the link signed out).
    await page.goto('about:blank');
    await context.clearCookies();
    await page.goto(body.url);
    await page.waitForURL(/\/auth\/login\?tab=signup&convite=/);
    await expect
      .poll(() => page.getByTestId('login-title').textContent(), { timeout: 10_000 })
      .toBe('Mariana convidou você para a Cena');
    const description = (await page.getByTestId('login-description').textContent()) ?? '';
    expect(description).toContain(`mais ${INVITE_INVITEE_CREDITS} créditos de bônus`);
    expect(description).not.toContain('Souza');
    expect(await page.getByTestId('sign-up-gift').textContent()).toContain('Seu primeiro vídeo é presente');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('buys a package by Pix and withdraws it: exactly one confirmation e-mail, also when asked again', async () => {
    const { app } = creator;
    const { context, email, errors, page } = await creator.signIn({
      name: 'Nina Pix',
      credits: 1,
      viewport: PHONE,
    });
    await page.goto(`${app.url}/dashboard/buy-credits`);
    await page.getByTestId('package-method-pix').check();
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('buy-medium').click(),
    ]);
    await checkout.waitForURL(/\/dev\/checkout\//, { timeout: 10_000 });
    await checkout.getByRole('button', { name: 'Pagar com Pix' }).click();
    await checkout.waitForURL(/\/dashboard\/payment-success\?session_id=/);
    await expect.poll(() => apiBalance(page), { timeout: 15_000 }).toBe(MEDIUM.credits + 1);
    const sessionId = new URL(checkout.url()).searchParams.get('session_id') ?? '';

    await checkout.goto(`${app.url}/dashboard/profile`);
    const line = checkout.locator('[data-testid="transaction"][data-type="payment"]').first();
    await line.getByTestId('withdraw-purchase').click();
    await checkout.getByTestId('withdrawal-dialog').getByTestId('confirm-withdrawal').click();
    // The answer's toast: the withdrawal has ended. The balance drops before, as its claim takes the credits back
    // while the refund is still being asked, and a retry then would only join that claim (ADR 0053).
    await checkout
      .getByText(/^Reembolso de R\$\s[\d.,]+ (feito|solicitado)\./)
      .first()
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => apiBalance(checkout), { timeout: 15_000 }).toBe(1);
    // Asked again (a retry): refused as already refunded, and no second e-mail.
    expect((await postJson(checkout, '/api/billing/withdrawal', { sessionId })).status).toBe(409);

    const confirmations = async () =>
      (await mailsTo(app.url, email)).filter((mail) => mail.subject.startsWith('Sua desistência'));
    await expect.poll(async () => (await confirmations()).length, { timeout: 10_000 }).toBe(1);
    // One confirmation recorded for the withdrawal and marked as mailed: the sweep has nothing left to send again,
    // so the one e-mail seen is the only one there will be.
    const recorded = await app.cena.pool.query<{ emailed: boolean }>(
      `SELECT emailed_at IS NOT NULL AS emailed FROM withdrawal_confirmations
        WHERE user_id = (SELECT id FROM "user" WHERE email = $1)`,
      [email],
    );
    expect(recorded.rows).toEqual([{ emailed: true }]);
    const [mail, ...more] = await confirmations();
    expect(more).toEqual([]);
    expect(mail?.text).toContain(`reembolso integral de ${formatBRL(MEDIUM.priceCents)}`);
    expect(mail?.text).toContain('volta por Pix');
    // The history's refund row reads as a person would write it.
    const refund = checkout.locator('[data-testid="transaction"]').filter({ hasText: 'Reembolso do pacote' });
    await expect.poll(() => refund.count(), { timeout: 10_000 }).toBe(1);
    expect(await refund.textContent()).toContain(`\u2212${formatBRL(MEDIUM.priceCents)}`);
    expect(await refund.textContent()).toContain('Estorno');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a Starter month by Pix says it does not renew by itself, until when; the /pricing tab follows', async () => {
    const { app } = creator;
    const { context, errors, page } = await creator.signIn({ name: 'Rui Pix', credits: 1, viewport: PHONE });
    await page.goto(`${app.url}/pricing`);
    const starter = page.getByTestId('plan-button-starter');
    await expect.poll(() => starter.textContent(), { timeout: 10_000 }).toBe('Assinar Starter');

    const started = await postJson(page, '/api/billing/checkout', {
      planId: 'starter',
      billingPeriod: 'monthly',
      paymentMethod: 'pix',
    });
    expect(started.status).toBe(200);
    const pay = await context.newPage();
    await pay.setViewportSize(PHONE);
    await pay.goto(String(started.body.url));
    await pay.getByRole('button', { name: 'Pagar' }).click();
    await pay.waitForURL(/\/dashboard/);
    // The tab that started it is no longer stale.
    await expect.poll(() => starter.textContent(), { timeout: 15_000 }).not.toBe('Assinar Starter');

    await expect
      .poll(() => pay.getByTestId('plan-prepaid-until').textContent(), { timeout: 15_000 })
      .toMatch(/^Pago por Pix até \d{2}\/\d{2}\/\d{4} · não renova sozinho$/);
    await pay.goto(`${app.url}/dashboard/profile`);
    await expect
      .poll(() => pay.getByTestId('subscription-no-auto-renewal').textContent(), { timeout: 10_000 })
      .toMatch(/^Não renova sozinho: nada é cobrado sem você\. Em \d{2}\/\d{2}\/\d{4} o plano termina/);
    // Day one: "Renovar por Pix" is offered, not the card's main button.
    expect(await pay.getByTestId('renew-by-pix').getAttribute('class')).not.toContain('bg-primary');
    expect(await pay.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
