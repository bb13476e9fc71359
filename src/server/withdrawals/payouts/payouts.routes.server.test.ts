import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '#server/accounts/roles.server';
import type { AdminPayout } from '#shared/payout';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import type { SessionClient } from '#tests/support/session-client';
import { recordPayout } from './payouts.server';

/** The Pix refunds through the admin API: who may see them, their order, and a transfer marked paid once. */

let app: TestApp;
let pool: pg.Pool;
let admin: SessionClient;
let customer: { client: SessionClient; email: string; id: string };

beforeAll(async () => {
  app = await startTestApp();
  pool = testPool({ connectionString: app.databaseUrl, max: 3 });
  ({ client: admin } = await signUpAndVerify(app.url));
  const adminId = (await admin.json<{ user: { id: string } }>('/api/me')).body.user.id;
  await grantRole(pool, adminId, 'admin');
  const signed = await signUpAndVerify(app.url);
  const id = (await signed.client.json<{ user: { id: string } }>('/api/me')).body.user.id;
  customer = { ...signed, id };
});

afterAll(async () => {
  await pool?.end();
  await app?.stop();
});

const payout = (claim: string, userId: string, amountCents: number, pixKey = '+5511987654321') => ({
  claim,
  userId,
  paymentRef: `cs_${claim}`,
  amountCents,
  pixKey,
});

const markPaid = (claim: string) =>
  admin.json<{ paid?: true; paidAt?: string; error?: { code: string; message: string } }>(
    `/api/admin/payouts/${encodeURIComponent(claim)}/paid`,
    { json: {} },
  );
const list = (status: string) =>
  admin.json<{ payouts: AdminPayout[] }>(`/api/admin/payouts?status=${status}`);

describe('admin payouts API', () => {
  it('refuses anyone but an admin', async () => {
    await recordPayout(pool, payout('withdrawal:cs_guard:1', customer.id, 5000), new Date());
    expect((await customer.client.fetch('/api/admin/payouts?status=pending')).status).toBe(403);
    const mark = await customer.client.fetch('/api/admin/payouts/withdrawal%3Acs_guard%3A1/paid', {
      method: 'POST',
      json: {},
    });
    expect(mark.status).toBe(403);
    const anonymous = await fetch(`${app.url}/api/admin/payouts?status=pending`);
    expect(anonymous.status).toBe(401);
    const row = await pool.query("SELECT status FROM refund_payouts WHERE claim = 'withdrawal:cs_guard:1'");
    expect(row.rows[0].status).toBe('pending');
  });

  it('lists pending payouts newest first with the e-mail (null for a deleted account), at most 100', async () => {
    // Tomorrow: newer than the payouts the other tests record now.
    const base = Date.now() + 86_400_000;
    for (let i = 0; i < 101; i += 1) {
      await recordPayout(
        pool,
        payout(`withdrawal:cs_many_${i}:1`, customer.id, 1000 + i),
        new Date(base + i * 60_000),
      );
    }
    await recordPayout(
      pool,
      payout('withdrawal:cs_gone:1', 'deleted-user', 123456, 'ana@example.com'),
      new Date(base + 200 * 60_000),
    );
    const { status, body } = await list('pending');
    expect(status).toBe(200);
    expect(body.payouts).toHaveLength(100);
    const [gone, newest] = body.payouts;
    expect(gone).toEqual({
      claim: 'withdrawal:cs_gone:1',
      status: 'pending',
      customerEmail: null,
      paymentRef: 'cs_withdrawal:cs_gone:1',
      amountCents: 123456,
      pixKey: 'ana@example.com',
      createdAt: new Date(base + 200 * 60_000).toISOString(),
      paidAt: null,
    });
    expect(newest).toMatchObject({ claim: 'withdrawal:cs_many_100:1', customerEmail: customer.email });
    const times = body.payouts.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.payouts.every((p) => p.status === 'pending')).toBe(true);
  });

  it('refuses an unknown status with a pt-BR message', async () => {
    const refused = await admin.json<{ error: { code: string; message: string } }>(
      '/api/admin/payouts?status=sent',
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Situação desconhecida');
  });

  it('marks a pending payout paid once: then it is listed as paid, and a second mark is 409', async () => {
    const claim = 'withdrawal:cs_pay:1';
    await recordPayout(pool, payout(claim, customer.id, 10990), new Date());
    const first = await markPaid(claim);
    expect(first.status).toBe(200);
    expect(first.body.paid).toBe(true);

    const paid = await list('paid');
    const listed = paid.body.payouts.find((p) => p.claim === claim);
    expect(listed).toMatchObject({ status: 'paid', paidAt: first.body.paidAt, amountCents: 10990 });
    expect((await list('pending')).body.payouts.some((p) => p.claim === claim)).toBe(false);

    const again = await markPaid(claim);
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('payout_not_pending');
    const row = await pool.query('SELECT paid_at FROM refund_payouts WHERE claim = $1', [claim]);
    expect(row.rows[0].paid_at.toISOString()).toBe(first.body.paidAt);
  });

  it('answers 404 for a claim with no payout', async () => {
    const unknown = await markPaid('withdrawal:cs_nobody:1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('payout_not_found');
  });

  it('records one payment under two parallel marks', async () => {
    const claim = 'withdrawal:cs_race:1';
    await recordPayout(pool, payout(claim, customer.id, 4990), new Date());
    const answers = await Promise.all([markPaid(claim), markPaid(claim)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200);
    const row = await pool.query('SELECT status, paid_at FROM refund_payouts WHERE claim = $1', [claim]);
    expect(row.rows[0].status).toBe('paid');
    expect(row.rows[0].paid_at.toISOString()).toBe(winner?.body.paidAt);
  });
});
