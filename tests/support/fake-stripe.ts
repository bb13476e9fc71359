import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type BillingPeriod, PLANS, type PlanId, planPriceCents } from '#shared/catalogue';

/**
 * A small HTTP server on 127.0.0.1 speaking the subset of the Stripe REST API Cena calls (no test reaches Stripe).
 * The app's SDK is pointed at it with STRIPE_API_BASE (host/port/protocol). The test drives "what happened at
 * Stripe" with the methods below (pay a session, renew, upgrade, refund, dispute); each returns the events Stripe
 * would send, which the test signs (`signed`) and delivers in whatever order and number it likes.
 *
 * Behaviour reproduced from Stripe's documentation:
 * - Delayed-notification methods (Pix, boleto): the Checkout Session is `complete` with `payment_status: 'unpaid'`
 *   first (`checkout.session.completed`), then `checkout.session.async_payment_succeeded` (now `paid`) or
 *   `_failed` (still `unpaid`) — docs.stripe.com/checkout/fulfillment#delayed-notification.
 * - Refunds may be `pending` and succeed (or fail) later: `charge.refunded` when made, `charge.refund.updated` and
 *   `refund.updated` when their status changes — docs.stripe.com/refunds, docs.stripe.com/api/events/types.
 * - Disputes open as `needs_response` (`charge.dispute.created`) and close `won` or `lost`
 *   (`charge.dispute.closed`) — docs.stripe.com/disputes/how-disputes-work.
 * - A portal session needs a configuration: without `configuration` and with no default one Stripe refuses it;
 *   a configuration's `subscription_update.products` must name each price's own product
 *   — docs.stripe.com/api/customer_portal/sessions/create, docs.stripe.com/api/customer_portal/configurations.
 * - Refusals come in Stripe's error shape, `{ error: { type: 'invalid_request_error', code, message, param } }`,
 *   with 400 for a bad parameter and 404 for an unknown object in the path (docs.stripe.com/api/errors,
 *   docs.stripe.com/error-codes): a required parameter left out is `parameter_missing` ("Missing required param:
 *   line_items."); an id that names nothing is `resource_missing` ("No such price: 'price_x'", "No such customer:
 *   'cus_x'"). Checkout Sessions in payment or subscription mode require `line_items`, and each item's `price` must
 *   exist (docs.stripe.com/api/checkout/sessions/create); a portal session requires `customer`
 *   (docs.stripe.com/api/customer_portal/sessions/create).
 * - A refund cannot exceed what is left of its charge: `charge_already_refunded` once nothing is left, else the
 *   amount is refused as too large (docs.stripe.com/error-codes, docs.stripe.com/api/refunds/create `amount`:
 *   "defaults to the entire charge amount… can refund only up to the remaining, unrefunded amount").
 * - Pix takes one-time payments only: "Payment mode: Yes … Subscription mode: No", BRL line items, and a Pix code
 *   that expires after `payment_method_options[pix][expires_after_seconds]`, "a value between 10 seconds and
 *   1209600 seconds (14 days)" (docs.stripe.com/payments/pix/accept-a-payment). A subscription-mode session naming
 *   pix is refused the way Stripe refuses a method a mode does not take ("The payment method `pix` cannot be used
 *   in `subscription` mode.").
 */

export const STRIPE_TEST_SECRET = 'sk_test_fake_cena';
const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_fake_cena_0123456789';

/** The card fingerprint of the fake's test card (ADR 0046's payment mark). */
const TEST_CARD_FINGERPRINT = 'fp_test_card_4242';

export const STRIPE_TEST_PRICES: Record<PlanId, Record<BillingPeriod, string>> = {
  starter: { monthly: 'price_starter_m', yearly: 'price_starter_y' },
  creator: { monthly: 'price_creator_m', yearly: 'price_creator_y' },
  pro: { monthly: 'price_pro_m', yearly: 'price_pro_y' },
  studio: { monthly: 'price_studio_m', yearly: 'price_studio_y' },
};

/** Stripe configured (keys and prices); add STRIPE_API_BASE to point the SDK somewhere. */
export const STRIPE_TEST_ENV: Record<string, string> = {
  STRIPE_SECRET_KEY: STRIPE_TEST_SECRET,
  STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
  ...Object.fromEntries(
    Object.entries(STRIPE_TEST_PRICES).flatMap(([plan, prices]) => [
      [`STRIPE_PRICE_${plan.toUpperCase()}_MONTHLY`, prices.monthly],
      [`STRIPE_PRICE_${plan.toUpperCase()}_YEARLY`, prices.yearly],
    ]),
  ),
};

export type Json = Record<string, unknown>;
export type Obj = Json & { id: string };

export const priceInfo = new Map<
  string,
  { planId: PlanId; period: BillingPeriod; amount: number; product: string }
>();
for (const plan of PLANS) {
  for (const period of ['monthly', 'yearly'] as const) {
    priceInfo.set(STRIPE_TEST_PRICES[plan.id][period], {
      planId: plan.id,
      period,
      amount: planPriceCents(plan, period),
      product: `prod_${plan.id}`,
    });
  }
}

/** Stripe's form encoding (`a[b][0][c]=x`) back into objects and arrays. */
function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[index + 1] ?? '') ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export function addPeriod(from: number, period: BillingPeriod): number {
  const date = new Date(from * 1000);
  if (period === 'monthly') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

export interface FakeStripeEvent {
  id: string;
  type: string;
  payload: string;
}

/** The body of a Stripe API error (docs.stripe.com/api/errors). */
export interface StripeErrorBody {
  error: { type: 'invalid_request_error'; code: string; message: string; param?: string };
}

export const stripeError = (code: string, message: string, param?: string): StripeErrorBody => ({
  error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) },
});

interface RefundOptions {
  pending?: boolean;
  reason?: string;
  metadata?: Json;
}

/** What Stripe would refuse when the test drives it (a refund of more than is left): the error it would answer. */
export class StripeRefusal extends Error {
  constructor(readonly body: StripeErrorBody) {
    super(body.error.message);
  }
}

export class FakeStripe {
  readonly customers = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly charges = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly disputes = new Map<string, Obj>();
  readonly portalConfigurations = new Map<string, Obj>();
  /** The delayed-notification method each async session was paid with. */
  private readonly asyncMethods = new Map<string, 'pix' | 'boleto'>();
  /** The parameters of every portal session created. */
  readonly portalSessions: Json[] = [];
  /** payment intent → invoice, for /v1/invoice_payments. */
  protected readonly invoiceOfIntent = new Map<string, string>();
  /** Every API call received, "METHOD /path". */
  readonly calls: string[] = [];
  private readonly stripe = new Stripe(STRIPE_TEST_SECRET);
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.route(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The app's environment for this fake. */
  get env(): Record<string, string> {
    return { ...STRIPE_TEST_ENV, STRIPE_API_BASE: this.url };
  }

  // -------------------------------------------------------------------------------------------------------------
  // What happens at Stripe

  /**
   * A session the customer can still pay: an expired one can't be (docs.stripe.com/api/checkout/sessions/object,
   * `status`: "expired — The checkout session is expired. No further processing will occur").
   */
  private openSession(sessionId: string): Obj {
    const session = this.must(this.sessions, sessionId);
    if (session.status !== 'open')
      throw new Error(`checkout session ${sessionId} is ${String(session.status)}`);
    return session;
  }

  /** The customer pays a payment-mode session (`async`: Pix/boleto — completed unpaid, then succeeded). */
  payPackageSession(sessionId: string, options: { async?: boolean } = {}): FakeStripeEvent[] {
    if (options.async) {
      return [...this.completeAsyncSession(sessionId), ...this.settleAsyncPayment(sessionId, 'succeeded')];
    }
    const session = this.openSession(sessionId);
    const charge = this.newCharge(session.amount_total as number, session.customer as string);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: charge.payment_intent,
    });
    return [this.event('checkout.session.completed', session)];
  }

  /** A Pix or boleto payment is chosen: the session completes unpaid while the customer has yet to pay. */
  completeAsyncSession(sessionId: string, method: 'pix' | 'boleto' = 'pix'): FakeStripeEvent[] {
    const session = this.openSession(sessionId);
    this.asyncMethods.set(sessionId, method);
    Object.assign(session, { status: 'complete', payment_status: 'unpaid', payment_intent: newId('pi') });
    return [this.event('checkout.session.completed', session)];
  }

  /** The Pix is paid (or expires, or the boleto is not paid by its due date). */
  settleAsyncPayment(sessionId: string, outcome: 'succeeded' | 'failed'): FakeStripeEvent[] {
    const session = this.must(this.sessions, sessionId);
    if (session.status !== 'complete' || session.payment_status !== 'unpaid') {
      throw new Error(`session ${sessionId} is not awaiting an async payment`);
    }
    if (outcome === 'failed') return [this.event('checkout.session.async_payment_failed', session)];
    const method = this.asyncMethods.get(sessionId) ?? 'pix';
    const charge = this.newCharge(session.amount_total as number, session.customer as string, method);
    charge.payment_intent = session.payment_intent;
    session.payment_status = 'paid';
    return [this.event('checkout.session.async_payment_succeeded', session)];
  }

  /** The customer completes a subscription-mode session: subscription, first invoice paid. */
  paySubscriptionSession(sessionId: string): FakeStripeEvent[] {
    const session = this.openSession(sessionId);
    const priceId = (session.line_items as Json[])[0]?.price as string;
    const price = priceInfo.get(priceId);
    if (!price) throw new Error(`unknown price ${priceId}`);
    const start = now();
    const end = addPeriod(start, price.period);
    const subscription: Obj = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: session.subscription_metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: { id: priceId, object: 'price' },
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
      created: start,
    };
    this.subscriptions.set(subscription.id, subscription);
    const invoice = this.newInvoice(subscription, 'subscription_create', [
      { price: priceId, amount: price.amount, start, end },
    ]);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
      invoice: invoice.id,
    });
    return [
      this.event('customer.subscription.created', subscription),
      this.event('invoice.paid', invoice),
      this.event('checkout.session.completed', session),
    ];
  }

  /**
   * A portal upgrade with `always_invoice`, made at `at` (seconds; now by default): the proration invoice is paid at
   * once. Stripe prorates "down to the second based on the starting timestamp of the billing period and the
   * timestamp of the proration's triggering event" (docs.stripe.com/billing/scripts/prorations): the invoice credits
   * the unused time on the old price and charges the remaining time on the new one ("Unused time on …" −, "Remaining
   * time on …" +, docs.stripe.com/billing/subscriptions/prorations), each line's `period` the prorated interval, from
   * the change to the period end (docs.stripe.com/changelog/2015-04-07/updates-ending-periods-prorated-invoice-line-items),
   * and `parent.subscription_item_details.proration` true.
   */
  changePlan(subscriptionId: string, newPriceId: string, at = now()): FakeStripeEvent[] {
    const subscription = this.must(this.subscriptions, subscriptionId);
    const item = (subscription.items as { data: Json[] }).data[0] as Json;
    const oldPrice = (item.price as Obj).id;
    const start = item.current_period_start as number;
    const end = item.current_period_end as number;
    item.price = { id: newPriceId, object: 'price' };
    const prorated = (priceId: string) =>
      Math.round(((priceInfo.get(priceId)?.amount ?? 0) * (end - at)) / (end - start));
    const invoice = this.newInvoice(subscription, 'subscription_update', [
      { price: oldPrice, amount: -prorated(oldPrice), start: at, end, proration: true },
      { price: newPriceId, amount: prorated(newPriceId), start: at, end, proration: true },
    ]);
    return [this.event('customer.subscription.updated', subscription), this.event('invoice.paid', invoice)];
  }

  /** The period ends: the next one starts and its invoice is paid. */
  renew(subscriptionId: string): FakeStripeEvent[] {
    const subscription = this.must(this.subscriptions, subscriptionId);
    const item = (subscription.items as { data: Json[] }).data[0] as Json;
    const priceId = (item.price as Obj).id;
    const price = priceInfo.get(priceId);
    if (!price) throw new Error(`unknown price ${priceId}`);
    const start = item.current_period_end as number;
    const end = addPeriod(start, price.period);
    Object.assign(item, { current_period_start: start, current_period_end: end });
    const invoice = this.newInvoice(subscription, 'subscription_cycle', [
      { price: priceId, amount: price.amount, start, end },
    ]);
    return [this.event('customer.subscription.updated', subscription), this.event('invoice.paid', invoice)];
  }

  cancelAtPeriodEnd(subscriptionId: string): FakeStripeEvent[] {
    const subscription = this.must(this.subscriptions, subscriptionId);
    subscription.cancel_at_period_end = true;
    return [this.event('customer.subscription.updated', subscription)];
  }

  /** Refunds (part of) the charge that paid a session or an invoice; `pending` until settleRefund. */
  refund(chargeId: string, amount?: number, options: RefundOptions = {}): FakeStripeEvent[] {
    const charge = this.must(this.charges, chargeId);
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (charge.disputed) {
      throw new StripeRefusal(
        stripeError('charge_disputed', `Charge ${chargeId} has been charged back; cannot issue a refund.`),
      );
    }
    if (left <= 0) {
      throw new StripeRefusal(
        stripeError('charge_already_refunded', `Charge ${chargeId} has already been refunded.`),
      );
    }
    // Boleto: "Refunds / Partial refunds: No / No" (docs.stripe.com/payments/boleto). Stripe's exact error code for
    // it is not documented: the fake answers an invalid_request_error, the type Cena reads.
    if ((charge.payment_method_details as Json | undefined)?.type === 'boleto') {
      throw new StripeRefusal(
        stripeError(
          'charge_not_refundable',
          `Charge ${chargeId} was paid with boleto, which does not support refunds.`,
        ),
      );
    }
    if (amount !== undefined && amount > left) {
      throw new StripeRefusal(
        stripeError(
          'amount_too_large',
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          'amount',
        ),
      );
    }
    const refund: Obj = {
      id: newId('re'),
      object: 'refund',
      charge: chargeId,
      payment_intent: charge.payment_intent,
      amount: amount ?? left,
      currency: 'brl',
      status: options.pending ? 'pending' : 'succeeded',
      reason: options.reason ?? null,
      metadata: options.metadata ?? {},
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded = (charge.amount_refunded as number) + (refund.amount as number);
    charge.refunded = charge.amount_refunded === charge.amount;
    return [this.event('charge.refunded', charge), this.event('refund.created', refund)];
  }

  /** A pending refund reaches its final status. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): FakeStripeEvent[] {
    const refund = this.must(this.refunds, refundId);
    refund.status = status;
    if (status === 'failed') {
      const charge = this.must(this.charges, refund.charge as string);
      charge.amount_refunded = (charge.amount_refunded as number) - (refund.amount as number);
      charge.refunded = false;
    }
    return [this.event('charge.refund.updated', refund), this.event('refund.updated', refund)];
  }

  /** The buyer disputes (part of) a charge with their bank: a card chargeback, or a Pix MED claim. */
  dispute(chargeId: string, amount?: number): { disputeId: string; events: FakeStripeEvent[] } {
    const charge = this.must(this.charges, chargeId);
    const dispute: Obj = {
      id: newId('dp'),
      object: 'dispute',
      charge: chargeId,
      payment_intent: charge.payment_intent,
      amount: amount ?? (charge.amount as number),
      currency: 'brl',
      status: 'needs_response',
    };
    this.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    return { disputeId: dispute.id, events: [this.event('charge.dispute.created', dispute)] };
  }

  closeDispute(disputeId: string, status: 'won' | 'lost'): FakeStripeEvent[] {
    const dispute = this.must(this.disputes, disputeId);
    dispute.status = status;
    return [this.event('charge.dispute.closed', dispute)];
  }

  chargeOfSession(sessionId: string): string {
    const intent = this.must(this.sessions, sessionId).payment_intent;
    const charge = [...this.charges.values()].find((c) => c.payment_intent === intent);
    if (!charge) throw new Error(`session ${sessionId} has no charge`);
    return charge.id;
  }

  /** A signed delivery of the event, as Stripe would POST it. */
  signed(event: FakeStripeEvent, secret = STRIPE_TEST_WEBHOOK_SECRET): { body: string; signature: string } {
    return {
      body: event.payload,
      signature: this.stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret }),
    };
  }

  // -------------------------------------------------------------------------------------------------------------

  /** What Stripe refuses in a portal configuration Cena sends: unknown enum values, prices of another product. */
  private portalConfigurationProblem(body: Json): string | undefined {
    const features = (body.features ?? {}) as Record<string, Json>;
    const update = features.subscription_update;
    if (update && String(update.enabled) === 'true') {
      const proration = update.proration_behavior;
      if (
        proration !== undefined &&
        !['none', 'create_prorations', 'always_invoice'].includes(proration as string)
      ) {
        return `Invalid proration_behavior: ${String(proration)}`;
      }
      const products = (update.products ?? []) as { product: string; prices: string[] }[];
      if (((update.default_allowed_updates ?? []) as string[]).includes('price') && products.length === 0) {
        return 'features[subscription_update][products] is required to allow price updates';
      }
      if (products.length > 10) return 'At most 10 products can be listed';
      for (const { product, prices } of products) {
        for (const price of prices ?? []) {
          if (priceInfo.get(price)?.product !== product)
            return `Price ${price} does not belong to product ${product}`;
        }
      }
    }
    const mode = features.subscription_cancel?.mode;
    if (mode !== undefined && !['at_period_end', 'immediately'].includes(mode as string)) {
      return `Invalid subscription_cancel mode: ${String(mode)}`;
    }
    return undefined;
  }

  /** What Stripe refuses in a Checkout Session that offers Pix (docs.stripe.com/payments/pix/accept-a-payment). */
  private pixProblem(body: Json): { message: string; param: string } | undefined {
    const methods = [
      ...((body.allowed_payment_method_types as string[] | undefined) ?? []),
      ...((body.payment_method_types as string[] | undefined) ?? []),
    ];
    if (!methods.includes('pix')) return undefined;
    if (body.mode !== 'payment') {
      return {
        message: `The payment method \`pix\` cannot be used in \`${String(body.mode)}\` mode.`,
        param: 'payment_method_types',
      };
    }
    const items = (body.line_items as Json[] | undefined) ?? [];
    if (items.some((item) => (item.price_data as Json | undefined)?.currency !== 'brl')) {
      return { message: 'Pix only supports brl line items.', param: 'line_items' };
    }
    const options = (body.payment_method_options as Record<string, Json> | undefined)?.pix;
    const expires = options?.expires_after_seconds;
    if (expires !== undefined && !(Number(expires) >= 10 && Number(expires) <= 1_209_600)) {
      return {
        message: 'expires_after_seconds must be between 10 and 1209600.',
        param: 'payment_method_options[pix][expires_after_seconds]',
      };
    }
    return undefined;
  }

  protected must(map: Map<string, Obj>, id: string): Obj {
    const found = map.get(id);
    if (!found) throw new Error(`fake Stripe has no ${id}`);
    return found;
  }

  /** Events carry a snapshot of the object at the time, like Stripe's. */
  protected event(type: string, object: Obj): FakeStripeEvent {
    const id = newId('evt');
    const payload = JSON.stringify(
      {
        id,
        object: 'event',
        type,
        api_version: '2026-10-28.endive',
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      },
      null,
      2,
    );
    return { id, type, payload };
  }

  protected newCharge(amount: number, customer: string, method = 'card'): Obj {
    const charge: Obj = {
      id: newId('ch'),
      object: 'charge',
      // docs.stripe.com/api/charges/object: a card's `payment_method_details.card.fingerprint` "uniquely identifies
      // this particular card number"; the fake pays with one test card, so every card charge has the same one.
      payment_method_details:
        method === 'card' ? { type: method, card: { fingerprint: TEST_CARD_FINGERPRINT } } : { type: method },
      // docs.stripe.com/api/charges/object: "receipt_url — This is the URL to view the receipt for this charge."
      receipt_url: `https://pay.stripe.test/receipts/${randomBytes(6).toString('hex')}`,
      amount,
      amount_refunded: 0,
      refunded: false,
      customer,
      payment_intent: newId('pi'),
    };
    this.charges.set(charge.id, charge);
    return charge;
  }

  private newInvoice(
    subscription: Obj,
    reason: string,
    lines: { price: string; amount: number; start: number; end: number; proration?: boolean }[],
  ): Obj {
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const charge = this.newCharge(Math.max(total, 0), subscription.customer as string);
    const id = newId('in');
    const invoice: Obj = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      status: 'paid',
      // docs.stripe.com/api/invoices/object: "hosted_invoice_url — The URL for the hosted invoice page, which allows
      // customers to view and pay an invoice. If the invoice has not been finalized yet, this will be null."; and
      // "invoice_pdf — The link to download the PDF for the invoice." Every invoice here is finalized (paid).
      hosted_invoice_url: `https://invoice.stripe.test/i/acct_fake/${id}`,
      invoice_pdf: `https://pay.stripe.test/invoice/acct_fake/${id}/pdf`,
      billing_reason: reason,
      amount_paid: Math.max(total, 0),
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: lines.map((line) => ({
          id: newId('il'),
          object: 'line_item',
          amount: line.amount,
          period: { start: line.start, end: line.end },
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: line.proration ?? false,
              proration_details: { credited_items: null },
              subscription: subscription.id,
              subscription_item: ((subscription.items as { data: Obj[] }).data[0] as Obj).id,
            },
          },
          pricing: { type: 'price_details', price_details: { price: line.price, product: 'prod_x' } },
        })),
      },
    };
    this.invoices.set(id, invoice);
    this.invoiceOfIntent.set(charge.payment_intent as string, id);
    return invoice;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Refunds made through the API, and the PaymentIntents they name

  /**
   * Events of what the app asked through the API (a refund it created): Stripe sends them by itself, the test
   * delivers them (`takeApiEvents`) when it likes. POST /v1/refunds sends `charge.refunded` (the charge, now with
   * `amount_refunded`) and `refund.created` (the refund) — docs.stripe.com/api/events/types; `refund.created` is
   * sent for charge refunds too since 2024-10-28.acacia (docs.stripe.com/changelog/acacia/2024-10-28/refund-webhook-update).
   */
  protected readonly apiEvents: FakeStripeEvent[] = [];
  /** Idempotency-Key → the request's parameters and the answer saved for it. */
  private readonly idempotent = new Map<string, { params: string; status: number; body: unknown }>();

  takeApiEvents(): FakeStripeEvent[] {
    return this.apiEvents.splice(0);
  }

  /** The charge of a PaymentIntent (the latest one: Cena's intents have one). */
  private chargeOfIntent(intentId: string): Obj | undefined {
    return [...this.charges.values()].findLast((c) => c.payment_intent === intentId);
  }

  /**
   * docs.stripe.com/api/payment_intents/object: `status` is `succeeded` once paid (a Pix still to be paid:
   * `requires_action`), `latest_charge` an id unless expanded (`expand[]=latest_charge`,
   * docs.stripe.com/api/expanding_objects); an unknown id is 404 `resource_missing`.
   */
  private paymentIntent(id: string, expand: string[]): Obj | undefined {
    const charge = this.chargeOfIntent(id);
    const session = [...this.sessions.values()].find((s) => s.payment_intent === id);
    if (!charge && !session) return undefined;
    return {
      id,
      object: 'payment_intent',
      amount: (charge?.amount as number | undefined) ?? session?.amount_total,
      amount_received: charge ? charge.amount : 0,
      currency: 'brl',
      customer: charge?.customer ?? session?.customer ?? null,
      status: charge ? 'succeeded' : 'requires_action',
      latest_charge: charge ? (expand.includes('latest_charge') ? charge : charge.id) : null,
      metadata: {},
    };
  }

  /**
   * POST /v1/refunds (docs.stripe.com/api/refunds/create): `payment_intent` or `charge` (one of them required);
   * `amount` defaults to what is left and "can refund only up to the remaining, unrefunded amount"; `reason` is
   * one of duplicate, fraudulent, requested_by_customer. A charge refunded in full answers
   * `charge_already_refunded`, one charged back `charge_disputed` (docs.stripe.com/error-codes). With an
   * Idempotency-Key, the first answer (refusals included) is saved and replayed; the same key with other
   * parameters is an `idempotency_error` (docs.stripe.com/api/idempotent_requests).
   */
  private createRefund(body: Json): { status: number; body: unknown } {
    const refusal = (code: string, message: string, param?: string) => ({
      status: 400,
      body: stripeError(code, message, param),
    });
    const intent = body.payment_intent as string | undefined;
    if (!intent && !body.charge) {
      return refusal(
        'parameter_missing',
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    }
    const charge = intent ? this.chargeOfIntent(intent) : this.charges.get(body.charge as string);
    if (!charge) {
      return intent
        ? refusal('resource_missing', `No such payment_intent: '${intent}'`, 'payment_intent')
        : refusal('resource_missing', `No such charge: '${String(body.charge)}'`, 'charge');
    }
    const reason = body.reason as string | undefined;
    if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      return refusal('invalid_request_error', `Invalid reason: ${reason}`, 'reason');
    }
    try {
      const events = this.refund(charge.id, body.amount === undefined ? undefined : Number(body.amount), {
        metadata: (body.metadata as Json | undefined) ?? {},
        ...(reason ? { reason } : {}),
      });
      this.apiEvents.push(...events);
      const created = [...this.refunds.values()].at(-1);
      return { status: 200, body: created };
    } catch (error) {
      if (error instanceof StripeRefusal) return { status: 400, body: error.body };
      throw error;
    }
  }

  private refundsAndIntents(
    request: IncomingMessage,
    path: string,
    body: Json,
    query: Json,
    send: (status: number, value: unknown) => void,
  ): void {
    if (request.method === 'GET' && path === '/v1/refunds') {
      const refunds = [...this.refunds.values()].filter(
        (r) =>
          (!query.charge || r.charge === query.charge) &&
          (!query.payment_intent || r.payment_intent === query.payment_intent),
      );
      send(200, this.list(refunds, path));
      return;
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const key = request.headers['idempotency-key'] as string | undefined;
      const params = JSON.stringify(body);
      const saved = key ? this.idempotent.get(key) : undefined;
      if (saved && saved.params !== params) {
        send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
        return;
      }
      const answer = saved ?? this.createRefund(body);
      if (key && !saved) this.idempotent.set(key, { params, ...answer });
      send(answer.status, answer.body);
      return;
    }
    const id = decodeURIComponent(path.slice('/v1/payment_intents/'.length));
    const intent =
      request.method === 'GET' ? this.paymentIntent(id, (query.expand ?? []) as string[]) : undefined;
    if (intent) send(200, intent);
    else send(404, stripeError('resource_missing', `No such payment_intent: '${id}'`, 'id'));
  }

  private list(data: Obj[], url: string) {
    return { object: 'list', data, has_more: false, url };
  }

  /** Endpoints a subclass adds (fake-stripe-boleto.ts); true when it answered. */
  protected routeMore(
    _request: { method: string; path: string; body: Json; key: string | undefined },
    _send: (status: number, value: unknown) => void,
  ): boolean {
    return false;
  }

  private async route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = request.method === 'POST' ? parseForm(Buffer.concat(chunks).toString()) : {};
    const query = parseForm(url.search.slice(1));
    const path = url.pathname;
    this.calls.push(`${request.method} ${path}`);
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify(value));
    };
    const missing = () => send(404, stripeError('resource_missing', `No such object: ${path}`));
    const refuse = (code: string, message: string, param?: string) =>
      send(400, stripeError(code, message, param));
    /** Refuses (and says so) a customer parameter that names no customer. */
    const refusedCustomer = (id: unknown): boolean => {
      if (typeof id !== 'string' || this.customers.has(id)) return false;
      refuse('resource_missing', `No such customer: '${id}'`, 'customer');
      return true;
    };
    if (request.headers.authorization !== `Bearer ${STRIPE_TEST_SECRET}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const key = request.headers['idempotency-key'] as string | undefined;
    if (this.routeMore({ method: request.method ?? 'GET', path, body, key }, send)) return;
    const byId = (map: Map<string, Obj>, prefix: string) => {
      const id = decodeURIComponent(path.slice(prefix.length));
      const found = map.get(id);
      return found ? send(200, found) : missing();
    };

    if (request.method === 'POST' && path === '/v1/customers') {
      const customer: Obj = {
        id: newId('cus'),
        object: 'customer',
        email: body.email,
        metadata: body.metadata ?? {},
      };
      this.customers.set(customer.id, customer);
      return send(200, customer);
    }
    if (request.method === 'POST' && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(path)) {
      // docs.stripe.com/api/checkout/sessions/expire: "A Checkout Session can be expired when it is in one of
      // these statuses: open"; otherwise Stripe answers 400 invalid_request_error.
      const session = this.sessions.get(decodeURIComponent(path.split('/')[4] ?? ''));
      if (!session) return missing();
      if (session.status !== 'open') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
          },
        });
      }
      Object.assign(session, { status: 'expired' });
      return send(200, session);
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItems = (body.line_items as Json[] | undefined) ?? [];
      if (body.mode !== 'setup' && lineItems.length === 0) {
        return refuse('parameter_missing', 'Missing required param: line_items.', 'line_items');
      }
      const unknownPrice = lineItems.findIndex(
        (item) => item.price !== undefined && !priceInfo.has(item.price as string),
      );
      if (unknownPrice >= 0) {
        return refuse(
          'resource_missing',
          `No such price: '${String(lineItems[unknownPrice]?.price)}'`,
          `line_items[${unknownPrice}][price]`,
        );
      }
      if (refusedCustomer(body.customer)) return;
      const pixRefusal = this.pixProblem(body);
      if (pixRefusal) return refuse('invalid_request_error', pixRefusal.message, pixRefusal.param);
      const first = lineItems[0] ?? {};
      const amount =
        body.mode === 'payment'
          ? Number((first.price_data as Json | undefined)?.unit_amount ?? 0)
          : (priceInfo.get(first.price as string)?.amount ?? 0);
      const session: Obj = {
        id: newId('cs_test'),
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        amount_total: amount,
        currency: 'brl',
        subscription: null,
        invoice: null,
        payment_intent: null,
        line_items: lineItems,
        subscription_metadata: (body.subscription_data as Json | undefined)?.metadata ?? {},
        allowed_payment_method_types: body.allowed_payment_method_types ?? null,
        url: `https://checkout.stripe.test/c/pay/${randomBytes(6).toString('hex')}`,
      };
      this.sessions.set(session.id, session);
      return send(200, session);
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/configurations') {
      const problem = this.portalConfigurationProblem(body);
      if (problem) return send(400, { error: { type: 'invalid_request_error', message: problem } });
      const configuration: Obj = {
        id: newId('bpc'),
        object: 'billing_portal.configuration',
        active: true,
        // Only the one saved in the Dashboard is the default; configurations made through the API never are.
        is_default: false,
        ...body,
      };
      this.portalConfigurations.set(configuration.id, configuration);
      return send(200, configuration);
    }
    if (request.method === 'POST' && path.startsWith('/v1/billing_portal/configurations/')) {
      const configuration = this.portalConfigurations.get(
        path.slice('/v1/billing_portal/configurations/'.length),
      );
      if (!configuration) return missing();
      const problem = this.portalConfigurationProblem(body);
      if (problem) return send(400, { error: { type: 'invalid_request_error', message: problem } });
      Object.assign(configuration, body);
      return send(200, configuration);
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!body.customer) return refuse('parameter_missing', 'Missing required param: customer.', 'customer');
      if (refusedCustomer(body.customer)) return;
      const configuration = body.configuration
        ? this.portalConfigurations.get(body.configuration as string)
        : [...this.portalConfigurations.values()].find((c) => c.is_default);
      if (body.configuration && !configuration) return missing();
      if (!configuration) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message:
              'No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.',
          },
        });
      }
      this.portalSessions.push(body);
      return send(200, {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        url: `https://billing.stripe.test/p/session/${randomBytes(6).toString('hex')}`,
      });
    }
    if (path === '/v1/refunds' || path.startsWith('/v1/payment_intents/')) {
      return this.refundsAndIntents(request, path, body, query, send);
    }
    if (request.method !== 'GET') return missing();
    if (path === '/v1/billing_portal/configurations') {
      return send(
        200,
        this.list(
          [...this.portalConfigurations.values()].filter(
            (c) => query.active === undefined || String(c.active) === query.active,
          ),
          path,
        ),
      );
    }
    if (path.startsWith('/v1/prices/')) {
      const id = decodeURIComponent(path.slice('/v1/prices/'.length));
      const price = priceInfo.get(id);
      if (!price) return missing();
      return send(200, {
        id,
        object: 'price',
        product: price.product,
        currency: 'brl',
        unit_amount: price.amount,
      });
    }
    if (path.startsWith('/v1/disputes/')) return byId(this.disputes, '/v1/disputes/');
    if (path === '/v1/checkout/sessions') {
      return send(
        200,
        this.list(
          [...this.sessions.values()].filter(
            (s) =>
              (!query.customer || s.customer === query.customer) &&
              (!query.status || s.status === query.status) &&
              (!query.payment_intent || s.payment_intent === query.payment_intent),
          ),
          path,
        ),
      );
    }
    if (path.startsWith('/v1/checkout/sessions/')) return byId(this.sessions, '/v1/checkout/sessions/');
    if (path === '/v1/invoices') {
      return send(
        200,
        this.list(
          [...this.invoices.values()].filter(
            (i) =>
              (!query.customer || i.customer === query.customer) &&
              (!query.status || i.status === query.status),
          ),
          path,
        ),
      );
    }
    if (path.startsWith('/v1/invoices/')) return byId(this.invoices, '/v1/invoices/');
    if (path === '/v1/subscriptions') {
      return send(
        200,
        this.list(
          [...this.subscriptions.values()].filter((s) => !query.customer || s.customer === query.customer),
          path,
        ),
      );
    }
    if (path.startsWith('/v1/subscriptions/')) return byId(this.subscriptions, '/v1/subscriptions/');
    if (path.startsWith('/v1/charges/')) return byId(this.charges, '/v1/charges/');
    if (path === '/v1/invoice_payments') {
      const intent = (query.payment as Json | undefined)?.payment_intent as string | undefined;
      const invoice = intent ? this.invoiceOfIntent.get(intent) : undefined;
      return send(
        200,
        this.list(invoice ? [{ id: newId('inpay'), object: 'invoice_payment', invoice }] : [], path),
      );
    }
    return missing();
  }
}
