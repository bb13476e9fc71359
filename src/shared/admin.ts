import { z } from 'zod';
import { type BillingPeriod, LIMITS, type PackageId, type PlanId, type VideoQuality } from './catalogue';
import type { SubscriptionStatus } from './subscription';
import type { VideoStatus } from './video-status';

/** The admin panel's API shapes and inputs (docs/admin-contract.md), shared by the server and the web. */

/** Spec §9: the admin "new signups" window. */
export const RECENT_SIGNUPS_DAYS = LIMITS.recentSignupsWindowDays;
export const DAILY_SERIES_DEFAULT_DAYS = 30;
export const FAILED_REQUESTS_WINDOW_HOURS = 24;
export const FAILED_REQUESTS_LIMIT = 100;
export const USER_SEARCH_LIMIT = 20;
export const USER_DETAIL_REQUESTS = 20;
export const ADMIN_GRANT_MAX_CREDITS = 100_000;

export interface AdminStats {
  totalUsers: number;
  payingUsers: number;
  /** payingUsers / totalUsers in percent, rounded to one decimal; 0 without users. */
  conversionRate: number;
  /** Cents, net of refunds and corrections. */
  totalRevenue: number;
  subscriptionRevenue: number;
  creditPackageRevenue: number;
  totalCreditsIssued: number;
  totalVideoRequests: number;
  mostPopularPlan: PlanId | null;
  mostUsedQuality: VideoQuality | null;
  recentSignups: number;
  activeSubscriptions: number;
  creditPackagesSold: number;
  topCreditPackage: PackageId | null;
  generatedAt: string;
}

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

export interface DailyPoint {
  /** A day in America/Sao_Paulo, yyyy-MM-dd. */
  date: string;
  signups: number;
  /** Cents. */
  revenue: number;
  videos: number;
}

export interface FailedRequestItem {
  id: string;
  userId: string;
  userEmail: string;
  prompt: string;
  quality: VideoQuality;
  creditsUsed: number;
  errorMessage: string | null;
  createdAt: string;
  failedAt: string;
}

export const userSearchQuerySchema = z
  .object({
    email: z
      .string({ error: 'Informe o começo do e-mail.' })
      .trim()
      .min(2, 'Digite pelo menos 2 caracteres do e-mail.')
      .max(254, 'E-mail longo demais.'),
  })
  .strict();

export interface UserSearchItem {
  id: string;
  email: string;
  name: string;
  createdAt: string;
}

export interface AdminGrantView {
  id: string;
  amount: number;
  remaining: number;
  source: 'plan' | 'package' | 'refund' | 'adjustment';
  planType: string;
  expiresAt: string | null;
  createdAt: string;
  expired: boolean;
  /** The reason an admin gave for an adjustment. */
  reason: string | null;
  /** How a package was paid (Stripe's payment method type: card, pix, boleto), when known. */
  paymentMethod: string | null;
}

export interface AdminUserRequest {
  id: string;
  prompt: string;
  quality: VideoQuality;
  status: VideoStatus;
  creditsUsed: number;
  createdAt: string;
  errorMessage: string | null;
}

export interface AdminSubscription {
  planId: PlanId;
  planName: string;
  billingPeriod: BillingPeriod;
  status: SubscriptionStatus;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
}

export interface AdminUserDetail {
  user: {
    id: string;
    email: string;
    name: string;
    createdAt: string;
    emailVerified: boolean;
    isAdmin: boolean;
  };
  balance: number;
  subscription: AdminSubscription | null;
  grants: AdminGrantView[];
  requests: AdminUserRequest[];
}

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

export interface AdminGrantResult {
  grant: AdminGrantView;
  balance: number;
  created: boolean;
}

/** Why a configured video model is (not) usable, per the environment check's read of `GET /models`. */
export type ModelCheckReason =
  | 'listed'
  | 'unknown_family'
  | 'not_listed'
  | 'no_predict_long_running'
  | 'list_unreadable'
  | 'not_checked';

export interface EnvironmentCheck {
  hasStripeKey: boolean;
  stripeMode: 'test' | 'live' | null;
  paymentProvider: 'stripe' | 'local';
  hasDatabase: boolean;
  databaseKind: 'external' | 'embedded';
  hasStorage: boolean;
  storageKind: 'disk' | 's3';
  hasVideoProvider: boolean;
  videoProvider: 'gemini' | 'local';
  /** Each mode's configured model, checked against Google's model list now (empty with the local renderer). */
  videoModels: {
    quality: VideoQuality;
    /** The variable the id came from. */
    variable: string;
    model: string;
    /** null: the model list could not be read. */
    available: boolean | null;
    reason: ModelCheckReason;
  }[];
  hasSmtp: boolean;
  mailKind: 'smtp' | 'dev-mailbox';
  timestamp: string;
}

export interface FixTransactionsResult {
  fixed: number;
  totalProcessed: number;
  errors: string[];
}
