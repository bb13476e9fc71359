import type pg from 'pg';
import { rewardInvite } from '#server/invites/invite-rewards.server';
import { requestNota } from '#server/notas-fiscais/notas.server';
import { requestReceipt } from './receipts/receipts.server';
import { withdrawalRule } from './withdrawal-claim.server';

/** A paid purchase as its follow-ups need it: keyed by the payment's provider ref (Checkout session or invoice). */
export interface SettledPayment {
  userId: string;
  paymentRef: string;
  paidCents: number;
  grantSource: 'package' | 'plan';
  grantedCredits: number;
  /** What was bought, as the nota fiscal and the receipt say it. */
  item: string;
  /** The receipt's wording when it differs (an upgrade). */
  receiptItem?: string;
  /** Stripe's receipt for the charge, when there is one. */
  receiptUrl?: string | null;
  /** Stripe's card fingerprint of the charge, when it was a card: the invite reward's payment mark (ADR 0046). */
  paymentFingerprint?: string | null;
}

/**
 * What follows a paid purchase, each once per payment however often fulfilment runs (a replayed webhook, `verify`
 * after it): the invite reward (ADR 0040; it waits for the withdrawal window, ADR 0046), the nota fiscal (ADR 0041)
 * and the receipt e-mail, the last two only recorded here and sent by their sweeps, so a failing emitter or mail
 * server never undoes a fulfilment.
 */
export async function followPayment(pool: pg.Pool, payment: SettledPayment, now: Date): Promise<void> {
  const { userId, paymentRef, paidCents } = payment;
  await rewardInvite(
    { pool, withdrawals: withdrawalRule },
    {
      userId,
      grantSource: payment.grantSource,
      grantRef: paymentRef,
      paidCents,
      grantedCredits: payment.grantedCredits,
      paymentFingerprint: payment.paymentFingerprint ?? null,
    },
    now,
  );
  await requestNota(pool, { userId, paymentRef, amountCents: paidCents, item: payment.item }, now);
  await requestReceipt(
    pool,
    {
      userId,
      paymentRef,
      amountCents: paidCents,
      item: payment.receiptItem ?? payment.item,
      receiptUrl: payment.receiptUrl ?? null,
    },
    now,
  );
}
