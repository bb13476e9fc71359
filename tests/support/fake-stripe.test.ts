import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe, STRIPE_TEST_PRICES, STRIPE_TEST_SECRET, StripeRefusal } from './fake-stripe';

/**
 * The fake refuses what Stripe refuses, in Stripe's error shape, as the official SDK sees it: a Cena call that
 * real Stripe would reject cannot pass against the fake (docs.stripe.com/api/errors, docs.stripe.com/error-codes).
 */

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  const url = new URL(fake.url);
  stripe = new Stripe(STRIPE_TEST_SECRET, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await fake?.stop();
});

/** The SDK's error for a call: HTTP status and Stripe's `type`, `code`, `param` and `message`. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  const { statusCode, type, code, param, message } = error as Stripe.errors.StripeInvalidRequestError;
  return { statusCode, type, code, param, message };
}

const price = STRIPE_TEST_PRICES.starter.monthly;

describe('the fake Stripe refuses what Stripe refuses', () => {
  it('a Checkout Session without line_items, with an unknown price or an unknown customer', async () => {
    const customer = await stripe.customers.create({ email: 'cliente@cena.test' });
    const urls = { success_url: 'https://cena.test/ok', cancel_url: 'https://cena.test/cancel' };
    const subscribe = (customerId: string, priceId: string) =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        line_items: [{ price: priceId, quantity: 1 }],
        ...urls,
      });
    expect(
      await refusal(stripe.checkout.sessions.create({ mode: 'payment', customer: customer.id, ...urls })),
    ).toEqual({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
      param: 'line_items',
      message: 'Missing required param: line_items.',
    });
    expect(await refusal(subscribe(customer.id, 'price_nope'))).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'line_items[0][price]',
      message: "No such price: 'price_nope'",
    });
    expect(await refusal(subscribe('cus_nobody', price))).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
      message: "No such customer: 'cus_nobody'",
    });
    const accepted = await subscribe(customer.id, price);
    expect(accepted.status).toBe('open');
  });

  it('a portal session without a customer, or for an unknown one', async () => {
    const body = { return_url: 'https://cena.test/dashboard' } as Stripe.BillingPortal.SessionCreateParams;
    expect(await refusal(stripe.billingPortal.sessions.create(body))).toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'customer',
    });
    expect(
      await refusal(stripe.billingPortal.sessions.create({ ...body, customer: 'cus_nobody' })),
    ).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
  });

  it('an unknown object in the path is 404 resource_missing', async () => {
    expect(await refusal(stripe.charges.retrieve('ch_nope'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('a refund of more than is left of the charge', async () => {
    const customer = await stripe.customers.create({ email: 'reembolso@cena.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [
        { price_data: { currency: 'brl', unit_amount: 5000, product_data: { name: 'Pacote' } }, quantity: 1 },
      ],
      success_url: 'https://cena.test/ok',
    });
    fake.payPackageSession(session.id);
    const charge = fake.chargeOfSession(session.id);
    const refusedBody = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        if (error instanceof StripeRefusal) return error.body.error;
        throw error;
      }
      throw new Error('the refund was not refused');
    };
    expect(refusedBody(() => fake.refund(charge, 5001))).toMatchObject({
      type: 'invalid_request_error',
      code: 'amount_too_large',
      param: 'amount',
    });
    fake.refund(charge, 3000);
    expect(refusedBody(() => fake.refund(charge, 2001))).toMatchObject({ code: 'amount_too_large' });
    fake.refund(charge);
    expect((await stripe.charges.retrieve(charge)).amount_refunded).toBe(5000);
    expect(refusedBody(() => fake.refund(charge, 1))).toMatchObject({
      type: 'invalid_request_error',
      code: 'charge_already_refunded',
    });
  });

  it('POST /v1/refunds: what is left of the PaymentIntent, once; an unknown intent; a replayed idempotency key', async () => {
    const customer = await stripe.customers.create({ email: 'desistencia@cena.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [
        { price_data: { currency: 'brl', unit_amount: 4000, product_data: { name: 'Pacote' } }, quantity: 1 },
      ],
      success_url: 'https://cena.test/ok',
    });
    fake.payPackageSession(session.id);
    const intent = String(fake.sessions.get(session.id)?.payment_intent);
    expect(await refusal(stripe.refunds.create({ payment_intent: 'pi_nope' }))).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'payment_intent',
    });
    expect(await refusal(stripe.refunds.create({ payment_intent: intent, amount: 4001 }))).toMatchObject({
      code: 'amount_too_large',
    });
    const params = { payment_intent: intent, reason: 'requested_by_customer' as const };
    const first = await stripe.refunds.create(params, { idempotencyKey: 'k1' });
    expect(first).toMatchObject({ amount: 4000, status: 'succeeded', payment_intent: intent });
    expect((await stripe.refunds.create(params, { idempotencyKey: 'k1' })).id).toBe(first.id);
    expect(fake.takeApiEvents().map((event) => event.type)).toEqual(['charge.refunded', 'refund.created']);
    expect(await refusal(stripe.refunds.create(params))).toMatchObject({ code: 'charge_already_refunded' });
    const reused = await stripe.refunds
      .create({ ...params, amount: 1 }, { idempotencyKey: 'k1' })
      .catch((e) => e);
    expect(reused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const retrieved = await stripe.paymentIntents.retrieve(intent, { expand: ['latest_charge'] });
    expect(retrieved).toMatchObject({ status: 'succeeded', amount: 4000 });
    expect(retrieved.latest_charge).toMatchObject({ amount_refunded: 4000, refunded: true });
  });
});

describe('Pix (docs.stripe.com/payments/pix/accept-a-payment)', () => {
  it('refuses pix in subscription mode and an expiry outside 10 s to 14 days', async () => {
    const customer = await stripe.customers.create({ email: 'pix@example.com' });
    expect(
      await refusal(
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customer.id,
          allowed_payment_method_types: ['pix'],
          line_items: [{ price, quantity: 1 }],
        }),
      ),
    ).toMatchObject({
      statusCode: 400,
      message: 'The payment method `pix` cannot be used in `subscription` mode.',
    });
    const oneTime = {
      mode: 'payment' as const,
      customer: customer.id,
      allowed_payment_method_types: ['pix' as const],
      line_items: [
        { quantity: 1, price_data: { currency: 'brl', unit_amount: 9990, product_data: { name: 'Plano' } } },
      ],
    };
    expect(
      await refusal(
        stripe.checkout.sessions.create({
          ...oneTime,
          payment_method_options: { pix: { expires_after_seconds: 1_209_601 } },
        }),
      ),
    ).toMatchObject({ statusCode: 400, param: 'payment_method_options[pix][expires_after_seconds]' });
    const session = await stripe.checkout.sessions.create({
      ...oneTime,
      payment_method_options: { pix: { expires_after_seconds: 86_400 } },
    });
    expect(session.mode).toBe('payment');
  });
});
