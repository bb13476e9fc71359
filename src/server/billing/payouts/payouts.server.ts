import type { Queryable } from '#server/jobs/queues.server';

/** Refunds Cena pays itself, by Pix, because the provider cannot (a boleto payment; ADR 0043). */

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
