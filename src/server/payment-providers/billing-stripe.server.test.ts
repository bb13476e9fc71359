import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { signUpAndVerify } from '#tests/support/accounts';
import type { TestApp } from '#tests/support/app';
import { type FakeStripe, type FakeStripeEvent, STRIPE_TEST_PRICES } from '#tests/support/fake-stripe';
import { SessionClient } from '#tests/support/session-client';
import { type StripeTestBed, startStripeTestBed } from '#tests/support/stripe-app';

/**
 * Stripe mode against a local fake of the Stripe API (no internet). The billing contract's property (docs/billing-contract.md): every
 * event delivered 1–5 times, shuffled, some concurrently, together with the success page's verify, grants each
 * payment exactly once.
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

const deliver = (event: FakeStripeEvent, secret?: string) => bed.deliver(event, secret);

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** A small seeded generator, so a failing order can be replayed from the logged seed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const newestSession = () => [...fake.sessions.values()].at(-1)?.id ?? '';

async function ledgerOf(userId: string) {
  const balance = await pool.query<{ balance: string }>(
    `SELECT COALESCE(SUM(remaining), 0) AS balance FROM credit_grants WHERE user_id = $1 AND expires_at > now()`,
    [userId],
  );
  const grants = await pool.query<{ source: string; amount: number; remaining: number }>(
    'SELECT source, amount, remaining FROM credit_grants WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  const transactions = await pool.query<{ type: string; amount: number }>(
    'SELECT type, amount FROM transactions WHERE user_id = $1 ORDER BY type, amount',
    [userId],
  );
  return { balance: Number(balance.rows[0]?.balance), grants: grants.rows, transactions: transactions.rows };
}

describe('billing with Stripe (fake API)', () => {
  it('grants each payment exactly once, whatever the delivery order, duplicates and verify calls', async () => {
    const { client } = await signUpAndVerify(app.url);
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;

    // Package by card, package by Pix (async) then fully refunded, Starter monthly, upgrade to Creator, renewal.
    const medium = await client.json<{ url: string }>('/api/billing/credit-checkout', {
      json: { packageType: 'medium' },
    });
    expect(medium.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const mediumSession = newestSession();
    expect(fake.sessions.get(mediumSession)).toMatchObject({
      mode: 'payment',
      amount_total: 35990,
      // The method picked on the buy-credits page only (ADR 0059): card by default.
      allowed_payment_method_types: ['card'],
    });
    const events: FakeStripeEvent[] = [...fake.payPackageSession(mediumSession)];

    await client.json('/api/billing/credit-checkout', {
      json: { packageType: 'small', paymentMethod: 'pix' },
    });
    const smallSession = newestSession();
    expect(fake.sessions.get(smallSession)).toMatchObject({ allowed_payment_method_types: ['pix'] });
    events.push(...fake.payPackageSession(smallSession, { async: true }));
    events.push(...fake.refund(fake.chargeOfSession(smallSession)));

    const plan = await client.json<{ url: string }>('/api/billing/checkout', {
      json: { planId: 'starter', billingPeriod: 'monthly' },
    });
    expect(plan.status).toBe(200);
    const planSession = newestSession();
    events.push(...fake.paySubscriptionSession(planSession));
    const subscriptionId = fake.sessions.get(planSession)?.subscription as string;
    events.push(...fake.changePlan(subscriptionId, STRIPE_TEST_PRICES.creator.monthly));
    events.push(...fake.renew(subscriptionId));

    const seed = Date.now() % 1_000_000;
    const random = mulberry32(seed);
    const deliveries: (() => Promise<unknown>)[] = events.flatMap((event) =>
      Array.from({ length: 1 + Math.floor(random() * 5) }, () => async () => {
        const response = await deliver(event);
        expect(response.status, `event ${event.type} (seed ${seed})`).toBe(200);
      }),
    );
    for (const sessionId of [mediumSession, smallSession, planSession]) {
      deliveries.push(() => client.json('/api/billing/verify', { json: { sessionId } }));
    }
    // Shuffled, and sent in groups of 1–6 at once.
    const queue = shuffle(deliveries, random);
    while (queue.length > 0) {
      const batch = queue.splice(0, 1 + Math.floor(random() * 6));
      await Promise.all(batch.map((run) => run()));
    }

    // 350 + 100 − 100 (refunded, unspent) + 100 (Starter) + 250 (upgrade) + 350 (Creator renewal).
    const ledger = await ledgerOf(userId);
    expect(ledger.balance, `seed ${seed}`).toBe(1050);
    expect(ledger.grants.map((g) => [g.source, g.amount]).sort()).toEqual(
      [
        ['package', 350],
        ['package', 100],
        ['plan', 100],
        ['plan', 250],
        ['plan', 350],
      ].sort(),
    );
    expect(ledger.transactions).toEqual(
      [
        { type: 'credit', amount: -100 },
        { type: 'credit', amount: 100 },
        { type: 'credit', amount: 100 },
        { type: 'credit', amount: 250 },
        { type: 'credit', amount: 350 },
        { type: 'credit', amount: 350 },
        { type: 'payment', amount: -10990 },
        { type: 'payment', amount: 9990 },
        { type: 'payment', amount: 10990 },
        { type: 'payment', amount: 22000 },
        { type: 'payment', amount: 31990 },
        { type: 'payment', amount: 35990 },
      ].sort((a, b) => a.type.localeCompare(b.type) || a.amount - b.amount),
    );
    expect(await audit(pool, userId)).toEqual([]);
    // The card payment left its card's mark for the invite rewards (ADR 0046); Pix has no card.
    const marks = await pool.query<{ kind: string }>(
      "SELECT kind FROM invite_marks WHERE user_id = $1 AND kind = 'payment'",
      [userId],
    );
    expect(marks.rows).toEqual([{ kind: 'payment' }]);

    const { body } = await client.json<{ subscription: { planId: string; status: string } | null }>(
      '/api/billing/subscription',
    );
    expect(body.subscription).toMatchObject({ planId: 'creator', status: 'active' });

    // The success page after all that still says paid, with the package's credits, and changes nothing.
    const verified = await client.json('/api/billing/verify', { json: { sessionId: mediumSession } });
    expect(verified.body).toEqual({
      success: true,
      message: 'Pagamento confirmado!',
      credits: 350,
      packageType: 'medium',
    });
    // Reconcile pulls everything again and finds nothing missing.
    const reconciled = await client.json<{ fulfilled: number }>('/api/billing/reconcile', { method: 'POST' });
    expect(reconciled.status).toBe(200);
    expect(reconciled.body.fulfilled).toBe(0);
    expect((await ledgerOf(userId)).balance).toBe(1050);
  });

  it('an upgrade on the last day of the period grants credits prorated like its invoice (clock moved)', async () => {
    const { client } = await signUpAndVerify(app.url);
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    await client.json('/api/billing/checkout', { json: { planId: 'starter', billingPeriod: 'monthly' } });
    const planSession = newestSession();
    for (const event of fake.paySubscriptionSession(planSession))
      expect((await deliver(event)).status).toBe(200);
    const subscriptionId = fake.sessions.get(planSession)?.subscription as string;
    const subscription = fake.subscriptions.get(subscriptionId);
    const item = (subscription?.items as { data: Record<string, number>[] } | undefined)?.data[0];
    const start = item?.current_period_start ?? 0;
    const end = item?.current_period_end ?? 0;

    // Starter → Studio twelve hours before the period end; the paid invoice is delivered twice.
    const events = fake.changePlan(subscriptionId, STRIPE_TEST_PRICES.studio.monthly, end - 12 * 3600);
    for (const event of [...events, ...events]) expect((await deliver(event)).status).toBe(200);

    // Stripe charged the remaining time on Studio less the unused time on Starter; the credits follow that share.
    const share = (12 * 3600) / (end - start);
    const charged = Math.round(109990 * share) - Math.round(9990 * share);
    const ledger = await ledgerOf(userId);
    expect(ledger.transactions).toEqual(
      [
        { type: 'credit', amount: 100 },
        { type: 'credit', amount: Math.round(1400 * share) },
        { type: 'payment', amount: 9990 },
        { type: 'payment', amount: charged },
      ].sort((a, b) => a.type.localeCompare(b.type) || a.amount - b.amount),
    );
    expect(ledger.balance).toBe(100 + Math.round(1400 * share));
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('refuses a bad signature with 400 and changes nothing; the genuine event then counts', async () => {
    const { client } = await signUpAndVerify(app.url);
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    await client.json('/api/billing/credit-checkout', { json: { packageType: 'large' } });
    const [event] = fake.payPackageSession(newestSession());
    if (!event) throw new Error('no event');

    expect((await deliver(event, 'whsec_wrong')).status).toBe(400);
    const unsigned = await fetch(`${app.url}/api/billing/stripe/webhook`, {
      method: 'POST',
      body: event.payload,
    });
    expect(unsigned.status).toBe(400);
    const tampered = fake.signed(event);
    const forged = await fetch(`${app.url}/api/billing/stripe/webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': tampered.signature },
      body: tampered.body.replace('"livemode": false', '"livemode": true'),
    });
    expect(forged.status).toBe(400);
    expect((await ledgerOf(userId)).balance).toBe(0);
    expect((await pool.query('SELECT 1 FROM stripe_events WHERE id = $1', [event.id])).rowCount).toBe(0);

    expect((await deliver(event)).status).toBe(200);
    expect((await ledgerOf(userId)).balance).toBe(700);
  });

  it('answers 4xx with a pt-BR message to bad input on every billing endpoint, before any Stripe call', async () => {
    const { client } = await signUpAndVerify(app.url);
    const callsBefore = fake.calls.length;
    const cases: [string, Parameters<SessionClient['fetch']>[1], number][] = [
      ['/api/billing/checkout', { json: { planId: 'enterprise', billingPeriod: 'monthly' } }, 400],
      ['/api/billing/checkout', { json: { planId: 'starter', billingPeriod: 'weekly' } }, 400],
      ['/api/billing/checkout', { json: { planId: 'starter', billingPeriod: 'monthly', priceId: 'x' } }, 400],
      ['/api/billing/checkout', { json: { planId: 1, billingPeriod: 'monthly' } }, 400],
      ['/api/billing/checkout', { json: ['starter'] }, 400],
      ['/api/billing/checkout', { body: '{"planId":', headers: { 'content-type': 'application/json' } }, 400],
      ['/api/billing/checkout', { body: 'planId=starter', headers: { 'content-type': 'text/plain' } }, 415],
      ['/api/billing/checkout?x=1', { json: { planId: 'starter', billingPeriod: 'monthly' } }, 400],
      ['/api/billing/credit-checkout', { json: { packageType: 'huge' } }, 400],
      ['/api/billing/credit-checkout', { json: {} }, 400],
      ['/api/billing/credit-checkout', { json: { packageType: 'small', quantity: 2 } }, 400],
      ['/api/billing/portal', { json: { customer: 'cus_other' } }, 400],
      ['/api/billing/portal', { body: 'nope', headers: { 'content-type': 'application/json' } }, 400],
      ['/api/billing/verify', { json: {} }, 400],
      ['/api/billing/verify', { json: { sessionId: 42 } }, 400],
      ['/api/billing/verify', { json: { sessionId: 'x'.repeat(201) } }, 400],
      ['/api/billing/verify', { json: { sessionId: 'cs_1', extra: true } }, 400],
      ['/api/billing/subscription?user=other', {}, 400],
      ['/api/billing/check-subscription', { json: { force: true } }, 400],
      ['/api/billing/reconcile', { json: { userId: 'someone-else' } }, 400],
      ['/api/billing/transactions?limit=100', {}, 400],
      ['/api/billing/nope', {}, 404],
    ];
    for (const [path, options, status] of cases) {
      const response = await client.json<{ error: { code: string; message: string } }>(path, options);
      expect(response.status, path).toBe(status);
      expect(response.body.error.message, path).toMatch(/[a-zà-ú]/i);
    }
    expect(fake.calls.slice(callsBefore)).toEqual([]);

    // Without a session, every endpoint but the webhook is 401.
    const anonymous = new SessionClient(app.url);
    for (const path of [
      'checkout',
      'credit-checkout',
      'portal',
      'verify',
      'check-subscription',
      'reconcile',
    ]) {
      expect((await anonymous.fetch(`/api/billing/${path}`, { json: {} })).status, path).toBe(401);
    }
    for (const path of ['subscription', 'transactions']) {
      expect((await anonymous.fetch(`/api/billing/${path}`)).status, path).toBe(401);
    }
  });

  it('opens the Stripe portal and syncs the subscription on check, throttled per user', async () => {
    const { client } = await signUpAndVerify(app.url);
    const portal = await client.json<{ url: string }>('/api/billing/portal', { method: 'POST' });
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    await client.json('/api/billing/checkout', { json: { planId: 'pro', billingPeriod: 'yearly' } });
    const session = newestSession();
    fake.paySubscriptionSession(session); // no event delivered: only the check can learn of it
    const first = await client.json<{ subscription: { planId: string; billingPeriod: string } | null }>(
      '/api/billing/check-subscription',
      { method: 'POST' },
    );
    expect(first.body.subscription).toMatchObject({ planId: 'pro', billingPeriod: 'yearly' });
    const subscriptionId = fake.sessions.get(session)?.subscription as string;
    fake.cancelAtPeriodEnd(subscriptionId);
    const calls = fake.calls.length;
    const throttled = await client.json<{ subscription: { cancelAtPeriodEnd: boolean } }>(
      '/api/billing/check-subscription',
      { method: 'POST' },
    );
    expect(throttled.body.subscription.cancelAtPeriodEnd).toBe(false);
    expect(fake.calls.length).toBe(calls);
    // Reconcile pulls the yearly invoice the missing events never reported: 12 × 700 credits.
    const reconciled = await client.json<{ fulfilled: number }>('/api/billing/reconcile', { method: 'POST' });
    expect(reconciled.body.fulfilled).toBe(1);
    expect((await client.json<{ balance: number }>('/api/credits')).body.balance).toBe(8400);
  });
});
