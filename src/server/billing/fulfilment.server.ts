import type pg from 'pg';
import { DAY_MS, grant } from '#server/credits/credits.server';
import {
  type BillingPeriod,
  findPackage,
  findPlan,
  PACKAGE_CREDIT_VALIDITY_DAYS,
  PLAN_CREDIT_FALLBACK_VALIDITY_DAYS,
  type PlanId,
  planCreditsPerInvoice,
} from '#shared/catalogue';
import { followPayment } from './after-payment.server';
import { markCheckout } from './billing-store.server';
import { type ProrationShare, prorate } from './proration.server';
import { recordTransactions } from './transactions-store.server';

/**
 * The one place payments become credits (docs/billing-contract.md, design §4). The webhook, the success-page `verify`, the local
 * checkout and reconcile all call these functions, keyed by the provider's ids. Each is a sequence of idempotent
 * steps (ledger grant unique on (source, source_ref); transactions unique on (type, provider_ref)), so running it
 * twice, concurrently, or again after a crash halfway, ends in the same state: each payment granted exactly once.
 */

export interface FulfilResult {
  /** True when this call made the grant (false: it already existed, or there was nothing to grant). */
  created: boolean;
  credits: number;
  /** A Pix plan payment declined when it landed (ADR 0049): nothing granted, the payment refunded. */
  declined?: boolean;
}

class UnknownCatalogueItemError extends Error {
  override name = 'UnknownCatalogueItemError';
}

export interface PackagePurchase {
  userId: string;
  /** Checkout session id: the grant's source_ref and the transactions' provider_ref. */
  sessionId: string;
  packageId: string;
  amountCents: number;
  /** Stripe's payment method type (card, pix, boleto): a boleto cannot be refunded through Stripe. */
  paymentMethod?: string | null;
  /** The charge's `receipt_url` at Stripe (docs.stripe.com/api/charges/object); none in local mode. */
  receiptUrl?: string | null;
  /** The charge's card fingerprint at Stripe (same object); none in local mode, nor for Pix or boleto. */
  paymentFingerprint?: string | null;
}

export async function fulfilPackagePurchase(
  pool: pg.Pool,
  purchase: PackagePurchase,
  now: Date = new Date(),
): Promise<FulfilResult> {
  const pkg = findPackage(purchase.packageId);
  if (!pkg) throw new UnknownCatalogueItemError(`unknown package ${purchase.packageId}`);
  const granted = await grant(
    pool,
    {
      userId: purchase.userId,
      amount: pkg.credits,
      source: 'package',
      sourceRef: purchase.sessionId,
      expiresAt: new Date(now.getTime() + PACKAGE_CREDIT_VALIDITY_DAYS * DAY_MS),
      planType: 'purchased',
      metadata: {
        packageId: pkg.id,
        ...(purchase.paymentMethod ? { paymentMethod: purchase.paymentMethod } : {}),
      },
    },
    now,
  );
  // After the grant, so history never shows a payment whose credits are missing; a crash between the two is
  // repaired by the next call (webhook retry, verify, reconcile), which finds the grant and fills these in.
  await recordTransactions(
    pool,
    purchase.userId,
    [
      {
        type: 'payment',
        amount: purchase.amountCents,
        description: `Pacote de ${pkg.credits} créditos`,
        providerRef: purchase.sessionId,
      },
      {
        type: 'credit',
        amount: pkg.credits,
        description: `${pkg.credits} créditos adicionados (pacote)`,
        providerRef: purchase.sessionId,
      },
    ],
    now,
  );
  await followPayment(
    pool,
    {
      userId: purchase.userId,
      paymentRef: purchase.sessionId,
      paidCents: purchase.amountCents,
      grantSource: 'package',
      grantedCredits: pkg.credits,
      item: `Pacote de ${pkg.credits} créditos`,
      receiptUrl: purchase.receiptUrl,
      paymentFingerprint: purchase.paymentFingerprint,
    },
    now,
  );
  await markCheckout(pool, purchase.sessionId, 'paid');
  return { created: granted.created, credits: pkg.credits };
}

export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'other';

export interface PaidInvoice {
  userId: string;
  invoiceId: string;
  planId: string;
  period: BillingPeriod;
  /** End of the period the invoice pays for; plan credits expire then (null: fallback 30 days). */
  periodEnd: Date | null;
  billingReason: BillingReason;
  /** For an upgrade's proration invoice: the plan (and period) before the change. */
  previousPlanId?: string | null;
  previousPeriod?: BillingPeriod | null;
  /**
   * For an upgrade: the share of the period its price was prorated for (ADR 0049); the credits' difference is
   * prorated alike. Absent: the whole period.
   */
  share?: ProrationShare | null;
  amountPaidCents: number;
  /** The invoice's `hosted_invoice_url` at Stripe, its receipt for the buyer; none in local mode. */
  receiptUrl?: string | null;
}

/**
 * Credits one paid invoice grants (design §4): a period's credits, or an upgrade's difference for the share of the
 * period it paid for (ADR 0049).
 */
export function invoiceCredits(invoice: PaidInvoice): number {
  const plan = findPlan(invoice.planId);
  if (!plan) throw new UnknownCatalogueItemError(`unknown plan ${invoice.planId}`);
  const full = planCreditsPerInvoice(plan, invoice.period);
  // Manual or threshold invoices are not a plan period: they record the payment but grant nothing by themselves.
  if (invoice.billingReason === 'other') return 0;
  if (invoice.billingReason !== 'subscription_update') return full;
  const previous = invoice.previousPlanId ? findPlan(invoice.previousPlanId) : undefined;
  // An update we cannot attribute to a plan change (quantity, metadata…) grants nothing rather than a guess.
  if (!previous) return 0;
  // A change of period starts a new billing cycle, charged in full: it grants the new period in full.
  if (invoice.previousPeriod && invoice.previousPeriod !== invoice.period) return full;
  // Downgrades take effect at the period end (design §4): their credits come with the next cycle invoice.
  const difference = Math.max(0, full - planCreditsPerInvoice(previous, invoice.period));
  return invoice.share ? prorate(difference, invoice.share) : difference;
}

export async function fulfilInvoice(
  pool: pg.Pool,
  invoice: PaidInvoice,
  now: Date = new Date(),
): Promise<FulfilResult> {
  const plan = findPlan(invoice.planId);
  if (!plan) throw new UnknownCatalogueItemError(`unknown plan ${invoice.planId}`);
  const credits = invoiceCredits(invoice);
  const periodLabel = invoice.period === 'monthly' ? 'mensal' : 'anual';
  let created = false;
  if (credits > 0) {
    const expiresAt =
      invoice.periodEnd && invoice.periodEnd.getTime() > now.getTime()
        ? invoice.periodEnd
        : new Date(now.getTime() + PLAN_CREDIT_FALLBACK_VALIDITY_DAYS * DAY_MS);
    const granted = await grant(
      pool,
      {
        userId: invoice.userId,
        amount: credits,
        source: 'plan',
        sourceRef: invoice.invoiceId,
        expiresAt,
        planType: plan.id,
        metadata: { billingReason: invoice.billingReason, period: invoice.period },
      },
      now,
    );
    created = granted.created;
  }
  const upgrade = invoice.billingReason === 'subscription_update';
  await recordTransactions(
    pool,
    invoice.userId,
    [
      ...(invoice.amountPaidCents > 0
        ? [
            {
              type: 'payment' as const,
              amount: invoice.amountPaidCents,
              description: upgrade
                ? `Upgrade para o plano ${plan.name} (${periodLabel})`
                : `Assinatura ${plan.name} (${periodLabel})`,
              providerRef: invoice.invoiceId,
              invoiceId: invoice.invoiceId,
            },
          ]
        : []),
      ...(credits > 0
        ? [
            {
              type: 'credit' as const,
              amount: credits,
              description: `${credits} créditos do plano ${plan.name}`,
              providerRef: invoice.invoiceId,
              invoiceId: invoice.invoiceId,
            },
          ]
        : []),
    ],
    now,
  );
  await followPayment(
    pool,
    {
      userId: invoice.userId,
      paymentRef: invoice.invoiceId,
      paidCents: invoice.amountPaidCents,
      grantSource: 'plan',
      grantedCredits: credits,
      item: `Plano ${plan.name} (${periodLabel})`,
      receiptItem: upgrade ? `Upgrade para o plano ${plan.name} (${periodLabel})` : undefined,
      receiptUrl: invoice.receiptUrl,
    },
    now,
  );
  return { created, credits };
}

export function isPlanId(value: string | null | undefined): value is PlanId {
  return value !== null && value !== undefined && findPlan(value) !== undefined;
}
