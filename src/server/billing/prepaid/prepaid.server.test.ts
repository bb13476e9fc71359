import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { createPool } from '#server/db/database.server';
import { createLogger } from '#server/logger.server';
import { type BillingPeriod, findPlan, type PlanId } from '#shared/catalogue';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { addPeriod, fulfilPrepaidPayment, type PrepaidOrder, prepaidOrder } from './prepaid.server';

/**
 * Pix plan payments on a moved clock (ADR 0042, ADR 0049): an upgrade's credits are prorated for the days its
 * price was quoted for, and a quote the subscription moved away from is declined when paid.
 */

let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, 5, createLogger('silent'));
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const HOUR_MS = 3_600_000;
let counter = 0;

async function quote(userId: string, planId: PlanId, at: Date, period: BillingPeriod = 'monthly') {
  const plan = findPlan(planId);
  if (!plan) throw new Error(planId);
  const order = await prepaidOrder(pool, userId, plan, period, at);
  if (typeof order === 'string') throw new Error(order);
  return order;
}

const payOrder = (userId: string, order: PrepaidOrder, at: Date) => {
  counter += 1;
  return fulfilPrepaidPayment(
    pool,
    {
      userId,
      provider: 'local',
      paymentRef: `cs_clock_${counter}`,
      planId: order.plan.id,
      period: order.period,
      amountCents: order.amountCents,
      upgradesSubscriptionId: order.upgradesSubscriptionId,
      upgradeQuote: order.upgradeQuote,
    },
    at,
  );
};

const planOf = async (userId: string) =>
  (
    await pool.query<{ plan_id: string; end: Date }>(
      'SELECT plan_id, current_period_end AS end FROM subscriptions WHERE user_id = $1',
      [userId],
    )
  ).rows;

describe('Pix plan payments on a moved clock', () => {
  it('an upgrade on the last day grants the credits of the day it was charged for', async () => {
    const userId = await insertUser(pool);
    const start = new Date();
    await payOrder(userId, await quote(userId, 'starter', start), start);
    const lastDay = new Date(addPeriod(start, 'monthly').getTime() - 12 * HOUR_MS);

    const upgrade = await quote(userId, 'studio', lastDay);
    // Studio − Starter = R$ 1.000,00 a month, for 1 day of 30; 1 400 credits for the same day.
    expect(upgrade.amountCents).toBe(3333);
    expect(await payOrder(userId, upgrade, lastDay)).toEqual({ created: true, credits: 47 });
    expect((await planOf(userId)).map((row) => row.plan_id)).toEqual(['studio']);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('an upgrade quoted before a renewal moved the period end is declined, the plan and end kept', async () => {
    const userId = await insertUser(pool);
    const start = new Date();
    await payOrder(userId, await quote(userId, 'starter', start), start);
    const upgrade = await quote(userId, 'creator', start);
    await payOrder(userId, await quote(userId, 'starter', start), start);
    const [renewed] = await planOf(userId);

    const result = await payOrder(userId, upgrade, start);
    expect(result).toEqual({ created: false, credits: 0, declined: true });
    expect(await planOf(userId)).toEqual([renewed]);
    // A first-period quote of another plan, paid while a plan runs, changes nothing either.
    const other = { ...upgrade, upgradesSubscriptionId: null, upgradeQuote: null };
    expect((await payOrder(userId, other, start)).declined).toBe(true);
    expect(await planOf(userId)).toEqual([renewed]);
    const history = await pool.query<{ amount: number; description: string }>(
      `SELECT amount, description FROM transactions WHERE user_id = $1 AND description LIKE '%não aplicado%'`,
      [userId],
    );
    expect(history.rows.map((row) => row.description)).toEqual([
      'Upgrade para o plano Creator (mensal) não aplicado: seu plano mudou depois da cotação. O valor será reembolsado.',
      'Plano Creator (mensal) não aplicado: seu plano mudou depois da cotação. O valor será reembolsado.',
    ]);
    expect(await audit(pool, userId)).toEqual([]);
  });
});
