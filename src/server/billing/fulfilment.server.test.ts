import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixTransactions } from '#server/admin/fix-transactions.server';
import { audit } from '#server/credits/ledger-audit.server';
import { capture, voidHold } from '#server/credits/ledger-hold-resolution.server';
import { hold } from '#server/credits/ledger-holds.server';
import { balance } from '#server/credits/ledger-reads.server';
import { createPool } from '#server/db/database.server';
import { createLogger } from '#server/logger.server';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { fulfilInvoice, fulfilPackagePurchase, invoiceCredits } from './fulfilment.server';
import { clawbackPurchase, type PaidPurchase, restorePurchase } from './purchase-reversals.server';

/** A refund of `purchase`, as the Stripe provider reports it. */
const clawbackRefund = (
  pool: pg.Pool,
  { refundId, refundCents, ...purchase }: PaidPurchase & { refundId: string; refundCents: number },
) => clawbackPurchase(pool, purchase, { kind: 'refund', id: refundId, amountCents: refundCents });

let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, 20, createLogger('silent'));
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const base = { planId: 'creator', period: 'monthly' as const, periodEnd: null, amountPaidCents: 100 };

describe('fulfilment', () => {
  it('computes plan credits per design §4', () => {
    const invoice = { ...base, userId: 'u', invoiceId: 'in' };
    expect(invoiceCredits({ ...invoice, billingReason: 'subscription_create' })).toBe(350);
    expect(invoiceCredits({ ...invoice, period: 'yearly', billingReason: 'subscription_cycle' })).toBe(4200);
    expect(
      invoiceCredits({ ...invoice, billingReason: 'subscription_update', previousPlanId: 'starter' }),
    ).toBe(250);
    expect(
      invoiceCredits({
        ...invoice,
        period: 'yearly',
        billingReason: 'subscription_update',
        previousPlanId: 'starter',
      }),
    ).toBe(3000);
    expect(invoiceCredits({ ...invoice, billingReason: 'subscription_update', previousPlanId: 'pro' })).toBe(
      0,
    );
    expect(invoiceCredits({ ...invoice, billingReason: 'subscription_update' })).toBe(0);
    // An upgrade charged for 3 days of 30 grants the credits' difference for those 3 days (ADR 0049).
    const share = { part: 3, whole: 30 };
    expect(
      invoiceCredits({ ...invoice, billingReason: 'subscription_update', previousPlanId: 'starter', share }),
    ).toBe(25);
    expect(invoiceCredits({ ...invoice, billingReason: 'subscription_cycle', share })).toBe(350);
    expect(invoiceCredits({ ...invoice, billingReason: 'other' })).toBe(0);
  });

  it('grants once when twenty callers fulfil the same payment at once', async () => {
    const userId = await insertUser(pool);
    const periodEnd = new Date(Date.now() + 10 * 86_400_000);
    await Promise.all(
      Array.from({ length: 10 }, () => [
        fulfilPackagePurchase(pool, {
          userId,
          sessionId: 'cs_same',
          packageId: 'medium',
          amountCents: 35990,
        }),
        fulfilInvoice(pool, {
          ...base,
          userId,
          invoiceId: 'in_same',
          periodEnd,
          billingReason: 'subscription_create',
        }),
      ]).flat(),
    );
    expect(await balance(pool, userId)).toBe(700);
    const rows = await pool.query('SELECT type, amount FROM transactions WHERE user_id = $1', [userId]);
    expect(rows.rowCount).toBe(4);
    const grant = await pool.query('SELECT expires_at FROM credit_grants WHERE source_ref = $1', ['in_same']);
    expect(grant.rows[0]?.expires_at).toEqual(periodEnd);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('claws back only the unspent part of a refunded purchase, once per refund', async () => {
    const userId = await insertUser(pool);
    await fulfilPackagePurchase(pool, {
      userId,
      sessionId: 'cs_refund',
      packageId: 'small',
      amountCents: 10990,
    });
    const held = await hold(pool, { userId, amount: 70, reference: 'video-1' });
    expect(held.ok).toBe(true);
    const refund = {
      userId,
      refundId: 're_1',
      grantSource: 'package' as const,
      grantRef: 'cs_refund',
      refundCents: 10990,
      paidCents: 10990,
      grantedCredits: 100,
    };
    const results = await Promise.all([1, 2, 3].map(() => clawbackRefund(pool, refund)));
    expect(results.map((r) => r.taken)).toEqual([30, 30, 30]);
    expect(await balance(pool, userId)).toBe(0);
    const entries = await pool.query(
      `SELECT amount FROM credit_ledger_entries WHERE kind = 'clawback' AND user_id = $1`,
      [userId],
    );
    expect(entries.rows).toEqual([{ amount: -30 }]);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('never returns held credits of a refunded purchase when their video fails', async () => {
    const userId = await insertUser(pool);
    await fulfilPackagePurchase(pool, {
      userId,
      sessionId: 'cs_held',
      packageId: 'small',
      amountCents: 10990,
    });
    const held = await hold(pool, { userId, amount: 25, reference: 'video-held' });
    if (!held.ok) throw new Error('hold refused');
    const refund = {
      userId,
      refundId: 're_held',
      grantSource: 'package' as const,
      grantRef: 'cs_held',
      refundCents: 10990,
      paidCents: 10990,
      grantedCredits: 100,
    };
    expect((await clawbackRefund(pool, refund)).taken).toBe(75);
    // The video fails: its 25 credits go back to the grant — and straight out again, the purchase was refunded.
    await voidHold(pool, held.hold.id);
    expect(await balance(pool, userId)).toBe(0);
    await voidHold(pool, held.hold.id);
    expect(await balance(pool, userId)).toBe(0);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('takes only what a partial refund still owes when held credits come back', async () => {
    const userId = await insertUser(pool);
    await fulfilPackagePurchase(pool, {
      userId,
      sessionId: 'cs_partial',
      packageId: 'small',
      amountCents: 10000,
    });
    const held = await hold(pool, { userId, amount: 60, reference: 'video-partial' });
    if (!held.ok) throw new Error('hold refused');
    // Half refunded: 50 credits owed, 40 unheld taken now, 10 when the hold is voided.
    const refund = {
      userId,
      refundId: 're_partial',
      grantSource: 'package' as const,
      grantRef: 'cs_partial',
      refundCents: 5000,
      paidCents: 10000,
      grantedCredits: 100,
    };
    expect((await clawbackRefund(pool, refund)).taken).toBe(40);
    await voidHold(pool, held.hold.id);
    expect(await balance(pool, userId)).toBe(50);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('leaves a captured hold spent: a refund after the video was delivered takes only what is left', async () => {
    const userId = await insertUser(pool);
    await fulfilPackagePurchase(pool, {
      userId,
      sessionId: 'cs_spent',
      packageId: 'small',
      amountCents: 10990,
    });
    const held = await hold(pool, { userId, amount: 25, reference: 'video-spent' });
    if (!held.ok) throw new Error('hold refused');
    await capture(pool, held.hold.id);
    const refund = {
      userId,
      refundId: 're_spent',
      grantSource: 'package' as const,
      grantRef: 'cs_spent',
      refundCents: 10990,
      paidCents: 10990,
      grantedCredits: 100,
    };
    expect((await clawbackRefund(pool, refund)).taken).toBe(75);
    expect(await balance(pool, userId)).toBe(0);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('a dispute takes held credits when their video fails, and a won dispute gives back all it took, once', async () => {
    const userId = await insertUser(pool);
    await fulfilPackagePurchase(pool, {
      userId,
      sessionId: 'cs_disputed',
      packageId: 'small',
      amountCents: 10990,
    });
    const held = await hold(pool, { userId, amount: 25, reference: 'video-disputed' });
    if (!held.ok) throw new Error('hold refused');
    const purchase = {
      userId,
      grantSource: 'package' as const,
      grantRef: 'cs_disputed',
      paidCents: 10990,
      grantedCredits: 100,
    };
    const dispute = { kind: 'dispute' as const, id: 'dp_1', amountCents: 10990 };
    expect((await clawbackPurchase(pool, purchase, dispute)).taken).toBe(75);
    await voidHold(pool, held.hold.id);
    expect(await balance(pool, userId)).toBe(0);

    const won = await Promise.all([1, 2, 3].map(() => restorePurchase(pool, purchase, dispute)));
    expect(won.map((r) => r.restored).sort()).toEqual([0, 0, 100]);
    expect(await balance(pool, userId)).toBe(100);
    // A late replay of the dispute's opening takes nothing more.
    expect((await clawbackPurchase(pool, purchase, dispute)).taken).toBe(75);
    expect(await balance(pool, userId)).toBe(100);
    // Credits held again and voided again owe nothing to the reversed dispute.
    const again = await hold(pool, { userId, amount: 10, reference: 'video-after-win' });
    if (!again.ok) throw new Error('hold refused');
    await voidHold(pool, again.hold.id);
    expect(await balance(pool, userId)).toBe(100);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('a refund and a dispute of one purchase, both reversed, give back no more than they took', async () => {
    const userId = await insertUser(pool);
    await fulfilPackagePurchase(pool, {
      userId,
      sessionId: 'cs_both',
      packageId: 'small',
      amountCents: 10000,
    });
    const spent = await hold(pool, { userId, amount: 40, reference: 'video-both-spent' });
    const held = await hold(pool, { userId, amount: 10, reference: 'video-both-held' });
    if (!spent.ok || !held.ok) throw new Error('hold refused');
    await capture(pool, spent.hold.id);
    const purchase = {
      userId,
      grantSource: 'package' as const,
      grantRef: 'cs_both',
      paidCents: 10000,
      grantedCredits: 100,
    };
    const refund = { kind: 'refund' as const, id: 're_both', amountCents: 6000 };
    const dispute = { kind: 'dispute' as const, id: 'dp_both', amountCents: 4000 };
    // 50 unheld credits go to the refund (which wants 60); the dispute finds none; the voided 10 come later.
    expect((await clawbackPurchase(pool, purchase, refund)).taken).toBe(50);
    expect((await clawbackPurchase(pool, purchase, dispute)).taken).toBe(0);
    await voidHold(pool, held.hold.id);
    expect(await balance(pool, userId)).toBe(0);

    await restorePurchase(pool, purchase, dispute);
    await restorePurchase(pool, purchase, refund);
    // Both reversed: the user has the 60 credits nothing spent, not one more.
    expect(await balance(pool, userId)).toBe(60);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('a won dispute replayed after a crash before its history rows writes them with the credits returned', async () => {
    const userId = await insertUser(pool);
    await fulfilPackagePurchase(pool, {
      userId,
      sessionId: 'cs_crash',
      packageId: 'small',
      amountCents: 10990,
    });
    const purchase = {
      userId,
      grantSource: 'package' as const,
      grantRef: 'cs_crash',
      paidCents: 10990,
      grantedCredits: 100,
    };
    const dispute = { kind: 'dispute' as const, id: 'dp_crash', amountCents: 10990 };
    await clawbackPurchase(pool, purchase, dispute);
    await restorePurchase(pool, purchase, dispute);
    // The process died after the restore committed and before its history rows were written.
    await pool.query(`DELETE FROM transactions WHERE provider_ref = 'dispute:dp_crash:restored'`);
    expect((await restorePurchase(pool, purchase, dispute)).restored).toBe(0);
    const rows = await pool.query<{ type: string; amount: number }>(
      `SELECT type, amount FROM transactions WHERE provider_ref = 'dispute:dp_crash:restored' ORDER BY type`,
    );
    expect(rows.rows).toEqual([
      { type: 'credit', amount: 100 },
      { type: 'payment', amount: 10990 },
    ]);
    expect(await balance(pool, userId)).toBe(100);
  });

  it('a dispute won before its opening was processed takes nothing afterwards', async () => {
    const userId = await insertUser(pool);
    await fulfilPackagePurchase(pool, {
      userId,
      sessionId: 'cs_won_early',
      packageId: 'small',
      amountCents: 10990,
    });
    const purchase = {
      userId,
      grantSource: 'package' as const,
      grantRef: 'cs_won_early',
      paidCents: 10990,
      grantedCredits: 100,
    };
    const dispute = { kind: 'dispute' as const, id: 'dp_early', amountCents: 10990 };
    expect((await restorePurchase(pool, purchase, dispute)).restored).toBe(0);
    expect((await clawbackPurchase(pool, purchase, dispute)).taken).toBe(0);
    expect(await balance(pool, userId)).toBe(100);
    expect(await audit(pool, userId)).toEqual([]);
  });
  it('a purchase refunded, then disputed and the dispute won while its credits were held, returns nothing', async () => {
    const userId = await insertUser(pool);
    await fulfilPackagePurchase(pool, {
      userId,
      sessionId: 'cs_refund_won',
      packageId: 'small',
      amountCents: 10990,
    });
    const held = await hold(pool, { userId, amount: 40, reference: 'video-refund-won' });
    if (!held.ok) throw new Error('hold refused');
    const purchase = {
      userId,
      grantSource: 'package' as const,
      grantRef: 'cs_refund_won',
      paidCents: 10990,
      grantedCredits: 100,
    };
    const refund = { kind: 'refund' as const, id: 're_refund_won', amountCents: 10990 };
    const dispute = { kind: 'dispute' as const, id: 'dp_refund_won', amountCents: 10990 };
    expect((await clawbackPurchase(pool, purchase, refund)).taken).toBe(60);
    expect((await clawbackPurchase(pool, purchase, dispute)).taken).toBe(0);
    // The video fails: its 40 credits are owed to the refund, not to the dispute the buyer then loses.
    await voidHold(pool, held.hold.id);
    expect((await restorePurchase(pool, purchase, dispute)).restored).toBe(0);
    expect(await balance(pool, userId)).toBe(0);
    expect(await audit(pool, userId)).toEqual([]);
    // The history the buyer sees agrees with the ledger: the admin's fix finds nothing to correct.
    const fixed = await fixTransactions(pool);
    expect(fixed.errors).toEqual([]);
    expect(fixed.fixed).toBe(0);
  });

  it('a refund that failed after a won dispute gave the credits back takes them from the restored grant', async () => {
    const userId = await insertUser(pool);
    await fulfilPackagePurchase(pool, {
      userId,
      sessionId: 'cs_won_then_refund',
      packageId: 'small',
      amountCents: 10990,
    });
    const purchase = {
      userId,
      grantSource: 'package' as const,
      grantRef: 'cs_won_then_refund',
      paidCents: 10990,
      grantedCredits: 100,
    };
    const dispute = { kind: 'dispute' as const, id: 'dp_won_then_refund', amountCents: 10990 };
    await clawbackPurchase(pool, purchase, dispute);
    expect((await restorePurchase(pool, purchase, dispute)).restored).toBe(100);
    const refund = { kind: 'refund' as const, id: 're_won_then_refund', amountCents: 5495 };
    expect((await clawbackPurchase(pool, purchase, refund)).taken).toBe(50);
    expect(await balance(pool, userId)).toBe(50);
    expect(await audit(pool, userId)).toEqual([]);
    expect((await fixTransactions(pool)).errors).toEqual([]);
  });
});
