import { randomBytes } from 'node:crypto';
import {
  addPeriod,
  FakeStripe,
  type FakeStripeEvent,
  type Json,
  newId,
  now,
  type Obj,
  priceInfo,
  stripeError,
} from './fake-stripe';

/**
 * The fake Stripe (fake-stripe.ts) with subscriptions whose invoices are paid by boleto, as "Use Boleto with
 * subscriptions" sets them up (docs.stripe.com/payments/boleto/set-up-subscription) through
 * POST /v1/subscriptions (docs.stripe.com/api/subscriptions/create):
 * - `customer` and `items` are required, each item's price must exist (`resource_missing` otherwise);
 *   `days_until_due` is "valid only for subscriptions where collection_method is set to send_invoice", and such a
 *   subscription needs it to date its invoices; `payment_settings.payment_method_types` lists how invoices may be
 *   paid. The fake models the one shape Cena sends — send_invoice, boleto only — and refuses others by name.
 * - A `send_invoice` subscription is `active` at once, its first invoice finalized at once
 *   (docs.stripe.com/billing/invoices/subscription) and `open`, due `days_until_due` days later, paid on its
 *   `hosted_invoice_url` (docs.stripe.com/api/invoices/object).
 * - Paid: `invoice.paid` and `invoice.payment_succeeded` (docs.stripe.com/api/events/types). Left unpaid past its
 *   due date: `invoice.overdue`, and the subscription turns `past_due`, then — as the account's settings say —
 *   `canceled` (`customer.subscription.deleted`) (docs.stripe.com/billing/subscriptions/overview).
 * - An Idempotency-Key replays its first answer (docs.stripe.com/api/idempotent_requests).
 * - A boleto charge takes no refunds ("Refunds / Partial refunds: No / No", docs.stripe.com/payments/boleto):
 *   refused in fake-stripe.ts's refund.
 */

const DAY_S = 24 * 60 * 60;

export class FakeStripeWithBoleto extends FakeStripe {
  private readonly subscriptionKeys = new Map<string, unknown>();

  protected override routeMore(
    request: { method: string; path: string; body: Json; key: string | undefined },
    send: (status: number, value: unknown) => void,
  ): boolean {
    if (request.method !== 'POST' || request.path !== '/v1/subscriptions') return false;
    const saved = request.key ? this.subscriptionKeys.get(request.key) : undefined;
    if (saved) {
      send(200, saved);
      return true;
    }
    const answer = this.createSubscription(request.body);
    if (answer.status === 200 && request.key) this.subscriptionKeys.set(request.key, answer.body);
    send(answer.status, answer.body);
    return true;
  }

  private createSubscription(body: Json): { status: number; body: unknown } {
    const refuse = (code: string, message: string, param?: string) => ({
      status: 400,
      body: stripeError(code, message, param),
    });
    if (!body.customer) return refuse('parameter_missing', 'Missing required param: customer.', 'customer');
    if (!this.customers.has(body.customer as string)) {
      return refuse('resource_missing', `No such customer: '${String(body.customer)}'`, 'customer');
    }
    const items = (body.items as Json[] | undefined) ?? [];
    const priceId = items[0]?.price as string | undefined;
    if (!priceId) return refuse('parameter_missing', 'Missing required param: items.', 'items');
    const price = priceInfo.get(priceId);
    if (!price) return refuse('resource_missing', `No such price: '${priceId}'`, 'items[0][price]');
    const methods = ((body.payment_settings as Json | undefined)?.payment_method_types ?? []) as string[];
    if (body.collection_method !== 'send_invoice' || methods.join() !== 'boleto') {
      return refuse(
        'fake_unsupported',
        'The fake Stripe models only send_invoice subscriptions paid by boleto.',
      );
    }
    if (body.days_until_due === undefined) {
      return refuse('parameter_missing', 'Missing required param: days_until_due.', 'days_until_due');
    }
    const start = now();
    const subscription: Obj = {
      id: newId('sub'),
      object: 'subscription',
      customer: body.customer,
      status: 'active',
      collection_method: 'send_invoice',
      days_until_due: Number(body.days_until_due),
      payment_settings: { payment_method_types: methods },
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: body.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: { id: priceId, object: 'price' },
            current_period_start: start,
            current_period_end: addPeriod(start, price.period),
          },
        ],
      },
      latest_invoice: null,
      created: start,
    };
    this.subscriptions.set(subscription.id, subscription);
    const invoice = this.openInvoice(subscription, 'subscription_create');
    this.apiEvents.push(
      this.event('customer.subscription.created', subscription),
      this.event('invoice.finalized', invoice),
    );
    return { status: 200, body: subscription };
  }

  /** A finalized, unpaid invoice for the subscription's current period. */
  private openInvoice(subscription: Obj, reason: 'subscription_create' | 'subscription_cycle'): Obj {
    const item = (subscription.items as { data: Json[] }).data[0] as Json;
    const priceId = (item.price as Obj).id;
    const amount = priceInfo.get(priceId)?.amount ?? 0;
    const invoice: Obj = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      collection_method: 'send_invoice',
      billing_reason: reason,
      amount_due: amount,
      amount_paid: 0,
      due_date: now() + (subscription.days_until_due as number) * DAY_S,
      hosted_invoice_url: `https://invoice.stripe.test/i/${randomBytes(6).toString('hex')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { type: 'price_details', price_details: { price: priceId, product: 'prod_x' } },
          },
        ],
      },
    };
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /** The subscription's latest invoice (the boleto the customer is to pay). */
  latestInvoice(subscriptionId: string): Obj {
    return this.must(this.invoices, this.must(this.subscriptions, subscriptionId).latest_invoice as string);
  }

  /** The customer pays the invoice's boleto, and Stripe confirms it. */
  payBoletoInvoice(invoiceId: string): FakeStripeEvent[] {
    const invoice = this.must(this.invoices, invoiceId);
    if (invoice.status !== 'open') throw new Error(`invoice ${invoiceId} is ${String(invoice.status)}`);
    const charge = this.newCharge(invoice.amount_due as number, invoice.customer as string, 'boleto');
    this.invoiceOfIntent.set(charge.payment_intent as string, invoice.id);
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
    return [this.event('invoice.paid', invoice), this.event('invoice.payment_succeeded', invoice)];
  }

  /** The boleto is not paid by its due date: the subscription turns past_due, or ends (canceled). */
  boletoOverdue(invoiceId: string, then: 'past_due' | 'canceled'): FakeStripeEvent[] {
    const invoice = this.must(this.invoices, invoiceId);
    if (invoice.status !== 'open') throw new Error(`invoice ${invoiceId} is ${String(invoice.status)}`);
    const details = (invoice.parent as { subscription_details: Json }).subscription_details;
    const subscription = this.must(this.subscriptions, details.subscription as string);
    subscription.status = then;
    return [
      this.event('invoice.overdue', invoice),
      this.event(
        then === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
        subscription,
      ),
    ];
  }

  /** The period ends: the next one starts and its boleto is issued, unpaid. */
  renewBoleto(subscriptionId: string): FakeStripeEvent[] {
    const subscription = this.must(this.subscriptions, subscriptionId);
    const item = (subscription.items as { data: Json[] }).data[0] as Json;
    const period = priceInfo.get((item.price as Obj).id)?.period ?? 'monthly';
    const start = item.current_period_end as number;
    Object.assign(item, { current_period_start: start, current_period_end: addPeriod(start, period) });
    const invoice = this.openInvoice(subscription, 'subscription_cycle');
    return [
      this.event('customer.subscription.updated', subscription),
      this.event('invoice.finalized', invoice),
    ];
  }
}
