import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import type { FakeStripe, FakeStripeEvent } from '#tests/support/fake-stripe';
import type { SessionClient } from '#tests/support/session-client';
import { type StripeTestBed, startStripeTestBed } from '#tests/support/stripe-app';

/**
 * The buyer's withdrawal (ADR 0053) in Stripe mode, against the fake Stripe's POST /v1/refunds: the
 * refund Stripe makes, the events it sends after, a refusal, and boleto — paid back by Pix (ADR 0053).
 */

let bed: StripeTestBed;
let fake: FakeStripe;
let pool: pg.Pool;
beforeAll(async () => {
  bed = await startStripeTestBed();
  ({ fake, pool } = bed);
});
afterAll(async () => {
  await bed?.stop();
});

const deliver = (...events: FakeStripeEvent[]) => bed.deliverAll(...events);
const paidPackage = (method?: 'card' | 'boleto') => bed.paidPackage(method);

const balanceOf = async (client: SessionClient) =>
  (await client.json<{ balance: number }>('/api/credits')).body.balance;

const withdraw = (client: SessionClient, sessionId: string, pixKey?: string) =>
  client.json<{ creditsTaken?: number; refundedCents?: number; error?: { code: string; message: string } }>(
    '/api/billing/withdrawal',
    { json: { sessionId, ...(pixKey ? { pixKey } : {}) } },
  );

const refundsOf = (sessionId: string) => {
  const intent = fake.sessions.get(sessionId)?.payment_intent;
  return [...fake.refunds.values()].filter((refund) => refund.payment_intent === intent);
};

describe('withdrawal through Stripe', () => {
  it('refunds the PaymentIntent once, and the events Stripe then sends take nothing more', async () => {
    const { client, userId, sessionId } = await paidPackage();
    const answers = await Promise.all([withdraw(client, sessionId), withdraw(client, sessionId)]);
    expect(answers.map((answer) => answer.status)).toContain(200);
    expect(answers.find((answer) => answer.status === 200)?.body).toMatchObject({
      refundedCents: 10990,
      creditsTaken: 100,
    });
    expect(await balanceOf(client)).toBe(0);

    const [refund, ...more] = refundsOf(sessionId);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      amount: 10990,
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { cena_claim: `withdrawal:${sessionId}:1` },
    });
    const events = fake.takeApiEvents();
    expect(events.map((event) => event.type)).toEqual(['charge.refunded', 'refund.created']);
    await deliver(...events, ...events);
    expect(await balanceOf(client)).toBe(0);
    const history = await pool.query<{ type: string; amount: number }>(
      'SELECT type, amount FROM transactions WHERE user_id = $1 AND amount < 0 ORDER BY type',
      [userId],
    );
    expect(history.rows).toEqual([
      { type: 'credit', amount: -100 },
      { type: 'payment', amount: -10990 },
    ]);
    expect(await audit(pool, userId)).toEqual([]);
    expect((await withdraw(client, sessionId)).body.error?.code).toBe('already_refunded');
  });

  it('gives the credits back when Stripe refuses the refund, and the refund that was made takes them once', async () => {
    const { client, userId, sessionId } = await paidPackage();
    // Refunded from Stripe's Dashboard a moment ago; its events have not arrived yet.
    const dashboard = fake.refund(fake.chargeOfSession(sessionId));
    const refused = await withdraw(client, sessionId);
    expect([refused.status, refused.body.error?.code]).toEqual([502, 'refund_failed']);
    expect(refused.body.error?.message).toContain('os créditos do pacote continuam no seu saldo');
    expect(await balanceOf(client)).toBe(100);
    expect(await audit(pool, userId)).toEqual([]);

    await deliver(...dashboard);
    expect(await balanceOf(client)).toBe(0);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('asks a boleto buyer for a Pix key before taking anything, then records the payout and takes the credits once', async () => {
    const { client, userId, sessionId } = await paidPackage('boleto');
    // Stripe itself refuses to refund a boleto charge.
    expect(() => fake.refund(fake.chargeOfSession(sessionId))).toThrow('does not support refunds');
    const calls = fake.calls.length;
    const asked = await withdraw(client, sessionId);
    expect([asked.status, asked.body.error?.code]).toEqual([422, 'payout_details_required']);
    expect(asked.body.error?.message).toContain('Informe a sua chave Pix');
    expect(await balanceOf(client)).toBe(100);

    const answers = await Promise.all([
      withdraw(client, sessionId, 'ana@example.com'),
      withdraw(client, sessionId, 'ana@example.com'),
    ]);
    expect(answers.map((answer) => answer.status)).toContain(200);
    expect(answers.find((answer) => answer.status === 200)?.body).toMatchObject({
      refundedCents: 10990,
      creditsTaken: 100,
      pending: true,
      payout: 'pix',
    });
    expect(fake.calls.slice(calls)).toEqual([]);
    expect(await balanceOf(client)).toBe(0);
    const payouts = await pool.query(
      'SELECT claim, payment_ref, amount_cents, pix_key, status FROM refund_payouts WHERE user_id = $1',
      [userId],
    );
    expect(payouts.rows).toEqual([
      {
        claim: `withdrawal:${sessionId}:1`,
        payment_ref: sessionId,
        amount_cents: 10990,
        pix_key: 'ana@example.com',
        status: 'pending',
      },
    ]);
    const history = await pool.query<{ type: string; amount: number }>(
      'SELECT type, amount FROM transactions WHERE user_id = $1 AND amount < 0 ORDER BY type',
      [userId],
    );
    expect(history.rows).toEqual([
      { type: 'credit', amount: -100 },
      { type: 'payment', amount: -10990 },
    ]);
    expect(await audit(pool, userId)).toEqual([]);
    expect((await withdraw(client, sessionId, 'ana@example.com')).body.error?.code).toBe('already_refunded');
  });

  it('refuses a Pix key that is none', async () => {
    const { client, sessionId } = await paidPackage('boleto');
    const refused = await withdraw(client, sessionId, 'minha chave');
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toContain('Chave Pix inválida');
    expect(await balanceOf(client)).toBe(100);
  });
});
