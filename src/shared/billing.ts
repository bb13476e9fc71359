import { z } from 'zod';
import { type BillingPeriod, PACKAGE_IDS, PLAN_IDS } from './catalogue';
import { notaSchema } from './nota';
import { PAYMENT_METHODS } from './payment-methods';
import { SUBSCRIPTION_STATUSES } from './subscription';
import { parseTaxId } from './tax-id';

/** The billing API's shapes (docs/billing-contract.md), shared by the routes, the web and the OpenAPI document. */

export const BILLING_PERIODS = ['monthly', 'yearly'] as const satisfies readonly BillingPeriod[];
export const TRANSACTION_TYPES = ['payment', 'credit'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** How a subscription's periods are paid: renewed by the provider, or one prepaid period at a time (ADR 0042). */
export const SUBSCRIPTION_COLLECTIONS = ['automatic', 'prepaid'] as const;

/** The buyer's CPF or CNPJ for the nota fiscal, optional; refused unless its check digits hold. */
const taxIdSchema = z
  .string()
  .max(32)
  .transform((value, ctx) => {
    const digits = parseTaxId(value);
    if (!digits) ctx.addIssue({ code: 'custom', message: 'CPF ou CNPJ inválido: confira os dígitos.' });
    return digits ?? '';
  })
  .optional();

/** `POST /api/billing/checkout`. */
export const checkoutSchema = z
  .object({
    taxId: taxIdSchema,
    planId: z.enum(PLAN_IDS, { error: 'Plano desconhecido.' }),
    billingPeriod: z.enum(BILLING_PERIODS, {
      error: "Período de cobrança inválido: use 'monthly' ou 'yearly'.",
    }),
    paymentMethod: z
      .enum(PAYMENT_METHODS, { error: "Forma de pagamento inválida: use 'card', 'pix' ou 'boleto'." })
      .default('card'),
  })
  .strict();

/** `POST /api/billing/credit-checkout`. */
export const creditCheckoutSchema = z
  .object({
    packageType: z.enum(PACKAGE_IDS, { error: 'Pacote de créditos desconhecido.' }),
    taxId: taxIdSchema,
    paymentMethod: z
      .enum(PAYMENT_METHODS, { error: "Forma de pagamento inválida: use 'card', 'pix' ou 'boleto'." })
      .default('card'),
  })
  .strict();

/** `POST /api/billing/verify`. */
export const verifySchema = z
  .object({
    sessionId: z
      .string({ error: 'Informe o ID da sessão de pagamento.' })
      .min(1, 'Informe o ID da sessão de pagamento.')
      .max(200, 'ID da sessão inválido.'),
  })
  .strict();

/**
 * A Pix key (Banco Central's DICT: CPF, CNPJ, e-mail, +55 phone or a random EVP key), where a refund Stripe cannot
 * make — a boleto payment's — is sent by transfer (ADR 0043).
 */
const PIX_KEY_PATTERNS = [
  /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/,
  /^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/,
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  /^\+55\d{10,11}$/,
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
];
const pixKeySchema = z
  .string()
  .trim()
  .max(77, 'Chave Pix inválida: use CPF, CNPJ, e-mail, celular (+55…) ou chave aleatória.')
  .refine((key) => PIX_KEY_PATTERNS.some((pattern) => pattern.test(key)), {
    message: 'Chave Pix inválida: use CPF, CNPJ, e-mail, celular (+55…) ou chave aleatória.',
  });

/** `POST /api/billing/withdrawal`: the purchase, and for a boleto one the Pix key its money goes back to. */
export const withdrawalSchema = z
  .object({
    sessionId: z
      .string({ error: 'Informe o ID da sessão de pagamento.' })
      .min(1, 'Informe o ID da sessão de pagamento.')
      .max(200, 'ID da sessão inválido.'),
    pixKey: pixKeySchema.optional(),
  })
  .strict();

/** The contract's subscription object. */
const subscriptionViewSchema = z.object({
  id: z.string(),
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  billingPeriod: z.enum(BILLING_PERIODS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: z.iso.datetime(),
  currentPeriodEnd: z.iso.datetime(),
  cancelAtPeriodEnd: z.boolean(),
  /** `prepaid`: a period paid once by Pix, never renewed by itself — it ends at `currentPeriodEnd` (ADR 0042). */
  collection: z.enum(SUBSCRIPTION_COLLECTIONS),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** Checkout and portal: where to send the browser. */
export const redirectResponseSchema = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

/** `GET /api/billing/subscription`, `POST /api/billing/check-subscription`; null means the Free plan. */
export const subscriptionResponseSchema = z.object({ subscription: subscriptionViewSchema.nullable() });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** `POST /api/billing/verify`. */
export const verifyResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  credits: z.int(),
  packageType: z.string().nullable(),
});

/** `POST /api/billing/reconcile` and the admin's reconcile: how many payments were fulfilled now. */
export const reconcileResponseSchema = z.object({
  fulfilled: z.int(),
  subscription: subscriptionViewSchema.nullable(),
});

const transactionSchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  /** Cents for payments, credits for credit entries. */
  amount: z.int(),
  description: z.string(),
  createdAt: z.iso.datetime(),
  invoiceId: z.string().nullable(),
  /** The purchase (or refund) the row belongs to: a payment and its credit entry share it — one line on screen. */
  purchaseRef: z.string(),
  /** A package's payment the buyer may still withdraw from (ADR 0030): its session and the last moment. */
  withdrawal: z.object({ sessionId: z.string(), until: z.iso.datetime() }).nullable(),
  /** A payment's nota fiscal (ADR 0041), once one was asked for. */
  nota: notaSchema.optional(),
  /** A payment's receipt at Stripe (the charge's `receipt_url`), when it has one. */
  receiptUrl: z.url().optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** `GET /api/billing/transactions`. */
export const transactionsResponseSchema = z.object({ transactions: z.array(transactionSchema) });

/** `POST /api/billing/stripe/webhook`: acknowledged (a replayed event id is acknowledged as a duplicate). */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean().optional(),
});

/** `POST /api/billing/withdrawal`: an unused package refunded within the withdrawal period (ADR 0030). */
export const withdrawalResponseSchema = z.object({
  refundedCents: z.number().int(),
  creditsTaken: z.number().int(),
  /** The provider accepted the refund but has not settled it: the credits are gone, and come back if it fails. */
  pending: z.boolean(),
  /** Paid by boleto: the money goes back by a Pix transfer Cena makes to the key given (ADR 0043). */
  payout: z.literal('pix').optional(),
  message: z.string(),
});

/** CDC art. 49: seven days from the contract — counted from the payment landing (the package's grant, ADR 0030). */
export const WITHDRAWAL_DAYS = 7;
