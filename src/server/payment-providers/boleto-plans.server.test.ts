import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import type { SubscriptionResponse } from '#shared/billing';
import { signUpAndVerify } from '#tests/support/accounts';
import type { FakeStripeEvent } from '#tests/support/fake-stripe';
import type { FakeStripeWithBoleto } from '#tests/support/fake-stripe-boleto';
import type { SessionClient } from '#tests/support/session-client';
import { type StripeTestBed, startStripeTestBed } from '#tests/support/stripe-app';

/**
 * A plan paid by boleto (ADR 0043) in Stripe mode, against the fake's send_invoice subscriptions: the plan and
 * its credits start when the invoice is paid, once however often Stripe reports it, and an invoice left unpaid
 * ends the plan.
 */

let bed: StripeTestBed;
let fake: FakeStripeWithBoleto;
let pool: pg.Pool;
beforeAll(async () => {
  bed = await startStripeTestBed();
  ({ fake, pool } = bed);
});
afterAll(async () => {
  await bed?.stop();
});

async function deliver(...events: FakeStripeEvent[]): Promise<void> {
  for (const event of events) expect((await bed.deliver(event)).status, event.type).toBe(200);
}

const checkout = (client: SessionClient, paymentMethod: string) =>
  client.json<{ url?: string; error?: { code: string; message: string } }>('/api/billing/checkout', {
    json: { planId: 'starter', billingPeriod: 'monthly', paymentMethod },
  });

async function subscriber(): Promise<{ client: SessionClient; userId: string; subscriptionId: string }> {
  const { client } = await signUpAndVerify(bed.app.url);
  const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
  const answers = await Promise.all([checkout(client, 'boleto'), checkout(client, 'boleto')]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  const customer = (
    await pool.query('SELECT stripe_customer_id FROM billing_customers WHERE user_id = $1', [userId])
  ).rows[0]?.stripe_customer_id;
  const subscriptions = [...fake.subscriptions.values()].filter((s) => s.customer === customer);
  // A double click makes one subscription and one boleto (the idempotency key).
  expect(subscriptions).toHaveLength(1);
  const subscriptionId = subscriptions[0]?.id ?? '';
  expect(answers[0]?.body.url).toBe(fake.latestInvoice(subscriptionId).hosted_invoice_url);
  expect(fake.subscriptions.get(subscriptionId)).toMatchObject({
    collection_method: 'send_invoice',
    days_until_due: 3,
    payment_settings: { payment_method_types: ['boleto'] },
  });
  await deliver(...fake.takeApiEvents());
  return { client, userId, subscriptionId };
}

const planCredits = async (userId: string) =>
  (
    await pool.query<{ amount: number }>(
      `SELECT amount FROM credit_grants WHERE user_id = $1 AND source = 'plan' ORDER BY created_at`,
      [userId],
    )
  ).rows.map((row) => row.amount);

const currentPlan = async (client: SessionClient) =>
  (await client.json<SubscriptionResponse>('/api/billing/subscription')).body.subscription;

describe('a plan paid by boleto', () => {
  it('grants nothing until its invoice is paid, then the period once however often Stripe says so', async () => {
    const { client, userId, subscriptionId } = await subscriber();
    expect(await planCredits(userId)).toEqual([]);
    expect(await currentPlan(client)).toBeNull();
    expect((await client.json('/api/billing/reconcile', { json: {} })).body).toMatchObject({ fulfilled: 0 });
    expect(await planCredits(userId)).toEqual([]);

    const paid = fake.payBoletoInvoice(fake.latestInvoice(subscriptionId).id);
    await Promise.all([deliver(...paid), deliver(...paid)]);
    await deliver(...paid.reverse());
    expect(await planCredits(userId)).toEqual([100]);
    expect(await currentPlan(client)).toMatchObject({ planId: 'starter', status: 'active' });
    const payments = await pool.query<{ amount: number }>(
      `SELECT amount FROM transactions WHERE user_id = $1 AND type = 'payment'`,
      [userId],
    );
    expect(payments.rows).toEqual([{ amount: 9990 }]);
    expect(await audit(pool, userId)).toEqual([]);

    // The next period's boleto: the plan carries on until it is due, its credits wait for the payment.
    await deliver(...fake.renewBoleto(subscriptionId));
    expect(await planCredits(userId)).toEqual([100]);
    expect(await currentPlan(client)).toMatchObject({ status: 'active' });
    const renewal = fake.payBoletoInvoice(fake.latestInvoice(subscriptionId).id);
    await deliver(...renewal, ...renewal);
    expect(await planCredits(userId)).toEqual([100, 100]);
  });

  it('ends the plan when a boleto is left unpaid, granting nothing for it', async () => {
    const { client, userId, subscriptionId } = await subscriber();
    await deliver(...fake.payBoletoInvoice(fake.latestInvoice(subscriptionId).id));
    await deliver(...fake.renewBoleto(subscriptionId));
    await deliver(...fake.boletoOverdue(fake.latestInvoice(subscriptionId).id, 'past_due'));
    expect(await currentPlan(client)).toBeNull();
    expect(await planCredits(userId)).toEqual([100]);

    const unpaidFirst = await subscriber();
    await deliver(...fake.boletoOverdue(fake.latestInvoice(unpaidFirst.subscriptionId).id, 'canceled'));
    expect(await currentPlan(unpaidFirst.client)).toBeNull();
    expect(await planCredits(unpaidFirst.userId)).toEqual([]);
  });

  it('answers a payment method it does not know as invalid, asking Stripe nothing', async () => {
    const { client } = await signUpAndVerify(bed.app.url);
    const calls = fake.calls.length;
    const unknown = await checkout(client, 'cheque');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toContain(
      "Forma de pagamento inválida: use 'card', 'pix' ou 'boleto'.",
    );
    expect(fake.calls.slice(calls)).toEqual([]);
  });
});
