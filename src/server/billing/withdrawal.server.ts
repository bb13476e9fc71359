import type pg from 'pg';
import { restoreClawback } from '#server/credits/ledger-restorations.server';
import { findCheckout } from './billing-store.server';
import { clawbackPurchase, type PaidPurchase } from './fulfilment.server';
import {
  type PaymentProvider,
  type ProviderRefund,
  ProviderRefusal,
} from './providers/payment-provider.server';
import { boletoRefusal, claimWithdrawal, type Refused, refused } from './withdrawal-claim.server';

/**
 * The buyer's right of withdrawal (direito de arrependimento, CDC art. 49): a credit package bought in the last
 * WITHDRAWAL_DAYS days whose credits are all unspent is refunded in full through the provider, and its credits
 * are taken back by the ledger — once, however often it is asked or the provider's refund event arrives. Which
 * purchases, the clock and boleto: ADR 0030. The credits are taken before the provider is asked, in the
 * transaction that checks them unused, and given back if the provider refuses: ADR 0037.
 */

export type WithdrawalOutcome =
  | { ok: true; refundedCents: number; creditsTaken: number; pending: boolean }
  | Refused;

const REFUSED_BY_PROVIDER =
  'O provedor de pagamento recusou o reembolso; os créditos do pacote continuam no seu saldo. ' +
  'Se precisar de ajuda, fale com o suporte pela página de contato.';

/** Refunds an unused package of this user bought within the withdrawal period (see the module comment). */
export async function withdrawPackage(
  pool: pg.Pool,
  provider: PaymentProvider,
  userId: string,
  sessionId: string,
  now: Date = new Date(),
): Promise<WithdrawalOutcome> {
  const checkout = await findCheckout(pool, sessionId);
  if (checkout?.userId !== userId || checkout.kind !== 'package') {
    return refused(404, 'purchase_not_found', 'Compra não encontrada.');
  }
  const claim = await claimWithdrawal(pool, checkout, now);
  if (!claim.ok) return claim;
  const purchase: PaidPurchase = {
    userId,
    grantSource: 'package',
    grantRef: sessionId,
    paidCents: checkout.amountCents,
    grantedCredits: claim.credits,
  };
  const giveBack = () =>
    restoreClawback(
      pool,
      { userId, source: 'package', sourceRef: sessionId, reference: claim.reference },
      now,
    );
  let refund: ProviderRefund | 'unsupported';
  try {
    refund = await provider.refundPackage(checkout, claim.reference);
  } catch (error) {
    if (!(error instanceof ProviderRefusal)) throw error; // unknown outcome: the claim waits for a retry (ADR 0037)
    await giveBack();
    return refused(502, 'refund_failed', REFUSED_BY_PROVIDER);
  }
  if (refund === 'unsupported') {
    await giveBack();
    return boletoRefusal(checkout.amountCents);
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    await giveBack();
    return refused(502, 'refund_failed', REFUSED_BY_PROVIDER);
  }
  // Accepted (succeeded, or pending until the provider settles it): the history says so; a pending refund that
  // fails later gives the credits back through the provider's event (handleRefunds, same claim reference).
  const { taken } = await clawbackPurchase(
    pool,
    purchase,
    { kind: 'refund', id: refund.id, amountCents: refund.amountCents, claim: claim.reference },
    now,
  );
  return {
    ok: true,
    refundedCents: refund.amountCents,
    creditsTaken: taken,
    pending: refund.status === 'pending',
  };
}
