import type pg from 'pg';
import { type PaymentProvider, providerFailed } from '#server/billing/billing.server';
import { apiError } from '#server/kernel/errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { Mailer } from '#server/mail/mail.server';
import type { billingContract } from '#shared/billing.contract';
import { formatBRL } from '#shared/format';
import { withdrawPackage } from './withdrawal.server';
import { mailWithdrawalConfirmations } from './withdrawal-confirmations.server';

function withdrawalMessage({
  refundedCents,
  pending,
  payout,
}: {
  refundedCents: number;
  pending: boolean;
  payout?: 'pix';
}): string {
  if (payout) {
    return `Reembolso de ${formatBRL(refundedCents)} registrado: como boletos não podem ser estornados, enviamos o valor por Pix para a chave informada em até 5 dias úteis. Os créditos do pacote saíram do seu saldo.`;
  }
  return pending
    ? `Reembolso de ${formatBRL(refundedCents)} solicitado. Os créditos do pacote saíram do seu saldo e voltam se o reembolso não for confirmado.`
    : `Reembolso de ${formatBRL(refundedCents)} feito. Os créditos do pacote saíram do seu saldo.`;
}

/**
 * `POST /api/billing/withdrawal` (docs/billing-contract.md, ADR 0053): an unused package refunded within the
 * withdrawal period. Mounted among billing's routes, which take it from the composition root.
 */
export const withdrawPurchaseRoute =
  (
    pool: pg.Pool,
    provider: PaymentProvider,
    mail: { mailer: Mailer; appUrl: string },
  ): OperationHandler<typeof billingContract.withdrawPurchase> =>
  async (c, { body }) => {
    try {
      const outcome = await withdrawPackage(pool, provider, sessionOf(c).user.id, body.sessionId, {
        pixKey: body.pixKey,
      });
      if (!outcome.ok) return apiError(c, outcome.status, outcome.code, outcome.message);
      // Decreto 7.962/2013 art. 5 §4: the confirmation goes out now; a failed send is the sweep's to retry.
      const deps = { pool, ...mail, logger: c.get('logger') };
      await mailWithdrawalConfirmations(deps, { userId: sessionOf(c).user.id }).catch((error: unknown) =>
        c.get('logger').warn({ err: error }, 'withdrawal confirmation not mailed; the sweep retries'),
      );
      const { ok: _, ...refund } = outcome;
      return c.json({ ...refund, message: withdrawalMessage(refund) });
    } catch (error) {
      return providerFailed(
        c,
        provider,
        error,
        'refund_failed',
        'Não foi possível fazer o reembolso agora. Tente novamente em instantes.',
      );
    }
  };
