import type pg from 'pg';
import Stripe from 'stripe';
import {
  type BillingUser,
  type CheckoutRecord,
  type CheckoutStart,
  findCheckout,
  insertCheckout,
  type PaymentProvider,
  type PlanPaymentMethod,
  type PrepaidOrder,
  ProviderError,
  type ProviderRefund,
  saveStripeCustomer,
  stripeCustomerOf,
  VERIFY_MESSAGES,
  type VerifyOutcome,
  verifyFailure,
} from '#server/billing/billing.server';
import type { StripeConfig } from '#server/config.server';
import type { Logger } from '#server/logger.server';
import type { BillingPeriod, CreditPackage, Plan } from '#shared/catalogue';
import type { PaymentMethod } from '#shared/payment-methods';
import { startBoletoSubscription } from './stripe-boleto-plans.server';
import { handleStripeEvent } from './stripe-events.server';
import {
  fulfilStripeInvoice,
  priceIndexOf,
  type StripeContext,
  storeSubscription,
} from './stripe-plans.server';
import { configurePortal } from './stripe-portal.server';
import { findClaimRefund, refundCheckout } from './stripe-refunds.server';
import { isMissing } from './stripe-sdk.server';
import { fulfilSession, upgradeQuoteMetadata } from './stripe-sessions.server';

/** A prepaid period's Pix code is good for a day, Stripe's default, like the Checkout page itself. */
const PIX_EXPIRES_AFTER_SECONDS = 24 * 60 * 60;

/**
 * Stripe (official SDK). Checkout in subscription mode for plans (price ids from configuration) and in payment
 * mode for packages (card, Pix, boleto; BRL price_data from the catalogue); the Customer Portal for changes.
 *
 * Events are never trusted for state: each handler fetches the current object from Stripe and acts on that, so
 * duplicates and any delivery order converge on Stripe's truth, and fulfilment (idempotent by session/invoice id)
 * grants each payment once whoever reports it first — webhook, success page or reconcile.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  private readonly context: StripeContext;
  private portalConfiguration: Promise<string> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    readonly stripe: Stripe,
    private readonly config: StripeConfig,
    private readonly appUrl: string,
    logger: Logger,
  ) {
    this.context = { pool, stripe, logger, priceIndex: priceIndexOf(config.prices) };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Starting payments

  private async customerFor(user: BillingUser): Promise<string> {
    const existing = await stripeCustomerOf(this.pool, user.id);
    if (existing) return existing;
    // The idempotency key makes two racing first checkouts get the same customer from Stripe.
    const customer = await this.stripe.customers.create(
      { email: user.email, name: user.name, metadata: { user_id: user.id } },
      { idempotencyKey: `cena-customer-${user.id}` },
    );
    return saveStripeCustomer(this.pool, user.id, customer.id);
  }

  async startPlanCheckout(
    user: BillingUser,
    plan: Plan,
    period: BillingPeriod,
    method: PlanPaymentMethod,
  ): Promise<CheckoutStart> {
    const customer = await this.customerFor(user);
    const price = this.config.prices[plan.id][period];
    if (method === 'boleto') {
      return startBoletoSubscription(this.context, customer, price, plan, period, user.id);
    }
    const metadata = { user_id: user.id, kind: 'plan', plan_id: plan.id, billing_period: period };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price, quantity: 1 }],
      success_url: `${this.appUrl}/dashboard?success=true`,
      cancel_url: `${this.appUrl}/pricing`,
      locale: 'pt-BR',
      metadata,
      subscription_data: { metadata },
    });
    return this.recordPlanCheckout(session, user, plan, period, { amountCents: session.amount_total ?? 0 });
  }

  async startPackageCheckout(
    user: BillingUser,
    pkg: CreditPackage,
    method: PaymentMethod,
  ): Promise<CheckoutStart> {
    const customer = await this.customerFor(user);
    const metadata = { user_id: user.id, kind: 'package', package_id: pkg.id };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      customer,
      client_reference_id: user.id,
      // The method picked on the buy-credits page only (ADR 0059). Pix and boleto settle later: their credits come
      // with checkout.session.async_payment_succeeded; a Pix code expires as a prepaid plan's does (ADR 0042).
      allowed_payment_method_types: [method],
      ...(method === 'pix'
        ? { payment_method_options: { pix: { expires_after_seconds: PIX_EXPIRES_AFTER_SECONDS } } }
        : {}),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'brl',
            unit_amount: pkg.priceCents,
            product_data: { name: `Pacote de ${pkg.credits} créditos — Cena` },
          },
        },
      ],
      success_url: `${this.appUrl}/dashboard/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${this.appUrl}/dashboard/buy-credits?canceled=1`,
      locale: 'pt-BR',
      metadata,
      payment_intent_data: { metadata },
    });
    if (!session.url) throw new ProviderError('Stripe returned no checkout url');
    await insertCheckout(this.pool, {
      id: session.id,
      userId: user.id,
      provider: 'stripe',
      kind: 'package',
      planId: null,
      billingPeriod: null,
      packageId: pkg.id,
      amountCents: pkg.priceCents,
      paymentMethod: method,
    });
    return { url: session.url, sessionId: session.id };
  }

  /**
   * A prepaid plan period by Pix (ADR 0042): Pix takes one-time payments only — a Checkout Session in `payment`
   * mode with BRL one-time line items ("Subscription mode: No", docs.stripe.com/payments/pix/accept-a-payment).
   * The session completes unpaid and the period starts with `checkout.session.async_payment_succeeded`
   * (docs.stripe.com/checkout/fulfillment#delayed-notification). The Pix code expires after
   * `expires_after_seconds` (10 s to 14 days, 1 day by default; same page): an unpaid one fails the session.
   */
  async startPrepaidCheckout(user: BillingUser, order: PrepaidOrder): Promise<CheckoutStart> {
    const customer = await this.customerFor(user);
    const { plan, period } = order;
    const metadata: Record<string, string> = {
      user_id: user.id,
      kind: 'plan',
      plan_id: plan.id,
      billing_period: period,
      payment_method: 'pix',
      ...(order.upgradesSubscriptionId ? { upgrades_subscription_id: order.upgradesSubscriptionId } : {}),
      ...(order.upgradeQuote ? upgradeQuoteMetadata(order.upgradeQuote) : {}),
    };
    const what = order.upgradesSubscriptionId ? 'Upgrade para o plano' : 'Plano';
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      customer,
      client_reference_id: user.id,
      // This API version's filter of the session's methods (it replaced `payment_method_types`): Pix only.
      allowed_payment_method_types: ['pix'],
      payment_method_options: { pix: { expires_after_seconds: PIX_EXPIRES_AFTER_SECONDS } },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'brl',
            unit_amount: order.amountCents,
            product_data: {
              name: `${what} ${plan.name} (${period === 'monthly' ? '1 mês' : '1 ano'}) — Cena`,
            },
          },
        },
      ],
      success_url: `${this.appUrl}/dashboard/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${this.appUrl}/pricing`,
      locale: 'pt-BR',
      metadata,
      payment_intent_data: { metadata },
    });
    return this.recordPlanCheckout(session, user, plan, period, {
      amountCents: order.amountCents,
      paymentMethod: 'pix',
      upgradesSubscriptionId: order.upgradesSubscriptionId,
      upgradeQuote: order.upgradeQuote,
    });
  }

  /** A plan's Checkout Session as Cena keeps it (by card, or a Pix period with what it extends or upgrades). */
  private async recordPlanCheckout(
    session: Stripe.Checkout.Session,
    user: BillingUser,
    plan: Plan,
    period: BillingPeriod,
    payment: Pick<CheckoutRecord, 'amountCents'> &
      Partial<Pick<CheckoutRecord, 'paymentMethod' | 'upgradesSubscriptionId' | 'upgradeQuote'>>,
  ): Promise<CheckoutStart> {
    if (!session.url) throw new ProviderError('Stripe returned no checkout url');
    await insertCheckout(this.pool, {
      id: session.id,
      userId: user.id,
      provider: 'stripe',
      kind: 'plan',
      planId: plan.id,
      billingPeriod: period,
      packageId: null,
      ...payment,
    });
    return { url: session.url, sessionId: session.id };
  }

  async portalUrl(user: BillingUser): Promise<string | null> {
    const [customer, configuration] = await Promise.all([this.customerFor(user), this.preparePortal()]);
    const session = await this.stripe.billingPortal.sessions.create({
      customer,
      configuration,
      return_url: `${this.appUrl}/dashboard?portal=1`,
    });
    return session.url || null;
  }

  /**
   * The Customer Portal configuration (stripe-portal.server.ts), prepared at start-up, and again by the first
   * portal session if that failed.
   */
  preparePortal(): Promise<string> {
    this.portalConfiguration ??= configurePortal(this.stripe, this.config.prices, this.appUrl).catch(
      (error: unknown) => {
        this.portalConfiguration = undefined;
        throw error;
      },
    );
    return this.portalConfiguration;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Fulfilment from Stripe's current state

  async verify(userId: string, sessionId: string): Promise<VerifyOutcome> {
    const stored = await findCheckout(this.pool, sessionId);
    if (stored && stored.userId !== userId) return verifyFailure(VERIFY_MESSAGES.notFound);
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (isMissing(error)) return verifyFailure(VERIFY_MESSAGES.notFound);
      throw error;
    }
    if ((stored?.userId ?? session.metadata?.user_id) !== userId)
      return verifyFailure(VERIFY_MESSAGES.notFound);
    const outcome = await fulfilSession(this.context, session, userId);
    if (outcome === 'pending') return verifyFailure(VERIFY_MESSAGES.pending);
    if (outcome === 'canceled') return verifyFailure(VERIFY_MESSAGES.canceled);
    if (outcome.declined) return verifyFailure(VERIFY_MESSAGES.declined);
    return {
      success: true,
      message: VERIFY_MESSAGES.paid,
      credits: outcome.credits,
      packageType: session.mode === 'payment' ? (session.metadata?.package_id ?? null) : null,
    };
  }

  async syncSubscriptions(userId: string): Promise<void> {
    const customer = await stripeCustomerOf(this.pool, userId);
    if (!customer) return;
    const list = await this.stripe.subscriptions.list({ customer, status: 'all', limit: 20 });
    for (const subscription of list.data) await storeSubscription(this.context, subscription);
  }

  async refundPackage(checkout: CheckoutRecord, claim: string): Promise<ProviderRefund | 'unsupported'> {
    return refundCheckout(this.stripe, checkout, claim);
  }

  findRefund(checkout: CheckoutRecord, claim: string): Promise<ProviderRefund | 'unsupported' | null> {
    return findClaimRefund(this.stripe, checkout, claim);
  }

  /**
   * Cancels at once (`DELETE /v1/subscriptions/{id}`, no proration credit, no final invoice:
   * https://docs.stripe.com/api/subscriptions/cancel) every subscription Stripe still has running for the user.
   * Stripe sends `customer.subscription.deleted` afterwards, as for any cancellation.
   */
  async cancelSubscriptionsNow(userId: string): Promise<void> {
    const customer = await stripeCustomerOf(this.pool, userId);
    if (!customer) return;
    // A Checkout page outlives our session (24 h; a boleto is paid days later): paying it after the account is
    // gone would charge for credits no one can use. Only open sessions can be expired
    // (docs.stripe.com/api/checkout/sessions/expire); one that completed meanwhile is left to the webhook.
    for await (const session of this.stripe.checkout.sessions.list({
      customer,
      status: 'open',
      limit: 100,
    })) {
      try {
        await this.stripe.checkout.sessions.expire(session.id);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    }
    for await (const subscription of this.stripe.subscriptions.list({
      customer,
      status: 'all',
      limit: 100,
    })) {
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') continue;
      try {
        await this.stripe.subscriptions.cancel(subscription.id, { invoice_now: false, prorate: false });
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }

  async reconcile(userId: string): Promise<number> {
    const customer = await stripeCustomerOf(this.pool, userId);
    if (!customer) return 0;
    await this.syncSubscriptions(userId);
    let created = 0;
    for await (const invoice of this.stripe.invoices.list({ customer, status: 'paid', limit: 100 })) {
      if ((await fulfilStripeInvoice(this.context, invoice))?.created) created += 1;
    }
    for await (const session of this.stripe.checkout.sessions.list({ customer, limit: 100 })) {
      if (session.mode !== 'payment') continue;
      const outcome = await fulfilSession(this.context, session, userId);
      if (typeof outcome === 'object' && outcome.created) created += 1;
    }
    return created;
  }

  /** A webhook event (stripe-events.server.ts). */
  handleEvent(event: Stripe.Event): Promise<void> {
    return handleStripeEvent(this.context, event);
  }
}
