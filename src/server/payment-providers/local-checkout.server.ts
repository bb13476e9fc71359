import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  addPeriod,
  type BillingUser,
  type CheckoutRecord,
  type CheckoutStart,
  currentSubscription,
  declinedRefundClaim,
  type FulfilResult,
  findCheckout,
  fulfilInvoice,
  fulfilPackagePurchase,
  fulfilPrepaidPayment,
  insertCheckout,
  insertSubscriptionIfAbsent,
  markCheckout,
  type PaymentProvider,
  type PlanPaymentMethod,
  type PrepaidOrder,
  type ProviderRefund,
  paidCheckouts,
  prorate,
  recordDeclinedRefund,
  type SubscriptionRecord,
  subscriptionOfUser,
  timeShare,
  VERIFY_MESSAGES,
  type VerifyOutcome,
  verifyFailure,
} from '#server/billing/billing.server';
import {
  type BillingPeriod,
  type CreditPackage,
  findPackage,
  findPlan,
  type Plan,
  type PlanId,
  planPriceCents,
} from '#shared/catalogue';
import type { PaymentMethod } from '#shared/payment-methods';
import { isCurrentStatus } from '#shared/subscription';

/**
 * The local test checkout (no Stripe key; never in production). Our own pages stand in for Stripe's: paying,
 * renewing and upgrading call exactly the fulfilment functions a Stripe event would, with deterministic ids
 * (derived from the session, the subscription and its period) so a double click or a retry finds the same
 * grant. Each action fulfils first and then moves the subscription with a compare-and-set UPDATE: a crash in
 * between is repaired by doing the action again.
 */

/**
 * A local plan checkout paid by boleto (ADR 0043) is marked by its id: its page issues a boleto that stays unpaid
 * — no plan, no credits — until "Pagar boleto" is pressed, as late as the tester likes, or it is left to expire.
 */
const LOCAL_BOLETO_PREFIX = 'cs_local_boleto_';

/** A local checkout's id: a boleto's carries its prefix, so its page waits for 'Pagar boleto' (plans and packages). */
const localCheckoutId = (method: PaymentMethod) =>
  `${method === 'boleto' ? LOCAL_BOLETO_PREFIX : 'cs_local_'}${randomUUID().replaceAll('-', '')}`;
export const isLocalBoleto = (checkoutId: string): boolean => checkoutId.startsWith(LOCAL_BOLETO_PREFIX);

export type LocalActionResult = { ok: true } | { ok: false; message: string };

export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local' as const;

  constructor(
    private readonly pool: pg.Pool,
    private readonly appUrl: string,
    env: string,
  ) {
    // Paying here costs nothing: in production it would hand out credits for free.
    if (env === 'production') throw new Error('the local test checkout cannot run in production');
  }

  async startPlanCheckout(
    user: BillingUser,
    plan: Plan,
    period: BillingPeriod,
    method: PlanPaymentMethod,
  ): Promise<CheckoutStart> {
    const id = localCheckoutId(method);
    await insertCheckout(this.pool, {
      id,
      userId: user.id,
      provider: 'local',
      kind: 'plan',
      planId: plan.id,
      billingPeriod: period,
      packageId: null,
      amountCents: planPriceCents(plan, period),
    });
    return { sessionId: id, url: `${this.appUrl}/dev/checkout/${id}` };
  }

  async startPackageCheckout(
    user: BillingUser,
    pkg: CreditPackage,
    method: PaymentMethod,
  ): Promise<CheckoutStart> {
    const id = localCheckoutId(method);
    await insertCheckout(this.pool, {
      id,
      userId: user.id,
      provider: 'local',
      kind: 'package',
      planId: null,
      billingPeriod: null,
      packageId: pkg.id,
      amountCents: pkg.priceCents,
      paymentMethod: method,
    });
    return { sessionId: id, url: `${this.appUrl}/dev/checkout/${id}` };
  }

  async startPrepaidCheckout(user: BillingUser, order: PrepaidOrder): Promise<CheckoutStart> {
    const id = `cs_local_${randomUUID().replaceAll('-', '')}`;
    await insertCheckout(this.pool, {
      id,
      userId: user.id,
      provider: 'local',
      kind: 'plan',
      planId: order.plan.id,
      billingPeriod: order.period,
      packageId: null,
      amountCents: order.amountCents,
      paymentMethod: 'pix',
      upgradesSubscriptionId: order.upgradesSubscriptionId,
      upgradeQuote: order.upgradeQuote,
    });
    return { sessionId: id, url: `${this.appUrl}/dev/checkout/${id}` };
  }

  async portalUrl(): Promise<string> {
    return `${this.appUrl}/dev/portal`;
  }

  async verify(userId: string, sessionId: string): Promise<VerifyOutcome> {
    const checkout = await findCheckout(this.pool, sessionId);
    if (!checkout || checkout.userId !== userId || checkout.provider !== 'local') {
      return verifyFailure(VERIFY_MESSAGES.notFound);
    }
    if (checkout.status === 'open') return verifyFailure(VERIFY_MESSAGES.pending);
    if (checkout.status === 'canceled') return verifyFailure(VERIFY_MESSAGES.canceled);
    const result = await this.fulfilCheckout(checkout);
    if (result.declined) return verifyFailure(VERIFY_MESSAGES.declined);
    return {
      success: true,
      message: VERIFY_MESSAGES.paid,
      credits: result.credits,
      packageType: checkout.packageId,
    };
  }

  /** Local state lives in our database: there is nothing to pull. */
  async syncSubscriptions(): Promise<void> {}

  async cancelSubscriptionsNow(userId: string): Promise<void> {
    await this.pool.query(
      `UPDATE subscriptions SET status = 'canceled', cancel_at_period_end = false, scheduled_plan_id = NULL,
         updated_at = now()
       WHERE user_id = $1 AND provider = 'local' AND status <> 'canceled'`,
      [userId],
    );
  }

  /** The local test checkout moves no money: its refund succeeds at once, under one id per claim. */
  async refundPackage(checkout: CheckoutRecord, claim: string): Promise<ProviderRefund> {
    return { id: `local_refund_${claim}`, amountCents: checkout.amountCents, status: 'succeeded' };
  }

  /** A local refund is made the moment it is asked, so the one a claim asked for exists. */
  async findRefund(checkout: CheckoutRecord, claim: string): Promise<ProviderRefund> {
    return this.refundPackage(checkout, claim);
  }

  async reconcile(userId: string): Promise<number> {
    let created = 0;
    for (const checkout of await paidCheckouts(this.pool, userId)) {
      if (checkout.provider !== 'local') continue;
      if ((await this.fulfilCheckout(checkout)).created) created += 1;
    }
    return created;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Actions of the local pages

  /** "Pagar" on /dev/checkout/:id. */
  async pay(userId: string, sessionId: string): Promise<LocalActionResult & { checkout?: CheckoutRecord }> {
    const checkout = await findCheckout(this.pool, sessionId);
    if (!checkout || checkout.userId !== userId || checkout.provider !== 'local') {
      return { ok: false, message: VERIFY_MESSAGES.notFound };
    }
    if (checkout.status === 'canceled') return { ok: false, message: VERIFY_MESSAGES.canceled };
    await this.fulfilCheckout(checkout);
    return { ok: true, checkout };
  }

  /** "Cancelar" on /dev/checkout/:id (a paid session stays paid). */
  async cancel(userId: string, sessionId: string): Promise<CheckoutRecord | null> {
    const checkout = await findCheckout(this.pool, sessionId);
    if (!checkout || checkout.userId !== userId || checkout.provider !== 'local') return null;
    await markCheckout(this.pool, sessionId, 'canceled');
    return checkout;
  }

  private async fulfilCheckout(checkout: CheckoutRecord): Promise<FulfilResult> {
    if (checkout.kind === 'package') {
      const pkg = checkout.packageId ? findPackage(checkout.packageId) : undefined;
      if (!pkg) throw new Error(`checkout ${checkout.id} has no known package`);
      return fulfilPackagePurchase(this.pool, {
        userId: checkout.userId,
        sessionId: checkout.id,
        packageId: pkg.id,
        amountCents: checkout.amountCents,
        // Pix and boleto as Stripe would report them (the grant's `paymentMethod`): a boleto's withdrawal is a
        // Pix payout (ADR 0043). A local card records none, as before.
        ...(checkout.paymentMethod !== 'card' ? { paymentMethod: checkout.paymentMethod } : {}),
      });
    }
    const plan = checkout.planId ? findPlan(checkout.planId) : undefined;
    const period = checkout.billingPeriod;
    if (!plan || !period) throw new Error(`checkout ${checkout.id} has no known plan`);
    if (checkout.paymentMethod === 'pix') {
      const result = await fulfilPrepaidPayment(this.pool, {
        userId: checkout.userId,
        provider: 'local',
        paymentRef: checkout.id,
        planId: plan.id,
        period,
        amountCents: checkout.amountCents,
        upgradesSubscriptionId: checkout.upgradesSubscriptionId,
        upgradeQuote: checkout.upgradeQuote,
      });
      if (result.declined) {
        // Given back as at Stripe: the refund a withdrawal asks for, then what its `charge.refunded` records.
        const claim = declinedRefundClaim(checkout.id);
        await recordDeclinedRefund(this.pool, checkout, await this.refundPackage(checkout, claim), claim);
      }
      await markCheckout(this.pool, checkout.id, 'paid');
      return result;
    }
    const now = new Date();
    const subscription = await insertSubscriptionIfAbsent(this.pool, {
      userId: checkout.userId,
      provider: 'local',
      providerSubscriptionId: `sub_local_${checkout.id}`,
      planId: plan.id,
      billingPeriod: period,
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: addPeriod(now, period),
      cancelAtPeriodEnd: false,
    });
    const result = await fulfilInvoice(this.pool, {
      userId: checkout.userId,
      invoiceId: `in_local_${checkout.id}`,
      planId: plan.id,
      period,
      periodEnd: subscription.currentPeriodEnd,
      billingReason: 'subscription_create',
      amountPaidCents: checkout.amountCents,
    });
    await markCheckout(this.pool, checkout.id, 'paid');
    return result;
  }

  /**
   * Portal "change plan": an upgrade is charged the prorated difference and granted the credits' difference for the
   * same share of the period, now; a downgrade waits for the period end. `expectedPlanId` is the plan the page
   * showed: a second click finds it changed and does nothing.
   */
  async changePlan(
    userId: string,
    subscriptionId: string,
    expectedPlanId: string,
    newPlanId: PlanId,
    now: Date = new Date(),
  ): Promise<LocalActionResult> {
    const subscription = await this.activeLocal(userId, subscriptionId);
    const current = subscription ? findPlan(subscription.planId) : undefined;
    const next = findPlan(newPlanId);
    if (!subscription || !current || !next) return { ok: false, message: 'Assinatura não encontrada.' };
    if (subscription.planId !== expectedPlanId || current.id === next.id) return { ok: true };
    if (next.credits < current.credits) {
      await this.pool.query(
        'UPDATE subscriptions SET scheduled_plan_id = $3, updated_at = now() WHERE id = $1 AND plan_id = $2',
        [subscription.id, current.id, next.id],
      );
      return { ok: true };
    }
    const period = subscription.billingPeriod;
    // One share for the charge and the credits, measured as Stripe prorates a portal upgrade (ADR 0049).
    const share = timeShare(subscription.currentPeriodStart, subscription.currentPeriodEnd, now);
    const difference = planPriceCents(next, period) - planPriceCents(current, period);
    await fulfilInvoice(this.pool, {
      userId,
      invoiceId: `in_local_${subscription.providerSubscriptionId}_${subscription.currentPeriodStart.getTime()}_${current.id}_${next.id}`,
      planId: next.id,
      period,
      periodEnd: subscription.currentPeriodEnd,
      billingReason: 'subscription_update',
      previousPlanId: current.id,
      previousPeriod: period,
      share,
      amountPaidCents: prorate(difference, share),
    });
    await this.pool.query(
      `UPDATE subscriptions SET plan_id = $3, scheduled_plan_id = NULL, updated_at = now()
       WHERE id = $1 AND plan_id = $2`,
      [subscription.id, current.id, next.id],
    );
    return { ok: true };
  }

  async setCancelAtPeriodEnd(
    userId: string,
    subscriptionId: string,
    cancel: boolean,
  ): Promise<LocalActionResult> {
    const subscription = await this.activeLocal(userId, subscriptionId);
    if (!subscription) return { ok: false, message: 'Assinatura não encontrada.' };
    await this.pool.query(
      `UPDATE subscriptions SET cancel_at_period_end = $2, updated_at = now()
       WHERE id = $1 AND cancel_at_period_end <> $2`,
      [subscription.id, cancel],
    );
    return { ok: true };
  }

  /**
   * "Avançar para o próximo período": the renewal a real provider would make at the period end. A new paid
   * invoice grants the next period's credits (with a scheduled downgrade applied); a subscription set to cancel
   * ends instead. `expectedPeriodEnd` makes a double click advance once.
   */
  async advancePeriod(
    userId: string,
    subscriptionId: string,
    expectedPeriodEnd: Date,
  ): Promise<LocalActionResult> {
    const subscription = await this.activeLocal(userId, subscriptionId);
    if (!subscription) return { ok: false, message: 'Assinatura não encontrada.' };
    if (subscription.currentPeriodEnd.getTime() !== expectedPeriodEnd.getTime()) return { ok: true };
    if (subscription.cancelAtPeriodEnd) {
      await this.pool.query(
        `UPDATE subscriptions SET status = 'canceled', updated_at = now()
         WHERE id = $1 AND current_period_end = $2`,
        [subscription.id, expectedPeriodEnd],
      );
      return { ok: true };
    }
    const planId = subscription.scheduledPlanId ?? subscription.planId;
    const plan = findPlan(planId);
    if (!plan) return { ok: false, message: 'Plano desconhecido.' };
    const start = subscription.currentPeriodEnd;
    const end = addPeriod(start, subscription.billingPeriod);
    await fulfilInvoice(this.pool, {
      userId,
      invoiceId: `in_local_${subscription.providerSubscriptionId}_${start.getTime()}`,
      planId: plan.id,
      period: subscription.billingPeriod,
      periodEnd: end,
      billingReason: 'subscription_cycle',
      amountPaidCents: planPriceCents(plan, subscription.billingPeriod),
    });
    await this.pool.query(
      `UPDATE subscriptions SET plan_id = $3, scheduled_plan_id = NULL, current_period_start = $2,
         current_period_end = $4, updated_at = now()
       WHERE id = $1 AND current_period_end = $2`,
      [subscription.id, start, plan.id, end],
    );
    return { ok: true };
  }

  /** One of this user's local Checkout sessions, for its page. */
  async checkoutOf(userId: string, sessionId: string): Promise<CheckoutRecord | null> {
    const checkout = await findCheckout(this.pool, sessionId);
    return checkout && checkout.userId === userId && checkout.provider === 'local' ? checkout : null;
  }

  /** The user's current subscription, for the portal page. */
  current(userId: string): Promise<SubscriptionRecord | null> {
    return currentSubscription(this.pool, userId);
  }

  private async activeLocal(userId: string, subscriptionId: string): Promise<SubscriptionRecord | null> {
    const subscription = await subscriptionOfUser(this.pool, userId, subscriptionId);
    // A prepaid period is neither renewed nor changed here: it is renewed or upgraded by paying a Pix (ADR 0042).
    if (subscription?.provider !== 'local' || subscription.collection === 'prepaid') return null;
    if (!isCurrentStatus(subscription.status)) return null;
    return subscription;
  }
}
