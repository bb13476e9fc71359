import type { BillingPeriod, CreditPackage, Plan } from '#shared/catalogue';
import type { PAYMENT_METHODS, PaymentMethod } from '#shared/payment-methods';
import type { ProviderKind } from './billing.schema.server';
import type { CheckoutRecord } from './billing-store.server';
import type { PrepaidOrder } from './prepaid/prepaid.server';

/**
 * What the billing routes need from a payment provider (docs/billing-contract.md). Two implementations: Stripe, and the local test
 * checkout. Both end in the same fulfilment functions (fulfilment.server.ts); a provider only knows how to ask
 * "what was paid" of its own system.
 */

export interface BillingUser {
  id: string;
  email: string;
  name: string;
}

/** How a plan is paid through a provider subscription: `pix` is a prepaid period instead. */
export type PlanPaymentMethod = Exclude<(typeof PAYMENT_METHODS)[number], 'pix'>;

export interface CheckoutStart {
  url: string;
  sessionId: string;
}

/** The contract's verify answer (docs/billing-contract.md). */
export interface VerifyOutcome {
  success: boolean;
  message: string;
  credits: number;
  packageType: string | null;
}

export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** A plan's checkout, paid by card or — as a subscription whose invoices are boletos — by boleto (ADR 0043). */
  startPlanCheckout(
    user: BillingUser,
    plan: Plan,
    period: BillingPeriod,
    method: PlanPaymentMethod,
  ): Promise<CheckoutStart>;
  /** A credit package's one-time payment, by the method the buyer picked (card, Pix or boleto; ADR 0059). */
  startPackageCheckout(user: BillingUser, pkg: CreditPackage, method: PaymentMethod): Promise<CheckoutStart>;
  /** A one-time Pix payment of a prepaid plan period, or of an upgrade of one (ADR 0042). */
  startPrepaidCheckout(user: BillingUser, order: PrepaidOrder): Promise<CheckoutStart>;
  /** The billing portal; null when the provider gave none (the route then uses STRIPE_PORTAL_LOGIN_URL). */
  portalUrl(user: BillingUser): Promise<string | null>;
  /** The success page's check: runs the same fulfilment as the webhook for this user's session. */
  verify(userId: string, sessionId: string): Promise<VerifyOutcome>;
  /** Refreshes the stored subscriptions from the provider (check-subscription). */
  syncSubscriptions(userId: string): Promise<void>;
  /** Pulls subscriptions and paid invoices/sessions and fulfils whatever is missing; returns new grants. */
  reconcile(userId: string): Promise<number>;
  /**
   * Ends every subscription of the user now, without proration or a final invoice, and expires the checkouts
   * still open (their account is being deleted); one already ended is not an error.
   */
  cancelSubscriptionsNow(userId: string): Promise<void>;
  /**
   * Refunds a paid package checkout in full, once per `claim` (the withdrawal's ledger claim, ADR 0053): asked
   * again with it, it answers the same refund (an idempotent request). 'unsupported' when the payment method
   * takes no refunds (boleto, ADR 0053); ProviderRefusal when the provider said no (nothing was refunded).
   */
  refundPackage(checkout: CheckoutRecord, claim: string): Promise<ProviderRefund | 'unsupported'>;
  /**
   * The refund made under a withdrawal's claim, read from the provider without asking for one: null when none was
   * made, 'unsupported' when the payment takes no refunds (the withdrawal sweep, ADR 0053).
   */
  findRefund(checkout: CheckoutRecord, claim: string): Promise<ProviderRefund | 'unsupported' | null>;
}

/** A refund as the provider made it; only a `succeeded` one takes credits back. */
export interface ProviderRefund {
  id: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
}

/** A provider call failed (network, Stripe error): the route answers 502 with a pt-BR message. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

/** The provider answered and refused (a request it will not carry out): unlike a failed call, nothing happened. */
export class ProviderRefusal extends ProviderError {
  override name = 'ProviderRefusal';
}

export const VERIFY_MESSAGES = {
  notFound: 'Sessão de pagamento não encontrada.',
  pending:
    'Pagamento ainda não confirmado. Pagamentos com Pix ou boleto podem levar alguns minutos; tente novamente em instantes.',
  canceled: 'O pagamento não foi concluído.',
  paid: 'Pagamento confirmado!',
  declined:
    'Pagamento recebido, mas não aplicado: seu plano mudou depois da cotação. O valor será reembolsado.',
} as const;

export function verifyFailure(message: string): VerifyOutcome {
  return { success: false, message, credits: 0, packageType: null };
}
