import type pg from 'pg';
import { WITHDRAWAL_DAYS } from '#shared/billing';
import { formatBRL } from '#shared/format';
import { findCheckout } from './billing-store.server';
import { clawbackPurchase } from './fulfilment.server';
import type { PaymentProvider } from './providers/payment-provider.server';

/**
 * The buyer's right of withdrawal (direito de arrependimento, CDC art. 49): a credit package bought in the last
 * WITHDRAWAL_DAYS days whose credits are all unspent is refunded in full through the provider, and its credits
 * are taken back by the ledger — once, however often it is asked or the provider's refund event arrives
 * (the clawback is keyed by the provider's refund id). Which purchases, the clock and boleto: ADR 0030.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type WithdrawalOutcome =
  | { ok: true; refundedCents: number; creditsTaken: number; pending: boolean }
  | { ok: false; status: 404 | 409; code: WithdrawalRefusal; message: string };

type WithdrawalRefusal =
  | 'purchase_not_found'
  | 'withdrawal_expired'
  | 'credits_used'
  | 'already_refunded'
  | 'refund_unsupported';

interface PackageGrant {
  id: string;
  amount: number;
  remaining: number;
  createdAt: Date;
}

async function packageGrant(pool: pg.Pool, userId: string, sessionId: string): Promise<PackageGrant | null> {
  const result = await pool.query<{ id: string; amount: number; remaining: number; created_at: Date }>(
    `SELECT id, amount, remaining, created_at FROM credit_grants
     WHERE user_id = $1 AND source = 'package' AND source_ref = $2`,
    [userId, sessionId],
  );
  const row = result.rows[0];
  return row ? { id: row.id, amount: row.amount, remaining: row.remaining, createdAt: row.created_at } : null;
}

async function refundedAlready(pool: pg.Pool, grantId: string): Promise<boolean> {
  const result = await pool.query(
    `SELECT 1 FROM credit_clawbacks WHERE grant_id = $1 AND reference LIKE 'refund:%' LIMIT 1`,
    [grantId],
  );
  return (result.rowCount ?? 0) > 0;
}

const refused = (status: 404 | 409, code: WithdrawalRefusal, message: string): WithdrawalOutcome => ({
  ok: false,
  status,
  code,
  message,
});

const SUPPORT_HINT = 'Se precisar de ajuda, fale com o suporte pela página de contato.';

/** Why this purchase cannot be withdrawn by the buyer alone, or null when it can. */
async function refusalOf(pool: pg.Pool, grant: PackageGrant, now: Date): Promise<WithdrawalOutcome | null> {
  if (await refundedAlready(pool, grant.id)) {
    return refused(409, 'already_refunded', 'Esta compra já foi reembolsada.');
  }
  if (now.getTime() - grant.createdAt.getTime() > WITHDRAWAL_DAYS * DAY_MS) {
    return refused(
      409,
      'withdrawal_expired',
      `O prazo de ${WITHDRAWAL_DAYS} dias para desistir desta compra terminou. ${SUPPORT_HINT}`,
    );
  }
  if (grant.remaining < grant.amount) {
    const used = grant.amount - grant.remaining;
    return refused(
      409,
      'credits_used',
      `Você já usou ${used} dos ${grant.amount} créditos deste pacote, então o reembolso automático não está ` +
        `disponível. ${SUPPORT_HINT}`,
    );
  }
  return null;
}

/** Refunds an unused package of this user bought within the withdrawal period (see the module comment). */
export async function withdrawPackage(
  pool: pg.Pool,
  provider: PaymentProvider,
  userId: string,
  sessionId: string,
  now: Date = new Date(),
): Promise<WithdrawalOutcome> {
  const checkout = await findCheckout(pool, sessionId);
  const grant =
    checkout?.userId === userId && checkout.kind === 'package'
      ? await packageGrant(pool, userId, sessionId)
      : null;
  if (!checkout || !grant) return refused(404, 'purchase_not_found', 'Compra não encontrada.');
  const refusal = await refusalOf(pool, grant, now);
  if (refusal) return refusal;
  const refund = await provider.refundPackage(checkout);
  if (refund === 'unsupported') {
    return refused(
      409,
      'refund_unsupported',
      `Compras pagas com boleto não podem ser estornadas automaticamente: o valor de ${formatBRL(checkout.amountCents)} ` +
        `é devolvido por transferência. ${SUPPORT_HINT}`,
    );
  }
  if (refund.status !== 'succeeded') {
    // A pending refund takes the credits back when it succeeds (the provider's refund event, handleRefunds).
    return { ok: true, refundedCents: refund.amountCents, creditsTaken: 0, pending: true };
  }
  const { taken } = await clawbackPurchase(
    pool,
    {
      userId,
      grantSource: 'package',
      grantRef: sessionId,
      paidCents: checkout.amountCents,
      grantedCredits: grant.amount,
    },
    { kind: 'refund', id: refund.id, amountCents: refund.amountCents },
    now,
  );
  return { ok: true, refundedCents: refund.amountCents, creditsTaken: taken, pending: false };
}
