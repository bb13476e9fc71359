import type { Context, Hono } from 'hono';
import type pg from 'pg';
import { bodyLimit } from '#server/kernel/body-limit.server';
import { type AppEnv, apiError, payloadTooLarge } from '#server/kernel/errors.server';
import { type Guards, type Handlers, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { saveCustomerDocument } from '#server/notas-fiscais/notas-fiscais.server';
import { billingContract } from '#shared/billing.contract';
import { type BillingPeriod, findPackage, findPlan, LIMITS, type Plan } from '#shared/catalogue';
import { claimBillingAction, currentSubscription, subscriptionView } from './billing-store.server';
import type { BillingUser, CheckoutStart, PaymentProvider } from './payment-provider.server';
import { prepaidOrder } from './prepaid/prepaid.server';
import { recentTransactions } from './transactions-store.server';

/**
 * `/api/billing` (docs/billing-contract.md, declarations in src/shared/billing.contract.ts). Input is checked before any provider call: an unknown plan or
 * package never reaches Stripe. Provider failures answer 502 with the spec's pt-BR messages (§8 Billing).
 */

/** 429 for a reconcile inside the user's throttle window (LIMITS.reconcileThrottleMs). */
export function reconcileThrottled(c: Context<AppEnv>): Response {
  c.header('Retry-After', String(Math.ceil(LIMITS.reconcileThrottleMs / 1000)));
  return apiError(c, 429, 'reconcile_throttled', 'Aguarde alguns segundos antes de reconciliar de novo.');
}

function billingUser(c: Context<AppEnv>): BillingUser {
  const { user } = sessionOf(c);
  return { id: user.id, email: user.email, name: user.name };
}

export interface BillingRoutesOptions {
  pool: pg.Pool;
  provider: PaymentProvider;
  guards: Guards;
  /** The spec's fixed portal fallback (STRIPE_PORTAL_LOGIN_URL). */
  portalLoginUrl: string | undefined;
  /** Stripe only: checks the signature and processes the event (payment-providers/stripe-webhook.server.ts). */
  webhook: { handle(c: Context<AppEnv>): Promise<Response> } | undefined;
  /**
   * The buyer's withdrawal (ADR 0053): the withdrawals room, above billing, makes it, and the composition root
   * hands it in, so billing never imports the room that imports it.
   */
  withdrawPurchase: BillingHandlers['withdrawPurchase'];
}

type BillingHandlers = Handlers<typeof billingContract>;

/** Stripe events are a few KB; a larger body (announced or streamed) is refused before it is read. */
const stripeEventBodyLimit = bodyLimit({
  maxSize: 512 * 1024,
  onError: (c) => payloadTooLarge(c, 'Evento grande demais.'),
});

const PAYMENT_FAILED = 'Erro ao processar pagamento. Tente novamente.';

const SUBSCRIPTION_EXISTS =
  'Você já tem uma assinatura ativa. Use o portal de cobrança para alterar o plano.';

/**
 * A plan paid by Pix (ADR 0042): a first period, a renewal added after the current end, or an upgrade charged for
 * the days left; a card subscription is changed in the portal, and a lower plan waits for the period's end.
 */
async function startPixCheckout(
  c: Context<AppEnv>,
  { pool, provider }: Pick<BillingDependencies, 'pool' | 'provider'>,
  plan: Plan,
  period: BillingPeriod,
): Promise<Response> {
  const user = billingUser(c);
  const order = await prepaidOrder(pool, user.id, plan, period);
  if (order === 'card_subscription') return apiError(c, 409, 'subscription_exists', SUBSCRIPTION_EXISTS);
  if (order === 'prepaid_downgrade') {
    return apiError(
      c,
      409,
      'prepaid_downgrade',
      'Seu plano pago por Pix vale até o fim do período. Para um plano menor, pague-o por Pix quando o período terminar.',
    );
  }
  return checkoutAnswer(c, provider, () => provider.startPrepaidCheckout(user, order), PAYMENT_FAILED);
}

interface BillingDependencies {
  pool: pg.Pool;
  provider: PaymentProvider;
  /** The spec's fixed portal fallback (STRIPE_PORTAL_LOGIN_URL). */
  portalLoginUrl: string | undefined;
}

/** 502 with the operation's pt-BR message after a provider call failed, logged with the provider's kind. */
export function providerFailed(
  c: Context<AppEnv>,
  provider: PaymentProvider,
  error: unknown,
  code: string,
  message: string,
): Response {
  c.get('logger').error({ err: error, provider: provider.kind }, `billing provider call failed: ${code}`);
  return apiError(c, 502, code, message);
}

/**
 * A checkout opened at the provider answers its URL; a failed call answers 502 `checkout_failed` with the
 * operation's message (spec §8 Billing). One body for the plan by card or boleto, the plan by Pix and the package.
 */
async function checkoutAnswer(
  c: Context<AppEnv>,
  provider: PaymentProvider,
  start: () => Promise<CheckoutStart>,
  message: string,
): Promise<Response> {
  try {
    const { url } = await start();
    return c.json({ url });
  } catch (error) {
    return providerFailed(c, provider, error, 'checkout_failed', message);
  }
}

/** The provider's portal; spec §7: the fixed login link when the provider gives none or fails. */
function openPortal(
  provider: PaymentProvider,
  portalLoginUrl: string | undefined,
): BillingHandlers['openPortal'] {
  return async (c) => {
    try {
      const url = (await provider.portalUrl(billingUser(c))) ?? portalLoginUrl;
      if (!url) {
        return apiError(c, 502, 'portal_failed', 'Não foi possível abrir o portal. Tente novamente.');
      }
      return c.json({ url });
    } catch (error) {
      // Spec §7: the portal falls back to the fixed login link when Stripe fails.
      if (portalLoginUrl) {
        c.get('logger').warn({ err: error }, 'portal session failed; answering the portal login link');
        return c.json({ url: portalLoginUrl });
      }
      return providerFailed(
        c,
        provider,
        error,
        'portal_failed',
        'Não foi possível abrir o portal. Tente novamente.',
      );
    }
  };
}

/** Starting a payment, the portal, and the success page's check. */
function paymentHandlers({
  pool,
  provider,
  portalLoginUrl,
}: BillingDependencies): Pick<
  BillingHandlers,
  'createCheckout' | 'createCreditCheckout' | 'openPortal' | 'verifyPayment'
> {
  return {
    createCheckout: async (c, { body }) => {
      const plan = findPlan(body.planId);
      if (!plan) return apiError(c, 400, 'invalid_request', 'Plano desconhecido.');
      const user = billingUser(c);
      if (body.taxId) await saveCustomerDocument(pool, user.id, body.taxId);
      const { paymentMethod, billingPeriod } = body;
      if (paymentMethod === 'pix') return startPixCheckout(c, { pool, provider }, plan, billingPeriod);
      if (await currentSubscription(pool, user.id)) {
        return apiError(c, 409, 'subscription_exists', SUBSCRIPTION_EXISTS);
      }
      return checkoutAnswer(
        c,
        provider,
        () => provider.startPlanCheckout(user, plan, billingPeriod, paymentMethod),
        PAYMENT_FAILED,
      );
    },

    createCreditCheckout: async (c, { body }) => {
      const pkg = findPackage(body.packageType);
      if (!pkg) return apiError(c, 400, 'invalid_request', 'Pacote de créditos desconhecido.');
      // The nota fiscal's tomador (ADR 0041): kept for this buyer's next notas.
      if (body.taxId) await saveCustomerDocument(pool, sessionOf(c).user.id, body.taxId);
      return checkoutAnswer(
        c,
        provider,
        () => provider.startPackageCheckout(billingUser(c), pkg, body.paymentMethod),
        'Não foi possível iniciar o checkout. Tente novamente.',
      );
    },

    openPortal: openPortal(provider, portalLoginUrl),

    verifyPayment: async (c, { body }) => {
      try {
        return c.json(await provider.verify(sessionOf(c).user.id, body.sessionId));
      } catch (error) {
        return providerFailed(
          c,
          provider,
          error,
          'verify_failed',
          'Erro ao verificar o pagamento. Tente novamente ou entre em contato com o suporte.',
        );
      }
    },
  };
}

/** The subscription as stored, brought up to date from the provider on request, and the purchase history. */
function accountHandlers({
  pool,
  provider,
}: BillingDependencies): Pick<
  BillingHandlers,
  'getSubscription' | 'checkSubscription' | 'reconcile' | 'listTransactions'
> {
  const currentView = async (userId: string) => subscriptionView(await currentSubscription(pool, userId));
  return {
    getSubscription: async (c) => c.json({ subscription: await currentView(sessionOf(c).user.id) }),

    checkSubscription: async (c) => {
      const userId = sessionOf(c).user.id;
      // Inside the window (any process) the stored state is the answer; a failed sync also answers it.
      if (await claimBillingAction(pool, userId, 'check-subscription')) {
        try {
          await provider.syncSubscriptions(userId);
        } catch (error) {
          c.get('logger').warn({ err: error }, 'subscription sync failed; answering the stored state');
        }
      }
      return c.json({ subscription: await currentView(userId) });
    },

    reconcile: async (c) => {
      const userId = sessionOf(c).user.id;
      if (!(await claimBillingAction(pool, userId, 'reconcile'))) return reconcileThrottled(c);
      try {
        const fulfilled = await provider.reconcile(userId);
        return c.json({ fulfilled, subscription: await currentView(userId) });
      } catch (error) {
        return providerFailed(
          c,
          provider,
          error,
          'reconcile_failed',
          'Erro ao reconciliar. Tente novamente em instantes.',
        );
      }
    },

    listTransactions: async (c) =>
      c.json({ transactions: await recentTransactions(pool, sessionOf(c).user.id) }),
  };
}

export function billingRoutes({
  pool,
  provider,
  guards,
  portalLoginUrl,
  webhook,
  withdrawPurchase,
}: BillingRoutesOptions): Hono<AppEnv> {
  return routesFromContract(
    billingContract,
    { base: '/api/billing', guards },
    {
      // Without a session: Stripe signs it instead, over the raw body the handler reads itself.
      receiveStripeEvent: {
        before: [stripeEventBodyLimit],
        handle: (c) => {
          if (!webhook) return apiError(c, 404, 'not_found', 'Stripe não está configurado neste servidor.');
          return webhook.handle(c);
        },
      },
      ...paymentHandlers({ pool, provider, portalLoginUrl }),
      ...accountHandlers({ pool, provider, portalLoginUrl }),
      withdrawPurchase,
    },
  );
}
