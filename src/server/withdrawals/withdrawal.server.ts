import type pg from 'pg';
import {
  type CheckoutRecord,
  claimWithdrawal,
  clawbackPurchase,
  findCheckout,
  type PaidPurchase,
  type PaymentProvider,
  type ProviderRefund,
  ProviderRefusal,
  payoutDetailsRequired,
  type Refused,
  refused,
} from '#server/billing/billing.server';
import { restoreClawback } from '#server/credits/credits.server';
import { payoutExists, recordPayout } from './payouts/payouts.server';
import { recordWithdrawalConfirmation } from './withdrawal-confirmations.server';

/**
 * The buyer's right of withdrawal (direito de arrependimento, CDC art. 49): a credit package bought in the last
 * WITHDRAWAL_DAYS days whose credits are all unspent is refunded in full through the provider, and its credits
 * are taken back by the ledger — once, however often it is asked or the provider's refund event arrives. Which
 * purchases, the clock: ADR 0053. The credits are taken before the provider is asked, in the transaction that
 * checks them unused, and given back if the provider refuses: ADR 0053. A boleto purchase, which Stripe cannot
 * refund, is paid back by a Pix transfer recorded as a pending payout: ADR 0053.
 */

export type WithdrawalOutcome =
  | { ok: true; refundedCents: number; creditsTaken: number; pending: boolean; payout?: 'pix' }
  | Refused;

const REFUSED_BY_PROVIDER =
  'O provedor de pagamento recusou o reembolso; os créditos do pacote continuam no seu saldo. ' +
  'Se precisar de ajuda, fale com o suporte pela página de contato.';

/** A withdrawal's claim on its package: what it took, under which reference. */
interface OpenClaim {
  reference: string;
  credits: number;
}

/**
 * What the provider did with a claim's refund: the refund, 'unsupported' (boleto: a payout instead), or a
 * refusal (nothing was refunded).
 */
export type ClaimAnswer = ProviderRefund | 'unsupported' | 'refused';

/**
 * Ends a claim as the provider answered it, each step idempotent by the claim's reference, so the buyer's retry
 * and the sweep (withdrawal-sweep.server.ts) settle it exactly once whoever comes first. A refusal, a failed
 * refund, or a boleto payout with no Pix key gives back exactly what was taken.
 */
export async function settleClaim(
  pool: pg.Pool,
  checkout: CheckoutRecord,
  claim: OpenClaim,
  answer: ClaimAnswer,
  pixKey: string | undefined,
  now: Date,
): Promise<WithdrawalOutcome> {
  const { userId, id: sessionId } = checkout;
  const giveBack = () =>
    restoreClawback(
      pool,
      { userId, source: 'package', sourceRef: sessionId, reference: claim.reference },
      now,
    );
  // The withdrawal's confirmation e-mail (Decreto 7.962/2013 art. 5 §4), recorded before the history rows that
  // close the claim: whoever settles it again (a retry, the sweep) finds the one row (withdrawal-confirmations).
  const confirm = (payout: boolean, amountCents: number) =>
    recordWithdrawalConfirmation(
      pool,
      { claimRef: claim.reference, userId, paymentRef: sessionId, amountCents, payout },
      now,
    );
  const purchase: PaidPurchase = {
    userId,
    grantSource: 'package',
    grantRef: sessionId,
    paidCents: checkout.amountCents,
    grantedCredits: claim.credits,
  };
  if (answer === 'unsupported') {
    if (pixKey) {
      const payout = { claim: claim.reference, userId, paymentRef: sessionId, pixKey };
      await recordPayout(pool, { ...payout, amountCents: checkout.amountCents }, now);
    } else if (!(await payoutExists(pool, claim.reference))) {
      await giveBack();
      return payoutDetailsRequired(checkout.amountCents);
    }
    await confirm(true, checkout.amountCents);
    // The payout is the refund: its claim's reference names it in the history, the nota is cancelled the same.
    const reversal = { id: claim.reference, amountCents: checkout.amountCents, claim: claim.reference };
    const { taken } = await clawbackPurchase(pool, purchase, { kind: 'refund', ...reversal }, now);
    return {
      ok: true,
      refundedCents: checkout.amountCents,
      creditsTaken: taken,
      pending: true,
      payout: 'pix',
    };
  }
  if (answer === 'refused' || answer.status === 'failed' || answer.status === 'canceled') {
    await giveBack();
    return refused(502, 'refund_failed', REFUSED_BY_PROVIDER);
  }
  // Accepted (succeeded, or pending until the provider settles it): the history says so; a pending refund that
  // fails later gives the credits back through the provider's event (handleRefunds, same claim reference).
  await confirm(false, answer.amountCents);
  const { taken } = await clawbackPurchase(
    pool,
    purchase,
    { kind: 'refund', id: answer.id, amountCents: answer.amountCents, claim: claim.reference },
    now,
  );
  return {
    ok: true,
    refundedCents: answer.amountCents,
    creditsTaken: taken,
    pending: answer.status === 'pending',
  };
}

/** Asks the provider for the claim's refund (idempotent by the claim); a refusal is an answer, not a failure. */
export async function askRefund(
  provider: PaymentProvider,
  checkout: CheckoutRecord,
  reference: string,
): Promise<ClaimAnswer> {
  try {
    return await provider.refundPackage(checkout, reference);
  } catch (error) {
    if (error instanceof ProviderRefusal) return 'refused';
    throw error; // unknown outcome: the claim waits for a retry or the sweep (ADR 0053)
  }
}

/** Refunds an unused package of this user bought within the withdrawal period (see the module comment). */
export async function withdrawPackage(
  pool: pg.Pool,
  provider: PaymentProvider,
  userId: string,
  sessionId: string,
  options: { pixKey?: string | undefined; now?: Date } = {},
): Promise<WithdrawalOutcome> {
  const { pixKey, now = new Date() } = options;
  const checkout = await findCheckout(pool, sessionId);
  if (checkout?.userId !== userId || checkout.kind !== 'package') {
    return refused(404, 'purchase_not_found', 'Compra não encontrada.');
  }
  const claim = await claimWithdrawal(pool, checkout, pixKey !== undefined, now);
  if (!claim.ok) return claim;
  // A purchase known to be a boleto is not sent to the provider, which would only answer that it cannot.
  const answer =
    claim.paymentMethod === 'boleto' ? 'unsupported' : await askRefund(provider, checkout, claim.reference);
  return settleClaim(pool, checkout, claim, answer, pixKey, now);
}
