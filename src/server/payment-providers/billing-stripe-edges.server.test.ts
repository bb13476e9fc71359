import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '#server/accounts/roles.server';
import { audit } from '#server/credits/ledger-audit.server';
import { capture } from '#server/credits/ledger-hold-resolution.server';
import { hold } from '#server/credits/ledger-holds.server';
import { PASSWORD, signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { type FakeStripe, type FakeStripeEvent, STRIPE_TEST_PRICES } from '#tests/support/fake-stripe';
import type { SessionClient } from '#tests/support/session-client';
import { type StripeTestBed, startStripeTestBed } from '#tests/support/stripe-app';

/**
 * Stripe as it really behaves, against the fake Stripe (which follows Stripe's documentation, see its header):
 * the Customer Portal configured from code, Pix and boleto paid later (and every order their events can arrive
 * in), refunds that are pending before they succeed, and disputes won and lost.
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

async function deliver(...events: FakeStripeEvent[]): Promise<void> {
  for (const event of events) expect((await bed.deliver(event)).status, event.type).toBe(200);
}

const newestSession = () => [...fake.sessions.values()].at(-1)?.id ?? '';

async function buyer(): Promise<{ client: SessionClient; userId: string }> {
  const { client } = await signUpAndVerify(app.url);
  const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
  return { client, userId };
}

async function buyPackage(client: SessionClient, packageType: string): Promise<string> {
  const response = await client.json('/api/billing/credit-checkout', { json: { packageType } });
  expect(response.status).toBe(200);
  return newestSession();
}

const balanceOf = async (client: SessionClient) =>
  (await client.json<{ balance: number }>('/api/credits')).body.balance;

async function historyOf(userId: string) {
  const rows = await pool.query<{ type: string; amount: number; description: string }>(
    'SELECT type, amount, description FROM transactions WHERE user_id = $1 ORDER BY created_at, type, amount',
    [userId],
  );
  return rows.rows;
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('Customer Portal', () => {
  it('is configured at start-up from the plan prices, and every portal session names that configuration', async () => {
    await expect.poll(() => fake.portalConfigurations.size).toBe(1);
    const [configuration] = [...fake.portalConfigurations.values()];
    const features = configuration?.features as Record<string, Record<string, unknown>>;
    expect(configuration?.metadata).toEqual({ cena: 'customer-portal' });
    expect(features.subscription_update).toMatchObject({
      enabled: 'true',
      proration_behavior: 'always_invoice',
      default_allowed_updates: ['price'],
      schedule_at_period_end: {
        conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }],
      },
    });
    const products = features.subscription_update?.products as { product: string; prices: string[] }[];
    expect(products.flatMap((p) => p.prices).sort()).toEqual(
      Object.values(STRIPE_TEST_PRICES)
        .flatMap((p) => [p.monthly, p.yearly])
        .sort(),
    );
    expect(features.subscription_cancel).toMatchObject({ enabled: 'true', mode: 'at_period_end' });

    const { client } = await buyer();
    const portal = await client.json<{ url: string }>('/api/billing/portal', { method: 'POST' });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(fake.portalSessions.at(-1)?.configuration).toBe(configuration?.id);
  });

  it('updates the same configuration when another process starts, instead of adding one', async () => {
    const second = await startTestApp(fake.env, { databaseUrl: app.databaseUrl });
    try {
      const { client } = await signUpAndVerify(second.url);
      expect((await client.json('/api/billing/portal', { method: 'POST' })).status).toBe(200);
      expect(fake.portalConfigurations.size).toBe(1);
      expect(
        fake.calls.filter((call) => call.startsWith('POST /v1/billing_portal/configurations/')),
      ).not.toEqual([]);
    } finally {
      await second.stop();
    }
  });
});

describe('Pix and boleto (paid after the Checkout Session completes)', () => {
  it('grants nothing while the session is complete but unpaid, and once when the payment succeeds', async () => {
    const { client, userId } = await buyer();
    const sessionId = await buyPackage(client, 'small');
    const completed = fake.completeAsyncSession(sessionId);
    await deliver(...completed);
    expect(await balanceOf(client)).toBe(0);
    const early = await client.json<{ success: boolean; message: string }>('/api/billing/verify', {
      json: { sessionId },
    });
    expect(early.body).toMatchObject({ success: false, message: expect.stringMatching(/Pix ou boleto/) });

    const succeeded = fake.settleAsyncPayment(sessionId, 'succeeded');
    await deliver(...succeeded, ...completed, ...succeeded);
    expect(await balanceOf(client)).toBe(100);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('grants exactly once for every order of completed, succeeded and the success page', async () => {
    const orders = permutations(['completed', 'succeeded', 'verify'] as const);
    for (const order of orders) {
      const { client, userId } = await buyer();
      const sessionId = await buyPackage(client, 'small');
      const events = {
        completed: fake.completeAsyncSession(sessionId),
        succeeded: fake.settleAsyncPayment(sessionId, 'succeeded'),
      };
      for (const step of order) {
        if (step === 'verify') await client.json('/api/billing/verify', { json: { sessionId } });
        else await deliver(...events[step]);
      }
      expect(await balanceOf(client), order.join(' → ')).toBe(100);
      expect((await historyOf(userId)).map((row) => [row.type, row.amount])).toEqual([
        ['credit', 100],
        ['payment', 10990],
      ]);
    }
  });

  it('grants nothing when the Pix expires or the boleto is not paid, in any order, and says so', async () => {
    for (const order of permutations(['completed', 'failed'] as const)) {
      const { client, userId } = await buyer();
      const sessionId = await buyPackage(client, 'medium');
      const events = {
        completed: fake.completeAsyncSession(sessionId),
        failed: fake.settleAsyncPayment(sessionId, 'failed'),
      };
      for (const step of order) await deliver(...events[step]);
      expect(await balanceOf(client)).toBe(0);
      expect(await historyOf(userId)).toEqual([]);
      const verified = await client.json('/api/billing/verify', { json: { sessionId } });
      expect(verified.body).toMatchObject({ success: false, message: 'O pagamento não foi concluído.' });
    }
  });
});

describe('boleto', () => {
  it('is marked in the admin panel, since Stripe cannot refund it', async () => {
    const admin = await buyer();
    await grantRole(pool, admin.userId, 'admin');
    const { client, userId } = await buyer();
    const boletoSession = await buyPackage(client, 'small');
    await deliver(
      ...fake.completeAsyncSession(boletoSession, 'boleto'),
      ...fake.settleAsyncPayment(boletoSession, 'succeeded'),
    );
    const cardSession = await buyPackage(client, 'small');
    await deliver(...fake.payPackageSession(cardSession));
    const detail = await admin.client.json<{ grants: { paymentMethod: string | null }[] }>(
      `/api/admin/users/${userId}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.grants.map((grant) => grant.paymentMethod).sort()).toEqual(['boleto', 'card']);
  });
});

describe('refunds that are pending first', () => {
  it('takes the credits back only when the refund succeeds, once; a failed one takes nothing', async () => {
    const { client, userId } = await buyer();
    const sessionId = await buyPackage(client, 'small');
    await deliver(...fake.payPackageSession(sessionId));
    const chargeId = fake.chargeOfSession(sessionId);

    const created = fake.refund(chargeId, undefined, { pending: true });
    await deliver(...created);
    expect(await balanceOf(client)).toBe(100);

    const refundId = [...fake.refunds.values()].at(-1)?.id ?? '';
    const settled = fake.settleRefund(refundId, 'succeeded');
    await deliver(...settled, ...created, ...settled);
    expect(await balanceOf(client)).toBe(0);
    expect(
      (await historyOf(userId)).filter((row) => row.amount < 0).map((row) => [row.type, row.amount]),
    ).toEqual([
      ['credit', -100],
      ['payment', -10990],
    ]);

    const other = await buyer();
    const otherSession = await buyPackage(other.client, 'small');
    await deliver(...fake.payPackageSession(otherSession));
    const pending = fake.refund(fake.chargeOfSession(otherSession), undefined, { pending: true });
    const failedId = [...fake.refunds.values()].at(-1)?.id ?? '';
    await deliver(...pending, ...fake.settleRefund(failedId, 'failed'));
    expect(await balanceOf(other.client)).toBe(100);
    expect(await audit(pool, userId)).toEqual([]);
    expect(await audit(pool, other.userId)).toEqual([]);
  });
});

describe('disputes', () => {
  it('a lost card dispute takes back what is unspent, never more, once', async () => {
    const { client, userId } = await buyer();
    const sessionId = await buyPackage(client, 'medium');
    await deliver(...fake.payPackageSession(sessionId));
    // 120 of the 350 credits were spent on a video already delivered.
    const spent = await hold(pool, { userId, amount: 120, reference: `video:${randomUUID()}` });
    if (!spent.ok) throw new Error('hold failed');
    await capture(pool, spent.hold.id);

    const { disputeId, events } = fake.dispute(fake.chargeOfSession(sessionId));
    await deliver(...events);
    expect(await balanceOf(client)).toBe(0);
    const lost = fake.closeDispute(disputeId, 'lost');
    await deliver(...lost, ...events, ...lost);
    expect(await balanceOf(client)).toBe(0);
    expect(
      (await historyOf(userId)).filter((row) => row.amount < 0).map((row) => [row.type, row.amount]),
    ).toEqual([
      ['credit', -230],
      ['payment', -35990],
    ]);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('a won dispute gives back what it took; events in any order end the same', async () => {
    for (const order of permutations(['created', 'won'] as const)) {
      const { client, userId } = await buyer();
      const sessionId = await buyPackage(client, 'small');
      await deliver(...fake.payPackageSession(sessionId));
      const { disputeId, events: created } = fake.dispute(fake.chargeOfSession(sessionId));
      if (order[0] === 'created') {
        await deliver(...created);
        expect(await balanceOf(client)).toBe(0);
      }
      const won = fake.closeDispute(disputeId, 'won');
      for (const step of order) await deliver(...(step === 'created' ? created : won));
      await deliver(...won, ...created);
      expect(await balanceOf(client), order.join(' → ')).toBe(100);
      expect(await audit(pool, userId)).toEqual([]);
    }
  });

  it('a Pix (MED) dispute of a plan invoice claws back like a card one, and a won one restores it', async () => {
    const pix = await buyer();
    const sessionId = await buyPackage(pix.client, 'large');
    await deliver(
      ...fake.completeAsyncSession(sessionId),
      ...fake.settleAsyncPayment(sessionId, 'succeeded'),
    );
    const before = await balanceOf(pix.client);
    expect(before).toBeGreaterThan(0);
    const pixDispute = fake.dispute(fake.chargeOfSession(sessionId));
    await deliver(...pixDispute.events);
    expect(await balanceOf(pix.client)).toBe(0);
    await deliver(...fake.closeDispute(pixDispute.disputeId, 'won'));
    expect(await balanceOf(pix.client)).toBe(before);

    const subscriber = await buyer();
    await subscriber.client.json('/api/billing/checkout', {
      json: { planId: 'starter', billingPeriod: 'monthly' },
    });
    const planEvents = fake.paySubscriptionSession(newestSession());
    await deliver(...planEvents);
    expect(await balanceOf(subscriber.client)).toBe(100);
    const invoice = JSON.parse(planEvents.find((e) => e.type === 'invoice.paid')?.payload ?? '{}').data
      .object;
    const charge = [...fake.charges.values()].find(
      (c) => c.amount === invoice.amount_paid && c.customer === invoice.customer,
    );
    if (!charge) throw new Error('no charge for the invoice');
    const planDispute = fake.dispute(charge.id);
    await deliver(...planDispute.events, ...fake.closeDispute(planDispute.disputeId, 'lost'));
    expect(await balanceOf(subscriber.client)).toBe(0);
    expect(await audit(pool, pix.userId)).toEqual([]);
    expect(await audit(pool, subscriber.userId)).toEqual([]);
  });
});

describe('account deletion', () => {
  it('expires the checkouts still open, so no one pays for an account that is gone', async () => {
    const { client } = await buyer();
    const open = await buyPackage(client, 'small');
    const paid = await buyPackage(client, 'medium');
    await deliver(...fake.payPackageSession(paid));
    const deleted = await client.json('/api/me', { method: 'DELETE', json: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    await expect.poll(() => fake.sessions.get(open)?.status, { timeout: 20_000 }).toBe('expired');
    expect(fake.sessions.get(paid)?.status).toBe('complete');
    expect(() => fake.payPackageSession(open)).toThrow(/expired/);
  });
});
