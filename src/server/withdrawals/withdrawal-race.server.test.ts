import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCheckout } from '#server/billing/billing-store.server';
import { fulfilPackagePurchase } from '#server/billing/fulfilment.server';
import {
  type PaymentProvider,
  type ProviderRefund,
  ProviderRefusal,
} from '#server/billing/payment-provider.server';
import { audit } from '#server/credits/ledger-audit.server';
import { grant } from '#server/credits/ledger-grants.server';
import { hold } from '#server/credits/ledger-holds.server';
import { balance } from '#server/credits/ledger-reads.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { withdrawPackage } from './withdrawal.server';

/**
 * The withdrawal against a spend of the same credits (ADR 0053): the unused check and the take are one transaction
 * under the account lock, so a spend and a refund of one package never both succeed; what a refusing provider
 * leaves is given back exactly, and an answer lost on the way is asked again under the same claim.
 */

let database: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 8 });
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

/** A user with a paid 100-credit package (and `extra` credits from elsewhere); returns the ids. */
async function buyer(extra = 0): Promise<{ userId: string; sessionId: string }> {
  const userId = await insertUser(pool);
  const sessionId = `cs_local_${randomUUID()}`;
  await insertCheckout(pool, {
    id: sessionId,
    userId,
    provider: 'local',
    kind: 'package',
    planId: null,
    billingPeriod: null,
    packageId: 'small',
    amountCents: 10990,
  });
  await fulfilPackagePurchase(pool, { userId, sessionId, packageId: 'small', amountCents: 10990 });
  if (extra > 0) {
    await grant(pool, {
      userId,
      amount: extra,
      source: 'adjustment',
      sourceRef: `extra:${userId}`,
      expiresAt: null,
    });
  }
  return { userId, sessionId };
}

type Refunder = (claim: string) => Promise<ProviderRefund>;

/** A provider whose refunds do what the test says; every claim it was asked about, in order. */
function provider(refund: Refunder): PaymentProvider & { claims: string[] } {
  const claims: string[] = [];
  const unused = () => Promise.reject(new Error('not used by the withdrawal'));
  return {
    kind: 'local',
    claims,
    startPlanCheckout: unused,
    startPackageCheckout: unused,
    startPrepaidCheckout: unused,
    portalUrl: unused,
    verify: unused,
    syncSubscriptions: unused,
    reconcile: unused,
    cancelSubscriptionsNow: unused,
    findRefund: unused,
    refundPackage: (_checkout, claim) => {
      claims.push(claim);
      return refund(claim);
    },
  };
}

const succeeded: Refunder = async (claim) => ({ id: `re_${claim}`, amountCents: 10990, status: 'succeeded' });

const spend = (userId: string, amount: number) =>
  hold(pool, { userId, amount, reference: `video:${randomUUID()}` });

describe('withdrawal against a spend of the same credits', () => {
  it('takes the credits before the provider is asked: a spend meanwhile finds them gone', async () => {
    const { userId, sessionId } = await buyer(5);
    let release: () => void = () => undefined;
    let asked: () => void = () => undefined;
    const providerAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const slow = provider(async (claim) => {
      asked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return succeeded(claim);
    });
    const withdrawal = withdrawPackage(pool, slow, userId, sessionId);
    await providerAsked;
    // While the provider works, only the other 5 credits can be spent.
    expect(await spend(userId, 10)).toMatchObject({ ok: false, reason: 'insufficient_credits', balance: 5 });
    release();
    expect(await withdrawal).toEqual({ ok: true, refundedCents: 10990, creditsTaken: 100, pending: false });
    expect(await balance(pool, userId)).toBe(5);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('lets one of a concurrent spend and withdrawal win, never both', async () => {
    const winners: string[] = [];
    for (let round = 0; round < 8; round++) {
      const { userId, sessionId } = await buyer();
      const [spent, withdrawn] = await Promise.all([
        spend(userId, 10),
        withdrawPackage(pool, provider(succeeded), userId, sessionId),
      ]);
      if (spent.ok) {
        expect(withdrawn).toMatchObject({ ok: false, code: 'credits_used' });
        expect(await balance(pool, userId)).toBe(90);
        winners.push('spend');
      } else {
        expect(withdrawn).toMatchObject({ ok: true, creditsTaken: 100 });
        expect(await balance(pool, userId)).toBe(0);
        winners.push('withdrawal');
      }
      expect(await audit(pool, userId)).toEqual([]);
    }
    expect(winners).toHaveLength(8);
  });

  it('gives back exactly what it took when the provider refuses, and a later withdrawal still works', async () => {
    const { userId, sessionId } = await buyer();
    const refusing = provider(async () => {
      throw new ProviderRefusal('Charge has already been refunded.');
    });
    const outcome = await withdrawPackage(pool, refusing, userId, sessionId);
    expect(outcome).toMatchObject({ ok: false, status: 502, code: 'refund_failed' });
    expect(outcome.ok ? '' : outcome.message).toContain('os créditos do pacote continuam no seu saldo');
    expect(await balance(pool, userId)).toBe(100);
    expect(await audit(pool, userId)).toEqual([]);
    const history = await pool.query('SELECT 1 FROM transactions WHERE user_id = $1 AND amount < 0', [
      userId,
    ]);
    expect(history.rowCount).toBe(0);

    const accepting = provider(succeeded);
    expect(await withdrawPackage(pool, accepting, userId, sessionId)).toMatchObject({
      ok: true,
      creditsTaken: 100,
    });
    expect(accepting.claims).toEqual([`withdrawal:${sessionId}:2`]);
    expect(await balance(pool, userId)).toBe(0);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('counts the given-back credits spent as used', async () => {
    const { userId, sessionId } = await buyer();
    await withdrawPackage(
      pool,
      provider(async () => ({ id: 're_x', amountCents: 10990, status: 'failed' })),
      userId,
      sessionId,
    );
    expect(await balance(pool, userId)).toBe(100);
    await spend(userId, 30);
    const outcome = await withdrawPackage(pool, provider(succeeded), userId, sessionId);
    expect(outcome).toMatchObject({ ok: false, code: 'credits_used' });
    expect(outcome.ok ? '' : outcome.message).toContain('Você já usou 30 dos 100 créditos');
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('keeps the credits taken when the answer is lost, and asks again under the same claim', async () => {
    const { userId, sessionId } = await buyer();
    const lost = provider(async () => {
      throw new Error('socket hang up');
    });
    await expect(withdrawPackage(pool, lost, userId, sessionId)).rejects.toThrow('socket hang up');
    // The provider may have refunded: nothing is given back on a guess.
    expect(await balance(pool, userId)).toBe(0);

    const retry = provider(succeeded);
    expect(await withdrawPackage(pool, retry, userId, sessionId)).toEqual({
      ok: true,
      refundedCents: 10990,
      creditsTaken: 100,
      pending: false,
    });
    expect([...lost.claims, ...retry.claims]).toEqual([
      `withdrawal:${sessionId}:1`,
      `withdrawal:${sessionId}:1`,
    ]);
    expect(await withdrawPackage(pool, retry, userId, sessionId)).toMatchObject({
      ok: false,
      code: 'already_refunded',
    });
    expect(await balance(pool, userId)).toBe(0);
    expect(await audit(pool, userId)).toEqual([]);
  });
});
