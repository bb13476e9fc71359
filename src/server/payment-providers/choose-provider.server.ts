import type pg from 'pg';
import type { PaymentProvider } from '#server/billing/payment-provider.server';
import type { Config } from '#server/config.server';
import type { Logger } from '#server/logger.server';
import type { NfseEmitter } from '#server/notas-fiscais/emitter.server';
import { createNfseEmitter } from '#server/notas-fiscais/nfse.server';
import { LocalPaymentProvider } from './local-checkout.server';
import { StripePaymentProvider } from './stripe-provider.server';
import { createStripeClient } from './stripe-sdk.server';
import { StripeWebhook } from './stripe-webhook.server';

export interface Billing {
  provider: PaymentProvider;
  /** Set in local mode: serves /dev/checkout and /dev/portal. */
  local: LocalPaymentProvider | undefined;
  webhook: StripeWebhook | undefined;
  /** The NFS-e emitter (ADR 0041); undefined when notas are off. */
  nfse: NfseEmitter | undefined;
}

/**
 * Chooses the payment provider from the configuration: Stripe when its keys are set, otherwise the local test
 * checkout — which refuses production (loadConfig already stops a production start without Stripe).
 */
export function createBilling(config: Config, pool: pg.Pool, logger: Logger): Billing {
  const stripeConfig = config.billing.stripe;
  const nfse = createNfseEmitter(config.billing.nfse, config.appUrl);
  if (stripeConfig) {
    const stripe = createStripeClient(stripeConfig);
    const provider = new StripePaymentProvider(pool, stripe, stripeConfig, config.appUrl, logger);
    provider
      .preparePortal()
      .catch((error: unknown) =>
        logger.warn(
          { err: error },
          'Stripe portal configuration failed; retried when a customer opens the portal',
        ),
      );
    return {
      provider,
      local: undefined,
      webhook: new StripeWebhook(pool, stripe, stripeConfig.webhookSecret, provider),
      nfse,
    };
  }
  const local = new LocalPaymentProvider(pool, config.appUrl, config.env);
  return { provider: local, local, webhook: undefined, nfse };
}
