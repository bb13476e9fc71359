import type { Queryable } from '#server/jobs/jobs.server';
import type { PayoutStatus } from '#shared/payout';

/** Refunds Cena pays itself, by Pix, because the provider cannot (a boleto payment; ADR 0053). */

export interface RefundPayout {
  /** The ledger claim that took the purchase's credits back. */
  claim: string;
  userId: string;
  paymentRef: string;
  amountCents: number;
  pixKey: string;
}

/** Records the payout once per claim; a second call (double click, the sweep) finds the first one. */
export async function recordPayout(db: Queryable, payout: RefundPayout, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO refund_payouts (claim, user_id, payment_ref, amount_cents, pix_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (claim) DO NOTHING`,
    [payout.claim, payout.userId, payout.paymentRef, payout.amountCents, payout.pixKey, now],
  );
}

export async function payoutExists(db: Queryable, claim: string): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM refund_payouts WHERE claim = $1', [claim]);
  return (result.rowCount ?? 0) > 0;
}

/** A payout as the admin panel lists it: with its buyer's e-mail (null once the account is deleted). */
export interface AdminPayoutRow extends RefundPayout {
  status: PayoutStatus;
  customerEmail: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

/** The admin panel's list: one status's payouts, newest first — pending by creation, paid by payment. */
export async function listPayouts(
  db: Queryable,
  status: PayoutStatus,
  limit = 100,
): Promise<AdminPayoutRow[]> {
  const order = status === 'pending' ? 'created_at DESC' : 'paid_at DESC';
  const result = await db.query<AdminPayoutRow>(
    `SELECT claim, user_id AS "userId", payment_ref AS "paymentRef", amount_cents AS "amountCents",
       pix_key AS "pixKey", status, created_at AS "createdAt", paid_at AS "paidAt",
       (SELECT u.email FROM "user" u WHERE u.id = refund_payouts.user_id) AS "customerEmail"
     FROM refund_payouts WHERE status = $1 ORDER BY ${order}, claim LIMIT $2`,
    [status, limit],
  );
  return result.rows;
}

/**
 * The operator made the transfer: a compare-and-set on `pending`, so two marks racing (two admins, a double click)
 * record one payment; the loser learns whether the payout was already paid or never existed.
 */
export async function markPayoutPaid(
  db: Queryable,
  claim: string,
  now: Date = new Date(),
): Promise<{ paidAt: Date } | 'not_pending' | 'not_found'> {
  const result = await db.query<{ paidAt: Date }>(
    `UPDATE refund_payouts SET status = 'paid', paid_at = $2 WHERE claim = $1 AND status = 'pending'
     RETURNING paid_at AS "paidAt"`,
    [claim, now],
  );
  if (result.rows[0]) return result.rows[0];
  return (await payoutExists(db, claim)) ? 'not_pending' : 'not_found';
}
