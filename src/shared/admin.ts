import { z } from 'zod';
import { BILLING_PERIODS } from './billing';
import { LIMITS, PACKAGE_IDS, PLAN_IDS, VIDEO_QUALITIES } from './catalogue';
import { GRANT_SOURCES } from './credits';
import { SUBSCRIPTION_STATUSES } from './subscription';
import { VIDEO_STATUSES } from './video-status';

/** The admin panel's API shapes and inputs (docs/admin-contract.md), shared by the server and the web. */

/** Spec §9: the admin "new signups" window. */
export const RECENT_SIGNUPS_DAYS = LIMITS.recentSignupsWindowDays;
export const DAILY_SERIES_DEFAULT_DAYS = 30;
export const FAILED_REQUESTS_WINDOW_HOURS = 24;
export const FAILED_REQUESTS_LIMIT = 100;
export const USER_SEARCH_LIMIT = 20;
export const USER_DETAIL_REQUESTS = 20;
export const ADMIN_GRANT_MAX_CREDITS = 100_000;

export const adminStatsSchema = z.object({
  totalUsers: z.int(),
  payingUsers: z.int(),
  /** payingUsers / totalUsers in percent, rounded to one decimal; 0 without users. */
  conversionRate: z.number(),
  /** Cents, net of refunds and corrections. */
  totalRevenue: z.int(),
  subscriptionRevenue: z.int(),
  creditPackageRevenue: z.int(),
  totalCreditsIssued: z.int(),
  /** Credits given away, apart from those paid for (ADR 0040): free first videos and invite rewards. */
  trialCreditsIssued: z.int(),
  inviteCreditsIssued: z.int(),
  totalVideoRequests: z.int(),
  mostPopularPlan: z.enum(PLAN_IDS).nullable(),
  mostUsedQuality: z.enum(VIDEO_QUALITIES).nullable(),
  recentSignups: z.int(),
  activeSubscriptions: z.int(),
  creditPackagesSold: z.int(),
  topCreditPackage: z.enum(PACKAGE_IDS).nullable(),
  generatedAt: z.iso.datetime(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export function conversionRate(payingUsers: number, totalUsers: number): number {
  if (totalUsers <= 0) return 0;
  return Math.round((payingUsers / totalUsers) * 1000) / 10;
}

/** Spec §2: one decimal ('12,5%' in pt-BR, '12.5%' in English), and '0%' when there are no users at all. */
export function formatConversionRate(
  stats: Pick<AdminStats, 'conversionRate' | 'totalUsers'>,
  locale = 'pt-BR',
): string {
  if (stats.totalUsers === 0) return '0%';
  return `${stats.conversionRate.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

export const dailyQuerySchema = z
  .object({
    days: z.coerce
      .number({ error: 'Informe o número de dias.' })
      .int('O número de dias deve ser inteiro.')
      .min(7, 'Mostre pelo menos 7 dias.')
      .max(90, 'Mostre no máximo 90 dias.')
      .default(DAILY_SERIES_DEFAULT_DAYS),
  })
  .strict();

const dailyPointSchema = z.object({
  /** A day in America/Sao_Paulo, yyyy-MM-dd. */
  date: z.string(),
  signups: z.int(),
  /** Cents. */
  revenue: z.int(),
  videos: z.int(),
});
export type DailyPoint = z.infer<typeof dailyPointSchema>;

/** `GET /api/admin/daily`. */
export const dailySeriesSchema = z.object({ days: z.array(dailyPointSchema) });

/** A video request and its owner, as the admin lists show it. */
const requestOfUserSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  prompt: z.string(),
  quality: z.enum(VIDEO_QUALITIES),
  creditsUsed: z.int(),
});
export type RequestOfUser = z.infer<typeof requestOfUserSchema>;

const failedRequestItemSchema = requestOfUserSchema.extend({
  errorMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
  failedAt: z.iso.datetime(),
});
export type FailedRequestItem = z.infer<typeof failedRequestItemSchema>;

/** `GET /api/admin/failed-requests`. */
export const failedRequestsSchema = z.object({ items: z.array(failedRequestItemSchema) });

export const UNKNOWN_OUTCOMES_LIMIT = 100;

/**
 * A request refunded without knowing whether the provider accepted (and bills) its create (ADR 0015): for the
 * operator to match against Google's billing. `project` and `model` say where to look; `createSentAt` when.
 */
const unknownOutcomeItemSchema = requestOfUserSchema.extend({
  project: z.string().nullable(),
  model: z.string().nullable(),
  createSentAt: z.iso.datetime().nullable(),
  recordedAt: z.iso.datetime(),
});
export type UnknownOutcomeItem = z.infer<typeof unknownOutcomeItemSchema>;

/** `GET /api/admin/unknown-outcomes`. */
export const unknownOutcomesSchema = z.object({ items: z.array(unknownOutcomeItemSchema) });

export const userSearchQuerySchema = z
  .object({
    email: z
      .string({ error: 'Informe o começo do e-mail.' })
      .trim()
      .min(2, 'Digite pelo menos 2 caracteres do e-mail.')
      .max(254, 'E-mail longo demais.'),
  })
  .strict();

const userSearchItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
});
export type UserSearchItem = z.infer<typeof userSearchItemSchema>;

/** `GET /api/admin/users?email=`. */
export const userSearchSchema = z.object({ items: z.array(userSearchItemSchema) });

const adminGrantViewSchema = z.object({
  id: z.string(),
  amount: z.int(),
  remaining: z.int(),
  source: z.enum(GRANT_SOURCES),
  planType: z.string(),
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  expired: z.boolean(),
  /** The reason an admin gave for an adjustment. */
  reason: z.string().nullable(),
  /** How a package was paid (Stripe's payment method type: card, pix, boleto), when known. */
  paymentMethod: z.string().nullable(),
});
export type AdminGrantView = z.infer<typeof adminGrantViewSchema>;

const adminUserRequestSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  quality: z.enum(VIDEO_QUALITIES),
  status: z.enum(VIDEO_STATUSES),
  creditsUsed: z.int(),
  createdAt: z.iso.datetime(),
  errorMessage: z.string().nullable(),
});

const adminSubscriptionSchema = z.object({
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  billingPeriod: z.enum(BILLING_PERIODS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodEnd: z.iso.datetime(),
  cancelAtPeriodEnd: z.boolean(),
});

export const adminUserDetailSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    createdAt: z.iso.datetime(),
    emailVerified: z.boolean(),
    isAdmin: z.boolean(),
  }),
  balance: z.int(),
  subscription: adminSubscriptionSchema.nullable(),
  grants: z.array(adminGrantViewSchema),
  requests: z.array(adminUserRequestSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminGrantSchema = z
  .object({
    amount: z
      .number({ error: 'Informe a quantidade de créditos.' })
      .int('A quantidade de créditos deve ser um número inteiro.')
      .min(1, 'Conceda pelo menos 1 crédito.')
      .max(
        ADMIN_GRANT_MAX_CREDITS,
        `Conceda no máximo ${ADMIN_GRANT_MAX_CREDITS.toLocaleString('pt-BR')} créditos.`,
      ),
    reason: z
      .string({ error: 'Informe o motivo.' })
      .trim()
      .min(3, 'Descreva o motivo (pelo menos 3 caracteres).')
      .max(200, 'O motivo deve ter no máximo 200 caracteres.'),
    expiresInDays: z
      .number({ error: 'Validade inválida.' })
      .int('A validade deve ser um número inteiro de dias.')
      .min(1, 'A validade mínima é 1 dia.')
      .max(3650, 'A validade máxima é 3650 dias.')
      .optional(),
    idempotencyKey: z.uuid({ error: 'Chave de idempotência inválida.' }),
  })
  .strict();
export type AdminGrantInput = z.infer<typeof adminGrantSchema>;

export const adminGrantResultSchema = z.object({
  grant: adminGrantViewSchema,
  balance: z.int(),
  created: z.boolean(),
});
export type AdminGrantResult = z.infer<typeof adminGrantResultSchema>;

/** Why a configured video model is (not) usable, per the environment check's read of `GET /models`. */
const MODEL_CHECK_REASONS = [
  'listed',
  'unknown_family',
  'not_listed',
  'no_predict_long_running',
  'no_generate_content',
  'list_unreadable',
  'not_checked',
] as const;
export type ModelCheckReason = (typeof MODEL_CHECK_REASONS)[number];

export const environmentCheckSchema = z.object({
  hasStripeKey: z.boolean(),
  stripeMode: z.enum(['test', 'live']).nullable(),
  paymentProvider: z.enum(['stripe', 'local']),
  hasDatabase: z.boolean(),
  databaseKind: z.enum(['external', 'embedded']),
  hasStorage: z.boolean(),
  storageKind: z.enum(['disk', 's3']),
  hasVideoProvider: z.boolean(),
  videoProvider: z.enum(['gemini', 'local']),
  /** Each mode's configured model, checked against Google's model list now (empty with the local renderer). */
  videoModels: z.array(
    z.object({
      quality: z.enum(VIDEO_QUALITIES),
      /** The variable the id came from. */
      variable: z.string(),
      model: z.string(),
      /** null: the model list could not be read. */
      available: z.boolean().nullable(),
      reason: z.enum(MODEL_CHECK_REASONS),
    }),
  ),
  /**
   * PROMPT_MODEL, the text model that writes structured prompts, as the same list shows it: when it is not served,
   * prompts come from the rules (no video is refused). null with the local renderer.
   */
  promptModel: z
    .object({
      variable: z.string(),
      model: z.string(),
      available: z.boolean().nullable(),
      reason: z.enum(MODEL_CHECK_REASONS),
    })
    .nullable(),
  hasSmtp: z.boolean(),
  mailKind: z.enum(['smtp', 'dev-mailbox']),
  timestamp: z.iso.datetime(),
});
export type EnvironmentCheck = z.infer<typeof environmentCheckSchema>;

export const fixTransactionsResultSchema = z.object({
  fixed: z.int(),
  totalProcessed: z.int(),
  errors: z.array(z.string()),
});
export type FixTransactionsResult = z.infer<typeof fixTransactionsResultSchema>;

/** `GET /api/admin/check`. */
export const adminCheckSchema = z.object({ isAdmin: z.boolean() });
