import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { ProviderError } from '#server/billing/payment-provider.server';
import type { StripeConfig } from '#server/config.server';
import { idOf } from './stripe-sdk.server';

/** How Cena finds its own portal configuration among the account's. */
const PORTAL_MARK = { key: 'cena', value: 'customer-portal' } as const;

/** Each plan's product with the plans' prices it offers in the portal. */
async function pricesByProduct(
  stripe: Stripe,
  prices: StripeConfig['prices'],
): Promise<Map<string, string[]>> {
  const byProduct = new Map<string, string[]>();
  for (const plan of Object.values(prices)) {
    for (const priceId of [plan.monthly, plan.yearly]) {
      const product = idOf((await stripe.prices.retrieve(priceId)).product);
      if (!product) throw new ProviderError(`price ${priceId} has no product`);
      byProduct.set(product, [...(byProduct.get(product) ?? []), priceId]);
    }
  }
  return byProduct;
}

/**
 * The Customer Portal configuration, created or brought up to date from code: without one Stripe refuses portal
 * sessions, and its defaults differ from design §4 — `subscription_update.proration_behavior` defaults to `none`.
 * Configured here: the plans' prices, upgrades charged at once (`always_invoice`, whose paid invoice grants the
 * difference), downgrades and shorter periods at the period end (`schedule_at_period_end`), cancellation at the
 * period end (docs.stripe.com/api/customer_portal/configurations/create;
 * docs.stripe.com/customer-management/configure-portal).
 */
export async function configurePortal(
  stripe: Stripe,
  prices: StripeConfig['prices'],
  appUrl: string,
): Promise<string> {
  const products = await pricesByProduct(stripe, prices);
  const params = {
    name: 'Cena',
    metadata: { [PORTAL_MARK.key]: PORTAL_MARK.value },
    default_return_url: `${appUrl}/dashboard?portal=1`,
    features: {
      customer_update: { enabled: true, allowed_updates: ['email', 'name', 'address', 'tax_id'] },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
      subscription_update: {
        enabled: true,
        default_allowed_updates: ['price'],
        products: [...products].map(([product, productPrices]) => ({ product, prices: productPrices })),
        proration_behavior: 'always_invoice',
        billing_cycle_anchor: 'unchanged',
        schedule_at_period_end: {
          conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }],
        },
      },
    },
  } satisfies Stripe.BillingPortal.ConfigurationCreateParams;
  for await (const existing of stripe.billingPortal.configurations.list({ active: true, limit: 100 })) {
    if (existing.metadata?.[PORTAL_MARK.key] === PORTAL_MARK.value) {
      return (await stripe.billingPortal.configurations.update(existing.id, params)).id;
    }
  }
  // Two processes starting together send the same key: Stripe answers both with the one configuration.
  const created = await stripe.billingPortal.configurations.create(params, {
    idempotencyKey: `cena-portal-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 32)}`,
  });
  return created.id;
}
