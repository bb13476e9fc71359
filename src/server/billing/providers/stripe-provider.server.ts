import { createHash } from 'node:crypto';
import type pg from 'pg';
import Stripe from 'stripe';
import {
  type BillingPeriod,
  type CreditPackage,
  findPackage,
  type Plan,
  type PlanId,
} from '../../../shared/catalogue';
import type { SubscriptionStatus } from '../../../shared/subscription';
import type { StripeConfig } from '../../config.server';
import type { Logger } from '../../logger.server';
import {
  findCheckout,
  insertCheckout,
  markCheckout,
  type SubscriptionState,
  saveStripeCustomer,
  stripeCustomerOf,
  upsertSubscription,
  userOfStripeCustomer,
} from '../billing-store.server';
import {
  type BillingReason,
  clawbackPurchase,
  type FulfilResult,
  fulfilInvoice,
  fulfilPackagePurchase,
  isPlanId,
  type PaidPurchase,
  restorePurchase,
} from '../fulfilment.server';
import {
  type BillingUser,
  type CheckoutStart,
  type PaymentProvider,
  ProviderError,
  VERIFY_MESSAGES,
  type VerifyOutcome,
  verifyFailure,
} from './payment-provider.server';

/**
 * Stripe (official SDK). Checkout in subscription mode for plans (price ids from configuration) and in payment
 * mode for packages (card, Pix, boleto; BRL price_data from the catalogue); the Customer Portal for changes.
 *
 * Events are never trusted for state: each handler fetches the current object from Stripe and acts on that, so
 * duplicates and any delivery order converge on Stripe's truth, and fulfilment (idempotent by session/invoice id)
 * grants each payment once whoever reports it first — webhook, success page or reconcile.
 */

export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    // The SDK adds idempotency keys to its retries, so a retried POST never creates twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

const fromUnix = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

function mapStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
    case 'incomplete':
      return status as SubscriptionStatus;
    case 'unpaid':
    case 'paused':
      return 'past_due';
    default:
      return 'canceled';
  }
}

/** How Cena finds its own portal configuration among the account's. */
const PORTAL_MARK = { key: 'cena', value: 'customer-portal' } as const;

/** Dispute statuses that leave the money with the merchant: the buyer's credits come back. */
const DISPUTE_SETTLED_FOR_MERCHANT: Stripe.Dispute.Status[] = ['won', 'warning_closed', 'prevented'];

function isMissing(error: unknown): boolean {
  return (error as { code?: string; statusCode?: number }).code === 'resource_missing';
}

export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  /** price id → plan and period, to read plans back from subscriptions and invoice lines. */
  private readonly priceIndex = new Map<string, { planId: PlanId; period: BillingPeriod }>();
  private portalConfiguration: Promise<string> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    readonly stripe: Stripe,
    private readonly config: StripeConfig,
    private readonly appUrl: string,
    private readonly logger: Logger,
  ) {
    for (const [planId, prices] of Object.entries(config.prices) as [
      PlanId,
      Record<BillingPeriod, string>,
    ][]) {
      this.priceIndex.set(prices.monthly, { planId, period: 'monthly' });
      this.priceIndex.set(prices.yearly, { planId, period: 'yearly' });
    }
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

  async startPlanCheckout(user: BillingUser, plan: Plan, period: BillingPeriod): Promise<CheckoutStart> {
    const customer = await this.customerFor(user);
    const metadata = { user_id: user.id, kind: 'plan', plan_id: plan.id, billing_period: period };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: this.config.prices[plan.id][period], quantity: 1 }],
      success_url: `${this.appUrl}/dashboard?success=true`,
      cancel_url: `${this.appUrl}/pricing`,
      locale: 'pt-BR',
      metadata,
      subscription_data: { metadata },
    });
    if (!session.url) throw new ProviderError('Stripe returned no checkout url');
    await insertCheckout(this.pool, {
      id: session.id,
      userId: user.id,
      provider: 'stripe',
      kind: 'plan',
      planId: plan.id,
      billingPeriod: period,
      packageId: null,
      amountCents: session.amount_total ?? 0,
    });
    return { url: session.url, sessionId: session.id };
  }

  async startPackageCheckout(user: BillingUser, pkg: CreditPackage): Promise<CheckoutStart> {
    const customer = await this.customerFor(user);
    const metadata = { user_id: user.id, kind: 'package', package_id: pkg.id };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      customer,
      client_reference_id: user.id,
      // Pix and boleto settle later: their credits come with checkout.session.async_payment_succeeded.
      allowed_payment_method_types: ['card', 'pix', 'boleto'],
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
      cancel_url: `${this.appUrl}/dashboard/buy-credits`,
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
   * The Customer Portal configuration, created or brought up to date from code (called at start-up, and again by
   * the first portal session if that failed): without one Stripe refuses portal sessions, and its defaults differ
   * from design §4 — `subscription_update.proration_behavior` defaults to `none`. Configured here: the plans'
   * prices, upgrades charged at once (`always_invoice`, whose paid invoice grants the difference), downgrades and
   * shorter periods at the period end (`schedule_at_period_end`), cancellation at the period end
   * (docs.stripe.com/api/customer_portal/configurations/create; docs.stripe.com/customer-management/configure-portal).
   */
  preparePortal(): Promise<string> {
    this.portalConfiguration ??= this.configurePortal().catch((error: unknown) => {
      this.portalConfiguration = undefined;
      throw error;
    });
    return this.portalConfiguration;
  }

  private async configurePortal(): Promise<string> {
    const pricesByProduct = new Map<string, string[]>();
    for (const prices of Object.values(this.config.prices)) {
      for (const priceId of [prices.monthly, prices.yearly]) {
        const product = idOf((await this.stripe.prices.retrieve(priceId)).product);
        if (!product) throw new ProviderError(`price ${priceId} has no product`);
        pricesByProduct.set(product, [...(pricesByProduct.get(product) ?? []), priceId]);
      }
    }
    const params = {
      name: 'Cena',
      metadata: { [PORTAL_MARK.key]: PORTAL_MARK.value },
      default_return_url: `${this.appUrl}/dashboard?portal=1`,
      features: {
        customer_update: { enabled: true, allowed_updates: ['email', 'name', 'address', 'tax_id'] },
        invoice_history: { enabled: true },
        payment_method_update: { enabled: true },
        subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
        subscription_update: {
          enabled: true,
          default_allowed_updates: ['price'],
          products: [...pricesByProduct].map(([product, prices]) => ({ product, prices })),
          proration_behavior: 'always_invoice',
          billing_cycle_anchor: 'unchanged',
          schedule_at_period_end: {
            conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }],
          },
        },
      },
    } satisfies Stripe.BillingPortal.ConfigurationCreateParams;
    for await (const existing of this.stripe.billingPortal.configurations.list({
      active: true,
      limit: 100,
    })) {
      if (existing.metadata?.[PORTAL_MARK.key] === PORTAL_MARK.value) {
        return (await this.stripe.billingPortal.configurations.update(existing.id, params)).id;
      }
    }
    // Two processes starting together send the same key: Stripe answers both with the one configuration.
    const created = await this.stripe.billingPortal.configurations.create(params, {
      idempotencyKey: `cena-portal-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 32)}`,
    });
    return created.id;
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
    const outcome = await this.fulfilSession(session, userId);
    if (outcome === 'pending') return verifyFailure(VERIFY_MESSAGES.pending);
    if (outcome === 'canceled') return verifyFailure(VERIFY_MESSAGES.canceled);
    return {
      success: true,
      message: VERIFY_MESSAGES.paid,
      credits: outcome.credits,
      packageType: session.mode === 'payment' ? (session.metadata?.package_id ?? null) : null,
    };
  }

  /** Fulfils a Checkout session as Stripe reports it now. */
  private async fulfilSession(
    session: Stripe.Checkout.Session,
    userId: string,
  ): Promise<FulfilResult | 'pending' | 'canceled'> {
    if (session.mode === 'payment') {
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      const stored = await findCheckout(this.pool, session.id);
      if (!paid) {
        if (session.status === 'expired') {
          await markCheckout(this.pool, session.id, 'canceled');
          return 'canceled';
        }
        // A Pix or boleto that was never paid (async_payment_failed) stays `complete` and `unpaid` at Stripe.
        return stored?.status === 'canceled' ? 'canceled' : 'pending';
      }
      const packageId = stored?.packageId ?? session.metadata?.package_id ?? '';
      if (!findPackage(packageId)) throw new ProviderError(`session ${session.id} names no known package`);
      return fulfilPackagePurchase(this.pool, {
        userId,
        sessionId: session.id,
        packageId,
        amountCents: session.amount_total ?? stored?.amountCents ?? 0,
        paymentMethod: await this.paymentMethodOf(session),
      });
    }
    if (session.mode === 'subscription') {
      const subscriptionId = idOf(session.subscription);
      if (subscriptionId) await this.syncSubscription(subscriptionId);
      const invoiceId = idOf(session.invoice);
      if (session.status !== 'complete' || !invoiceId)
        return session.status === 'expired' ? 'canceled' : 'pending';
      const invoice = await this.stripe.invoices.retrieve(invoiceId);
      if (invoice.status !== 'paid') return 'pending';
      const result = await this.fulfilStripeInvoice(invoice);
      await markCheckout(this.pool, session.id, 'paid');
      return result ?? 'pending';
    }
    return 'pending';
  }

  /**
   * How a paid session was paid (the charge's `payment_method_details.type`): the admin panel shows boleto, which
   * Stripe cannot refund (docs.stripe.com/payments/boleto#refunds).
   */
  private async paymentMethodOf(session: Stripe.Checkout.Session): Promise<string | null> {
    const intentId = idOf(session.payment_intent);
    if (!intentId) return null;
    const intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    const charge = intent.latest_charge;
    return typeof charge === 'object' && charge ? (charge.payment_method_details?.type ?? null) : null;
  }

  private async userOfCustomer(
    customer: string | Stripe.Customer | Stripe.DeletedCustomer | null,
    metadataUserId: string | undefined,
  ): Promise<string | null> {
    const customerId = idOf(customer);
    const known = customerId ? await userOfStripeCustomer(this.pool, customerId) : null;
    return known ?? metadataUserId ?? null;
  }

  /** Reads plan, upgrade and period from a paid invoice's lines and fulfils it; null when it is not ours. */
  private async fulfilStripeInvoice(invoice: Stripe.Invoice): Promise<FulfilResult | null> {
    if (invoice.status !== 'paid' || !invoice.id) return null;
    const details = invoice.parent?.subscription_details;
    const userId = await this.userOfCustomer(invoice.customer, details?.metadata?.user_id);
    if (!userId) {
      this.logger.warn({ invoice: invoice.id }, 'paid invoice of an unknown customer: not fulfilled');
      return null;
    }
    let current: { planId: PlanId; period: BillingPeriod; periodEnd: Date | null } | undefined;
    let previous: { planId: PlanId; period: BillingPeriod } | undefined;
    for (const line of invoice.lines?.data ?? []) {
      const priceId = idOf(line.pricing?.price_details?.price);
      const mapped = priceId ? this.priceIndex.get(priceId) : undefined;
      if (!mapped) continue;
      // A proration invoice credits the old price (negative line) and charges the new one (positive line).
      if (line.amount < 0) previous = mapped;
      else current ??= { ...mapped, periodEnd: fromUnix(line.period?.end) };
    }
    if (!current) {
      const planId = details?.metadata?.plan_id;
      const period = details?.metadata?.billing_period;
      if (!isPlanId(planId) || (period !== 'monthly' && period !== 'yearly')) {
        this.logger.warn({ invoice: invoice.id }, 'paid invoice names no known plan: not fulfilled');
        return null;
      }
      current = { planId, period, periodEnd: null };
    }
    const reasons: BillingReason[] = ['subscription_create', 'subscription_cycle', 'subscription_update'];
    const billingReason = reasons.find((reason) => reason === invoice.billing_reason) ?? 'other';
    return fulfilInvoice(this.pool, {
      userId,
      invoiceId: invoice.id,
      planId: current.planId,
      period: current.period,
      periodEnd: current.periodEnd,
      billingReason,
      previousPlanId: previous?.planId ?? null,
      previousPeriod: previous?.period ?? null,
      amountPaidCents: invoice.amount_paid,
    });
  }

  private async subscriptionState(subscription: Stripe.Subscription): Promise<SubscriptionState | null> {
    const userId = await this.userOfCustomer(subscription.customer, subscription.metadata?.user_id);
    const item = subscription.items.data[0];
    const mapped = item ? this.priceIndex.get(item.price.id) : undefined;
    const planId = mapped?.planId ?? subscription.metadata?.plan_id;
    const period = mapped?.period ?? subscription.metadata?.billing_period;
    if (!userId || !item || !isPlanId(planId) || (period !== 'monthly' && period !== 'yearly')) {
      this.logger.warn({ subscription: subscription.id }, 'subscription not recognised: not stored');
      return null;
    }
    return {
      userId,
      provider: 'stripe',
      providerSubscriptionId: subscription.id,
      planId,
      billingPeriod: period,
      status: mapStatus(subscription.status),
      currentPeriodStart: new Date(item.current_period_start * 1000),
      currentPeriodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    };
  }

  /** Stores the subscription as Stripe has it now (whatever event, in whatever order, asked). */
  async syncSubscription(subscriptionId: string): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const state = await this.subscriptionState(subscription);
    if (state) await upsertSubscription(this.pool, state);
  }

  async syncSubscriptions(userId: string): Promise<void> {
    const customer = await stripeCustomerOf(this.pool, userId);
    if (!customer) return;
    const list = await this.stripe.subscriptions.list({ customer, status: 'all', limit: 20 });
    for (const subscription of list.data) {
      const state = await this.subscriptionState(subscription);
      if (state) await upsertSubscription(this.pool, state);
    }
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
      if ((await this.fulfilStripeInvoice(invoice))?.created) created += 1;
    }
    for await (const session of this.stripe.checkout.sessions.list({ customer, limit: 100 })) {
      if (session.mode !== 'payment') continue;
      const outcome = await this.fulfilSession(session, userId);
      if (typeof outcome === 'object' && outcome.created) created += 1;
    }
    return created;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Webhook events

  async handleEvent(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = await this.stripe.checkout.sessions.retrieve(event.data.object.id);
        const stored = await findCheckout(this.pool, session.id);
        const userId = stored?.userId ?? session.metadata?.user_id ?? session.client_reference_id;
        if (!userId) {
          this.logger.warn({ session: session.id }, 'checkout session of an unknown user: ignored');
          return;
        }
        const outcome = await this.fulfilSession(session, userId);
        if (outcome === 'pending' && event.type === 'checkout.session.async_payment_failed') {
          await markCheckout(this.pool, session.id, 'canceled');
        }
        return;
      }
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed': {
        const invoiceId = event.data.object.id;
        if (!invoiceId) return;
        const invoice = await this.stripe.invoices.retrieve(invoiceId);
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
        if (subscriptionId) await this.syncSubscription(subscriptionId);
        await this.fulfilStripeInvoice(invoice);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await this.syncSubscription(event.data.object.id);
        return;
      case 'charge.refunded':
        await this.handleRefunds(event.data.object.id);
        return;
      case 'charge.refund.updated':
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed': {
        const chargeId = idOf(event.data.object.charge);
        if (chargeId) await this.handleRefunds(chargeId);
        return;
      }
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed':
      case 'charge.dispute.funds_withdrawn':
      case 'charge.dispute.funds_reinstated':
        await this.handleDispute(event.data.object.id);
        return;
      default:
        return;
    }
  }

  /**
   * The purchase a charge paid, granted first if it was not yet (a refund or dispute may arrive before the
   * purchase's own event, and there must be something to take back); null when the charge is not a Cena purchase.
   */
  private async purchaseOfCharge(charge: Stripe.Charge): Promise<PaidPurchase | null> {
    const paymentIntent = idOf(charge.payment_intent);
    if (!paymentIntent) return null;
    const sessions = await this.stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
    const session = sessions.data[0];
    if (session && session.mode === 'payment') {
      const stored = await findCheckout(this.pool, session.id);
      const userId = stored?.userId ?? session.metadata?.user_id;
      if (!userId) return null;
      const fulfilled = await this.fulfilSession(session, userId);
      if (typeof fulfilled !== 'object') return null;
      return {
        userId,
        grantSource: 'package',
        grantRef: session.id,
        paidCents: session.amount_total ?? charge.amount,
        grantedCredits: fulfilled.credits,
      };
    }
    const payments = await this.stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      limit: 1,
    });
    const invoiceId = idOf(payments.data[0]?.invoice);
    if (!invoiceId) return null;
    const invoice = await this.stripe.invoices.retrieve(invoiceId);
    const fulfilled = await this.fulfilStripeInvoice(invoice);
    const userId = await this.userOfCustomer(
      invoice.customer,
      invoice.parent?.subscription_details?.metadata?.user_id,
    );
    if (!fulfilled || !userId || !invoice.id) return null;
    return {
      userId,
      grantSource: 'plan',
      grantRef: invoice.id,
      paidCents: invoice.amount_paid,
      grantedCredits: fulfilled.credits,
    };
  }

  /**
   * Refunds of a charge, each once by refund id. Card refunds, and Pix ones, may start `pending` and succeed
   * later (`charge.refund.updated` / `refund.updated`): only a `succeeded` refund takes credits back, and one that
   * fails or is canceled after all gives back what it took (docs.stripe.com/refunds#failed-refunds).
   */
  private async handleRefunds(chargeId: string): Promise<void> {
    const charge = await this.stripe.charges.retrieve(chargeId);
    const refunds = await this.stripe.refunds.list({ charge: chargeId, limit: 100 });
    const settled = refunds.data.filter((refund) =>
      ['succeeded', 'failed', 'canceled'].includes(refund.status ?? ''),
    );
    if (settled.length === 0) return;
    const purchase = await this.purchaseOfCharge(charge);
    if (!purchase) return;
    for (const refund of settled) {
      const reversal = { kind: 'refund' as const, id: refund.id, amountCents: refund.amount };
      if (refund.status === 'succeeded') await clawbackPurchase(this.pool, purchase, reversal);
      else await restorePurchase(this.pool, purchase, reversal);
    }
  }

  /**
   * A dispute (card chargeback, or a Pix MED claim) takes the purchase's credits back while it is open or lost,
   * like a refund; won — or an inquiry closed without a chargeback — it gives them back. Acts on the dispute's
   * current status, so events in any order, or repeated, converge (docs.stripe.com/disputes/how-disputes-work).
   */
  private async handleDispute(disputeId: string): Promise<void> {
    const dispute = await this.stripe.disputes.retrieve(disputeId);
    const chargeId = idOf(dispute.charge);
    if (!chargeId) return;
    const purchase = await this.purchaseOfCharge(await this.stripe.charges.retrieve(chargeId));
    if (!purchase) return;
    const reversal = { kind: 'dispute' as const, id: dispute.id, amountCents: dispute.amount };
    if (DISPUTE_SETTLED_FOR_MERCHANT.includes(dispute.status))
      await restorePurchase(this.pool, purchase, reversal);
    else await clawbackPurchase(this.pool, purchase, reversal);
  }
}
