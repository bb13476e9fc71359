import { z } from 'zod';
import { type BillingPeriod, PLAN_IDS, type PlanId } from '#shared/catalogue';
import { type ConfigReading, optionalString, optionalUrl } from './env-values.server';
import { type NfseConfig, nfseConfig, nfseEnv } from './nfse.server';

/** Stripe (both keys, or neither: then the local test checkout, never in production). */
export const billingEnv = z.object({
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_STARTER_MONTHLY: optionalString,
  STRIPE_PRICE_STARTER_YEARLY: optionalString,
  STRIPE_PRICE_CREATOR_MONTHLY: optionalString,
  STRIPE_PRICE_CREATOR_YEARLY: optionalString,
  STRIPE_PRICE_PRO_MONTHLY: optionalString,
  STRIPE_PRICE_PRO_YEARLY: optionalString,
  STRIPE_PRICE_STUDIO_MONTHLY: optionalString,
  STRIPE_PRICE_STUDIO_YEARLY: optionalString,
  /** Where the portal button goes when Stripe returns no portal url (spec §7). */
  STRIPE_PORTAL_LOGIN_URL: optionalUrl,
  /** Another Stripe API address (tests: a local fake), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: optionalUrl,
  ...nfseEnv.shape,
});

type BillingEnv = z.infer<typeof billingEnv>;

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Price id per plan and period (subscription Checkout; mapping invoice lines back to plans). */
  prices: Record<PlanId, Record<BillingPeriod, string>>;
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

export interface BillingConfig {
  /** Undefined: the local test checkout (refused in production). */
  stripe: StripeConfig | undefined;
  portalLoginUrl: string | undefined;
  /** The NFS-e emitter (ADR 0041). */
  nfse: NfseConfig;
}

function stripeApi(base: string): NonNullable<StripeConfig['api']> {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

function stripePrices(env: BillingEnv, stripeOn: boolean, problems: string[]): StripeConfig['prices'] {
  const prices = {} as Record<PlanId, Record<BillingPeriod, string>>;
  for (const plan of PLAN_IDS) {
    const monthly = env[`STRIPE_PRICE_${plan.toUpperCase()}_MONTHLY` as keyof BillingEnv] as
      | string
      | undefined;
    const yearly = env[`STRIPE_PRICE_${plan.toUpperCase()}_YEARLY` as keyof BillingEnv] as string | undefined;
    if (stripeOn && !monthly)
      problems.push(`  STRIPE_PRICE_${plan.toUpperCase()}_MONTHLY: required with Stripe`);
    if (stripeOn && !yearly)
      problems.push(`  STRIPE_PRICE_${plan.toUpperCase()}_YEARLY: required with Stripe`);
    prices[plan] = { monthly: monthly ?? '', yearly: yearly ?? '' };
  }
  return prices;
}

export function billingConfig(env: BillingEnv, reading: ConfigReading): BillingConfig {
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    reading.problems.push('  STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET: set both to use Stripe, or neither');
  }
  const stripeOn = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
  // The local checkout grants credits for nothing: production must take real payments.
  if (reading.isProduction && !stripeOn) {
    reading.problems.push(
      '  STRIPE_SECRET_KEY: required in production (the local test checkout is local only)',
    );
  }
  const prices = stripePrices(env, stripeOn, reading.problems);
  return {
    stripe:
      stripeOn && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            prices,
            api: env.STRIPE_API_BASE ? stripeApi(env.STRIPE_API_BASE) : undefined,
          }
        : undefined,
    portalLoginUrl: env.STRIPE_PORTAL_LOGIN_URL,
    nfse: nfseConfig(env, reading),
  };
}
