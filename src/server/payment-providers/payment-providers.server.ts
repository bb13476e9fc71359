/**
 * The payment-providers room's entry file (ADR 0003, ADR 0057): what other rooms use of it — Stripe and the
 * local test checkout, behind billing's interface: the choice between them, the Stripe webhook, the dev
 * checkout pages. Other rooms import this file, never one inside the room (biome.json).
 */
export type { Billing } from './choose-provider.server';
export { createBilling } from './choose-provider.server';
export { devCheckoutPages } from './dev-checkout-pages.server';
