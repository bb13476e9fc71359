import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { signUpAndVerify } from '#tests/support/accounts';
import type { TestApp } from '#tests/support/app';
import type { FakeStripe } from '#tests/support/fake-stripe';
import { forDaysLeft, quotedDays } from '#tests/support/pix-upgrades';
import { type StripeTestBed, startStripeTestBed } from '#tests/support/stripe-app';

/**
 * A plan period paid by Pix at Stripe (fake API, ADR 0042): a one-time Checkout Session that completes unpaid and
 * starts the period with `checkout.session.async_payment_succeeded`, granted once however often it is replayed.
 */

let bed: StripeTestBed;
let fake: FakeStripe;
let app: TestApp;
let pool: pg.Pool;
beforeAll(async () => {
  bed = await startStripeTestBed();
  ({ fake, app, pool } = bed);
});
afterAll(async () => {
  await bed?.stop();
});

const intentOf = (sessionId: string) => fake.sessions.get(sessionId)?.payment_intent;
const newestSession = () => [...fake.sessions.values()].at(-1)?.id ?? '';

async function stateOf(userId: string) {
  const grants = await pool.query<{ amount: number; source_ref: string }>(
    'SELECT amount, source_ref FROM credit_grants WHERE user_id = $1',
    [userId],
  );
  const subscriptions = await pool.query<{ plan_id: string; collection: string; status: string }>(
    'SELECT plan_id, collection, status FROM subscriptions WHERE user_id = $1',
    [userId],
  );
  const notas = await pool.query('SELECT 1 FROM nfse_notas WHERE user_id = $1', [userId]);
  return { grants: grants.rows, subscriptions: subscriptions.rows, notas: notas.rowCount };
}

describe('a plan paid by Pix, Stripe', () => {
  it('starts the period when the Pix lands, once under a replayed async_payment_succeeded, with one nota', async () => {
    const { client } = await signUpAndVerify(app.url);
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    const started = await client.json<{ url: string }>('/api/billing/checkout', {
      json: { planId: 'starter', billingPeriod: 'monthly', paymentMethod: 'pix' },
    });
    expect(started.status).toBe(200);
    const sessionId = newestSession();
    expect(fake.sessions.get(sessionId)).toMatchObject({
      mode: 'payment',
      allowed_payment_method_types: ['pix'],
      amount_total: 9990,
      metadata: { kind: 'plan', plan_id: 'starter', billing_period: 'monthly', payment_method: 'pix' },
    });

    // The QR code is shown: complete, unpaid — nothing yet.
    for (const event of fake.completeAsyncSession(sessionId, 'pix')) {
      expect((await bed.deliver(event)).status).toBe(200);
    }
    expect(await stateOf(userId)).toEqual({ grants: [], subscriptions: [], notas: 0 });
    const pending = await client.json<{ success: boolean }>('/api/billing/verify', { json: { sessionId } });
    expect(pending.body.success).toBe(false);

    // The Pix is paid: the event delivered twice at once, again later, and the success page's verify.
    const [succeeded] = fake.settleAsyncPayment(sessionId, 'succeeded');
    if (!succeeded) throw new Error('no event');
    const answers = await Promise.all([bed.deliver(succeeded), bed.deliver(succeeded)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await bed.deliver(succeeded)).status).toBe(200);
    const verified = await client.json<{ success: boolean; credits: number }>('/api/billing/verify', {
      json: { sessionId },
    });
    expect(verified.body).toMatchObject({ success: true, credits: 100 });

    expect(await stateOf(userId)).toEqual({
      grants: [{ amount: 100, source_ref: sessionId }],
      subscriptions: [{ plan_id: 'starter', collection: 'prepaid', status: 'active' }],
      notas: 1,
    });

    // Refunded at Stripe (support, or a Pix MED): the period's credits leave the balance, once, like a card plan's.
    const refund = fake.refund(fake.chargeOfSession(sessionId));
    for (const event of [...refund, ...refund]) expect((await bed.deliver(event)).status).toBe(200);
    const balance = await client.json<{ balance: number }>('/api/credits');
    expect(balance.body.balance).toBe(0);
    const taken = await pool.query<{ amount: number }>(
      `SELECT amount FROM credit_clawbacks WHERE user_id = $1`,
      [userId],
    );
    expect(taken.rows.map((row) => row.amount)).toEqual([100]);
  });

  it('an older, lower upgrade paid after a higher one is refunded through Stripe once, the plan kept', async () => {
    const { client } = await signUpAndVerify(app.url);
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    const payPix = async (planId: string) => {
      await client.json('/api/billing/checkout', {
        json: { planId, billingPeriod: 'monthly', paymentMethod: 'pix' },
      });
      return newestSession();
    };
    const settle = async (sessionId: string) => {
      const events = [
        ...fake.completeAsyncSession(sessionId, 'pix'),
        ...fake.settleAsyncPayment(sessionId, 'succeeded'),
      ];
      for (const event of [...events, ...events]) expect((await bed.deliver(event)).status).toBe(200);
    };
    await settle(await payPix('starter'));
    const creator = await payPix('creator');
    const studio = await payPix('studio');
    expect(fake.sessions.get(creator)?.metadata).toMatchObject({ upgrade_from_plan_id: 'starter' });
    await settle(studio);

    // The Creator code is paid a little later: declined, and refunded under one claim however often it is seen.
    await settle(creator);
    const verified = await client.json('/api/billing/verify', { json: { sessionId: creator } });
    expect(verified.body).toMatchObject({ success: false, credits: 0 });
    const refundEvents = fake.takeApiEvents();
    expect(refundEvents.map((event) => event.type)).toEqual(['charge.refunded', 'refund.created']);
    for (const event of [...refundEvents, ...refundEvents])
      expect((await bed.deliver(event)).status).toBe(200);
    const refunds = [...fake.refunds.values()].filter(
      (refund) => refund.payment_intent === intentOf(creator),
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amount: fake.sessions.get(creator)?.amount_total,
      status: 'succeeded',
    });

    const state = await stateOf(userId);
    expect(state.subscriptions).toEqual([{ plan_id: 'studio', collection: 'prepaid', status: 'active' }]);
    // Studio − Starter, 1 400 credits, for the days left its quote charged for (ADR 0049): 28 to 31, by the calendar.
    const daysLeft = await quotedDays(pool, studio);
    expect(state.grants.map((grant) => grant.amount).sort((a, b) => a - b)).toEqual([
      100,
      forDaysLeft(1400, daysLeft),
    ]);
    const paid = fake.sessions.get(creator)?.amount_total as number;
    const rows = await pool.query<{ amount: number; description: string }>(
      `SELECT amount, description FROM transactions WHERE user_id = $1 AND type = 'payment'
         AND provider_ref IN ($2, 'declined:' || $2) ORDER BY amount DESC`,
      [userId, creator],
    );
    expect(rows.rows).toEqual([
      {
        amount: paid,
        description:
          'Upgrade para o plano Creator (mensal) não aplicado: seu plano atual já é igual ou superior. O valor será reembolsado.',
      },
      { amount: -paid, description: 'Reembolso' },
    ]);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('an expired Pix starts nothing', async () => {
    const { client } = await signUpAndVerify(app.url);
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    await client.json('/api/billing/checkout', {
      json: { planId: 'creator', billingPeriod: 'yearly', paymentMethod: 'pix' },
    });
    const sessionId = newestSession();
    for (const event of [
      ...fake.completeAsyncSession(sessionId, 'pix'),
      ...fake.settleAsyncPayment(sessionId, 'failed'),
    ]) {
      expect((await bed.deliver(event)).status).toBe(200);
    }
    const verified = await client.json<{ success: boolean; message: string }>('/api/billing/verify', {
      json: { sessionId },
    });
    expect(verified.body).toMatchObject({ success: false, message: 'O pagamento não foi concluído.' });
    expect(await stateOf(userId)).toEqual({ grants: [], subscriptions: [], notas: 0 });
  });
});
