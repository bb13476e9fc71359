import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { LocalPaymentProvider } from '#server/payment-providers/local-checkout.server';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import type { SessionClient } from '#tests/support/session-client';

/** The billing contract (docs/billing-contract.md), local mode, through the HTTP API and the local checkout's own forms. */

let app: TestApp;
let pool: pg.Pool;
beforeAll(async () => {
  app = await startTestApp();
  pool = testPool({ connectionString: app.databaseUrl, max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await app?.stop();
});

interface Grant {
  amount: number;
  remaining: number;
  source: string;
  planType: string;
  expiresAt: string | null;
}
interface SubscriptionBody {
  subscription: null | {
    id: string;
    planId: string;
    planName: string;
    billingPeriod: string;
    status: string;
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
  };
}

const credits = (client: SessionClient) =>
  client.json<{ balance: number; grants: Grant[] }>('/api/credits').then((r) => r.body);

const postForm = (client: SessionClient, path: string, fields: Record<string, string> = {}) =>
  client.fetch(path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('billing, local test checkout', () => {
  it('buys a package, subscribes, upgrades, renews and cancels, each payment granted exactly once', async () => {
    const { client } = await signUpAndVerify(app.url);

    // A package: the checkout page says what is bought, in test mode.
    const checkout = await client.json<{ url: string }>('/api/billing/credit-checkout', {
      json: { packageType: 'small' },
    });
    expect(checkout.status).toBe(200);
    const url = new URL(checkout.body.url);
    expect(url.pathname).toMatch(/^\/dev\/checkout\/cs_local_/);
    const pageHtml = await (await client.fetch(url.pathname)).text();
    expect(pageHtml).toContain('Modo de teste — nenhum pagamento real');
    expect(pageHtml).toContain('100 créditos');
    expect(pageHtml).toMatch(/R\$\s*109,90/);

    // A cross-site POST cannot pay.
    const forged = await client.fetch(`${url.pathname}/pay`, {
      method: 'POST',
      headers: { origin: 'https://evil.test' },
    });
    expect(forged.status).toBe(403);
    expect((await credits(client)).balance).toBe(0);

    // Double click on "Pagar", then the success page's verify twice: one grant.
    const [paid, again] = await Promise.all([
      postForm(client, `${url.pathname}/pay`),
      postForm(client, `${url.pathname}/pay`),
    ]);
    expect(paid.status).toBe(303);
    expect(again.status).toBe(303);
    const sessionId = url.pathname.split('/').pop() ?? '';
    expect(paid.headers.get('location')).toBe(`/dashboard/payment-success?session_id=${sessionId}`);
    const verifications = await Promise.all(
      [1, 2].map(() => client.json('/api/billing/verify', { json: { sessionId } })),
    );
    for (const verified of verifications) {
      expect(verified.body).toEqual({
        success: true,
        message: 'Pagamento confirmado!',
        credits: 100,
        packageType: 'small',
      });
    }
    expect((await credits(client)).balance).toBe(100);
    const history = await client.json<{ transactions: { type: string; amount: number }[] }>(
      '/api/billing/transactions',
    );
    expect(history.body.transactions.map((t) => [t.type, t.amount])).toEqual([
      ['payment', 10990],
      ['credit', 100],
    ]);

    // Starter monthly: 100 credits expiring at the period end.
    expect((await client.json<SubscriptionBody>('/api/billing/subscription')).body.subscription).toBeNull();
    const plan = await client.json<{ url: string }>('/api/billing/checkout', {
      json: { planId: 'starter', billingPeriod: 'monthly' },
    });
    const planPath = new URL(plan.body.url).pathname;
    const subscribed = await postForm(client, `${planPath}/pay`);
    expect(subscribed.headers.get('location')).toBe('/dashboard?success=true');
    const { subscription } = (await client.json<SubscriptionBody>('/api/billing/subscription')).body;
    expect(subscription).toMatchObject({
      planId: 'starter',
      planName: 'Starter',
      billingPeriod: 'monthly',
      status: 'active',
    });
    if (!subscription) throw new Error('no subscription');
    let state = await credits(client);
    expect(state.balance).toBe(200);
    const planGrant = state.grants.find((grant) => grant.source === 'plan');
    expect(planGrant).toMatchObject({
      amount: 100,
      planType: 'starter',
      expiresAt: subscription.currentPeriodEnd,
    });

    // A second plan checkout is refused: the web opens the portal instead.
    const twice = await client.json<{ error: { code: string } }>('/api/billing/checkout', {
      json: { planId: 'pro', billingPeriod: 'monthly' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('subscription_exists');

    // The portal: upgrade to Creator (double-clicked) grants exactly the difference, 250.
    expect((await client.json<{ url: string }>('/api/billing/portal', { method: 'POST' })).body.url).toBe(
      `${app.url}/dev/portal`,
    );
    expect(await (await client.fetch('/dev/portal')).text()).toContain('Starter');
    const upgrade = { subscriptionId: subscription.id, expectedPlanId: 'starter', planId: 'creator' };
    await Promise.all([
      postForm(client, '/dev/portal/change-plan', upgrade),
      postForm(client, '/dev/portal/change-plan', upgrade),
    ]);
    state = await credits(client);
    expect(state.balance).toBe(450);
    const upgraded = (await client.json<SubscriptionBody>('/api/billing/subscription')).body.subscription;
    expect(upgraded?.planId).toBe('creator');
    expect(
      state.grants.filter((g) => g.source === 'plan').map((g) => [g.amount, g.expiresAt]),
    ).toContainEqual([250, subscription.currentPeriodEnd]);

    // Renew (double-clicked): the next period's Creator credits, once.
    const renew = { subscriptionId: subscription.id, periodEnd: subscription.currentPeriodEnd };
    await Promise.all([
      postForm(client, '/dev/portal/advance', renew),
      postForm(client, '/dev/portal/advance', renew),
    ]);
    state = await credits(client);
    expect(state.balance).toBe(800);
    const renewed = (await client.json<SubscriptionBody>('/api/billing/subscription')).body.subscription;
    expect(new Date(renewed?.currentPeriodEnd ?? 0).getTime()).toBeGreaterThan(
      new Date(subscription.currentPeriodEnd).getTime(),
    );
    expect(state.grants.find((g) => g.amount === 350 && g.source === 'plan')?.expiresAt).toBe(
      renewed?.currentPeriodEnd,
    );

    // A NUL in a form field is refused like one in a JSON body (PostgreSQL cannot store it): 400, nothing changed.
    for (const path of ['/dev/portal/cancel', '/dev/portal/change-plan', '/dev/portal/advance']) {
      const nul = await postForm(client, path, { subscriptionId: '\u0000', planId: 'a\u0000' });
      expect(nul.status).toBe(400);
      expect(await nul.json()).toMatchObject({
        error: { code: 'invalid_characters', message: 'O texto enviado contém um caractere inválido.' },
      });
    }
    expect(
      (await client.json<SubscriptionBody>('/api/billing/subscription')).body.subscription,
    ).toMatchObject({
      cancelAtPeriodEnd: false,
    });

    // Cancel at period end.
    expect((await postForm(client, '/dev/portal/cancel', { subscriptionId: subscription.id })).status).toBe(
      303,
    );
    const canceled = (await client.json<SubscriptionBody>('/api/billing/subscription')).body.subscription;
    expect(canceled).toMatchObject({ planId: 'creator', status: 'active', cancelAtPeriodEnd: true });

    // Reconcile finds nothing missing; check-subscription answers the stored state.
    const reconciled = await client.json<{ fulfilled: number }>('/api/billing/reconcile', { method: 'POST' });
    expect(reconciled.body.fulfilled).toBe(0);
    // Pressed again at once: refused without reaching the provider, and told when to retry.
    const throttled = await client.fetch('/api/billing/reconcile', { method: 'POST' });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('10');
    expect(await throttled.json()).toMatchObject({
      error: {
        code: 'reconcile_throttled',
        message: 'Aguarde alguns segundos antes de reconciliar de novo.',
      },
    });
    const checked = await client.json<SubscriptionBody>('/api/billing/check-subscription', {
      method: 'POST',
    });
    expect(checked.body.subscription?.cancelAtPeriodEnd).toBe(true);
    expect((await credits(client)).balance).toBe(800);

    const transactions = await client.json<{ transactions: { type: string; amount: number }[] }>(
      '/api/billing/transactions',
    );
    expect(transactions.body.transactions).toHaveLength(8);
    expect(
      transactions.body.transactions
        .filter((t) => t.type === 'credit')
        .map((t) => t.amount)
        .sort(),
    ).toEqual([100, 100, 250, 350]);
    expect(await audit(pool)).toEqual([]);
  });

  it('an upgrade on the last day of the period grants credits prorated like its price (clock moved)', async () => {
    const { client } = await signUpAndVerify(app.url);
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    const plan = await client.json<{ url: string }>('/api/billing/checkout', {
      json: { planId: 'starter', billingPeriod: 'monthly' },
    });
    await postForm(client, `${new URL(plan.body.url).pathname}/pay`);
    const { subscription } = (await client.json<SubscriptionBody>('/api/billing/subscription')).body;
    if (!subscription) throw new Error('no subscription');

    // Twelve hours before the end, Starter → Studio: the portal's own action, on a clock moved to that day.
    const end = new Date(subscription.currentPeriodEnd);
    const start = await pool.query<{ start: Date }>(
      'SELECT current_period_start AS start FROM subscriptions WHERE id = $1',
      [subscription.id],
    );
    const periodMs = end.getTime() - (start.rows[0]?.start.getTime() ?? 0);
    const at = new Date(end.getTime() - 12 * 3_600_000);
    const provider = new LocalPaymentProvider(pool, app.url, 'test');
    expect(await provider.changePlan(userId, subscription.id, 'starter', 'studio', at)).toEqual({ ok: true });

    // Studio − Starter: R$ 1.000,00 and 1 400 credits a month; both for the same share of the period.
    const share = (12 * 3_600_000) / periodMs;
    const rows = await pool.query<{ type: string; amount: number }>(
      `SELECT type, amount FROM transactions WHERE user_id = $1 AND provider_ref LIKE 'in_local_sub_local_%'
       ORDER BY type DESC`,
      [userId],
    );
    expect(rows.rows).toEqual([
      { type: 'payment', amount: Math.round(100000 * share) },
      { type: 'credit', amount: Math.round(1400 * share) },
    ]);
    expect((await credits(client)).balance).toBe(100 + Math.round(1400 * share));
    expect(await audit(pool, userId)).toEqual([]);
  });

  it("does not show or pay another user's checkout", async () => {
    const { client: owner } = await signUpAndVerify(app.url);
    const { client: other } = await signUpAndVerify(app.url);
    const { body } = await owner.json<{ url: string }>('/api/billing/credit-checkout', {
      json: { packageType: 'large' },
    });
    const path = new URL(body.url).pathname;
    expect((await other.fetch(path)).status).toBe(404);
    expect((await postForm(other, `${path}/pay`)).status).toBe(400);
    const verify = await other.json<{ success: boolean }>('/api/billing/verify', {
      json: { sessionId: path.split('/').pop() },
    });
    expect(verify.body.success).toBe(false);
    expect((await credits(other)).balance).toBe(0);
    // Unpaid: the owner's verify says so.
    const pending = await owner.json<{ success: boolean; message: string }>('/api/billing/verify', {
      json: { sessionId: path.split('/').pop() },
    });
    expect(pending.body.success).toBe(false);
  });

  it('pushes the new subscription over /api/events when a plan is paid', async () => {
    const { client } = await signUpAndVerify(app.url);
    const response = await client.fetch('/api/events');
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    const decoder = new TextDecoder();
    let text = '';
    const waitFor = async (pattern: RegExp) => {
      const deadline = Date.now() + 5_000;
      while (!pattern.test(text)) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} in ${text}`);
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value, { stream: true });
      }
    };
    await waitFor(/event: ready/);
    const { body } = await client.json<{ url: string }>('/api/billing/checkout', {
      json: { planId: 'studio', billingPeriod: 'yearly' },
    });
    await postForm(client, `${new URL(body.url).pathname}/pay`);
    await waitFor(/event: subscription\ndata: \{"subscription":\{[^\n]*"planId":"studio"/);
    await waitFor(/event: credits\ndata: \{"balance":18000\}/);
    await reader.cancel();
  });
});
