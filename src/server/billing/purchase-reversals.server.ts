import type pg from 'pg';
import {
  clawback,
  GrantNotFoundError,
  restoreClawback,
  restoredAmount,
} from '#server/credits/credits.server';
import { followInviteReversal } from '#server/invites/invites.server';
import { requestNotaCancel } from '#server/notas-fiscais/notas-fiscais.server';
import { recordTransactions, refundDescription } from './transactions-store.server';

/**
 * Money taken back from a paid purchase — a refund, a dispute, a withdrawal's claim — and given back when the
 * refund fails or the dispute is won: the other half of fulfilment (fulfilment.server.ts), on the same grants.
 */

/** The purchase a refund or dispute is about: whose grant, what was paid, what it granted. */
export interface PaidPurchase {
  userId: string;
  /** The grant of this Checkout session (package) or invoice (plan). */
  grantSource: 'package' | 'plan';
  grantRef: string;
  /** What the payment was: a partial refund or dispute takes back the same share of the grant. */
  paidCents: number;
  grantedCredits: number;
}

/** Money taken back from a purchase: a refund, or a dispute (chargeback, Pix MED). */
export interface Reversal {
  kind: 'refund' | 'dispute';
  /** The provider's refund or dispute id: one clawback and one set of history rows each. */
  id: string;
  amountCents: number;
  /** The ledger claim it settles when the credits were taken before the provider was asked (ADR 0053). */
  claim?: string;
}

const REVERSAL_LABELS = {
  refund: { payment: 'Reembolso', credits: 'reembolso' },
  dispute: { payment: 'Contestação do pagamento', credits: 'contestação' },
} as const;

/** One share of a purchase's credits for `amountCents` of it (all of them for the whole amount). */
function shareOf(purchase: PaidPurchase, amountCents: number): number | undefined {
  return purchase.paidCents > 0 && amountCents < purchase.paidCents
    ? Math.ceil((purchase.grantedCredits * amountCents) / purchase.paidCents)
    : undefined;
}

const referenceOf = (reversal: Pick<Reversal, 'kind' | 'id' | 'claim'>) =>
  reversal.claim ?? `${reversal.kind}:${reversal.id}`;

/**
 * A refund (`charge.refunded`, or a pending one once it succeeds) or a dispute opened (`charge.dispute.created`):
 * takes back the unspent part of that purchase's grant (a partial amount: at most its share), never below zero,
 * once per refund or dispute id; credits held by a video in progress are taken if its hold is voided. Credits
 * already spent are not taken from other grants.
 */
export async function clawbackPurchase(
  pool: pg.Pool,
  purchase: PaidPurchase,
  reversal: Reversal,
  now: Date = new Date(),
): Promise<{ taken: number }> {
  const share = shareOf(purchase, reversal.amountCents);
  const reference = referenceOf(reversal);
  let taken = 0;
  try {
    const result =
      share === 0
        ? { amount: 0 }
        : await clawback(
            pool,
            {
              userId: purchase.userId,
              source: purchase.grantSource,
              sourceRef: purchase.grantRef,
              reference,
              ...(share !== undefined ? { maxAmount: share } : {}),
            },
            now,
          );
    taken = result.amount;
  } catch (error) {
    // A payment that granted nothing (e.g. a downgrade's invoice) has nothing to take back.
    if (!(error instanceof GrantNotFoundError)) throw error;
  }
  const labels = REVERSAL_LABELS[reversal.kind];
  await recordTransactions(
    pool,
    purchase.userId,
    [
      {
        type: 'payment',
        amount: -reversal.amountCents,
        description: await refundDescription(pool, purchase, reversal.kind, labels.payment),
        providerRef: reference,
        invoiceId: purchase.grantSource === 'plan' ? purchase.grantRef : null,
      },
      ...(taken > 0
        ? [
            {
              type: 'credit' as const,
              amount: -taken,
              description: `${taken} créditos removidos (${labels.credits})`,
              providerRef: reference,
            },
          ]
        : []),
    ],
    now,
  );
  await followInviteReversal(pool, purchase, reversal, 'take', now);
  // A nota is cancelled whole, never in part (ADR 0041): only a refund of the whole payment cancels it.
  if (reversal.kind === 'refund' && reversal.amountCents >= purchase.paidCents) {
    await requestNotaCancel(pool, purchase.grantRef, now);
  }
  return { taken };
}

/**
 * A dispute closed in the merchant's favour (won, or an inquiry closed) or a refund that failed after
 * all: what its clawback took comes back (restoreClawback), once. History shows the money and the credits
 * returning.
 */
export async function restorePurchase(
  pool: pg.Pool,
  purchase: PaidPurchase,
  reversal: Reversal,
  now: Date = new Date(),
): Promise<{ restored: number }> {
  const reference = referenceOf(reversal);
  await followInviteReversal(pool, purchase, reversal, 'restore', now);
  const result = await restoreClawback(
    pool,
    { userId: purchase.userId, source: purchase.grantSource, sourceRef: purchase.grantRef, reference },
    now,
  );
  // Only a reversal whose clawback was recorded has history rows to answer.
  const recorded = await pool.query('SELECT 1 FROM transactions WHERE provider_ref = $1 LIMIT 1', [
    reference,
  ]);
  if (!recorded.rowCount) return { restored: result.amount };
  // A replay (say, after a crash between the restore and these rows) writes the rows the first run gave.
  const credits = result.created ? result.amount : await restoredAmount(pool, purchase.userId, reference);
  const labels = REVERSAL_LABELS[reversal.kind];
  await recordTransactions(
    pool,
    purchase.userId,
    [
      {
        type: 'payment',
        amount: reversal.amountCents,
        description: `${labels.payment} revertido`,
        providerRef: `${reference}:restored`,
        invoiceId: purchase.grantSource === 'plan' ? purchase.grantRef : null,
      },
      ...(credits > 0
        ? [
            {
              type: 'credit' as const,
              amount: credits,
              description: `${credits} créditos devolvidos (${labels.credits} revertido)`,
              providerRef: `${reference}:restored`,
            },
          ]
        : []),
    ],
    now,
  );
  return { restored: result.amount };
}
