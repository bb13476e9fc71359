import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import type { SessionClient } from '#tests/support/session-client';

/** A plan by boleto in local mode (ADR 0043): the boleto waits, no plan and no credits, until "Pagar boleto". */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const balanceOf = async (client: SessionClient) =>
  (await client.json<{ balance: number }>('/api/credits')).body.balance;
const planOf = async (client: SessionClient) =>
  (await client.json<{ subscription: { planId: string } | null }>('/api/billing/subscription')).body
    .subscription;
const postForm = (client: SessionClient, path: string) =>
  client.fetch(path, {
    method: 'POST',
    body: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('a plan by boleto, local test checkout', () => {
  it('waits unpaid as long as the tester likes, then grants the period once', async () => {
    const { client } = await signUpAndVerify(app.url);
    const before = await balanceOf(client);
    const checkout = await client.json<{ url: string }>('/api/billing/checkout', {
      json: { planId: 'starter', billingPeriod: 'monthly', paymentMethod: 'boleto' },
    });
    expect(checkout.status).toBe(200);
    const { pathname } = new URL(checkout.body.url);
    const html = await (await client.fetch(pathname)).text();
    expect(html).toContain('Boleto gerado');
    expect(html).toContain('Pagar boleto');
    expect(html).toContain('Deixar o boleto vencer');
    expect(await planOf(client)).toBeNull();
    expect(await balanceOf(client)).toBe(before);

    const answers = await Promise.all([
      postForm(client, `${pathname}/pay`),
      postForm(client, `${pathname}/pay`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect(await planOf(client)).toMatchObject({ planId: 'starter' });
    expect(await balanceOf(client)).toBe(before + 100);
  });

  it('grants nothing for a boleto left to expire', async () => {
    const { client } = await signUpAndVerify(app.url);
    const before = await balanceOf(client);
    const checkout = await client.json<{ url: string }>('/api/billing/checkout', {
      json: { planId: 'starter', billingPeriod: 'monthly', paymentMethod: 'boleto' },
    });
    const { pathname } = new URL(checkout.body.url);
    expect((await postForm(client, `${pathname}/cancel`)).status).toBe(303);
    expect((await postForm(client, `${pathname}/pay`)).status).toBe(400);
    expect(await planOf(client)).toBeNull();
    expect(await balanceOf(client)).toBe(before);
  });
});
