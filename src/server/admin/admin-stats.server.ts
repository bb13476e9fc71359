import type pg from 'pg';
import {
  type AdminStats,
  conversionRate,
  type DailyPoint,
  FAILED_REQUESTS_LIMIT,
  FAILED_REQUESTS_WINDOW_HOURS,
  type FailedRequestItem,
  RECENT_SIGNUPS_DAYS,
  type RequestOfUser,
  UNKNOWN_OUTCOMES_LIMIT,
  type UnknownOutcomeItem,
} from '#shared/admin';
import { PACKAGE_IDS, PLAN_IDS, VIDEO_QUALITIES } from '#shared/catalogue';
import { CURRENT_SUBSCRIPTION_STATUSES } from '#shared/subscription';

/**
 * The admin panel's figures (docs/admin-contract.md), computed in PostgreSQL in one statement per view so each
 * answer is one consistent snapshot. Revenue is the sum of payment transactions: refunds are negative payments and
 * corrections are rows of their own, so the totals need no special cases.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The admin's calendar: the business runs on Brazilian days. */
const ADMIN_TIME_ZONE = 'America/Sao_Paulo';

interface StatsRow {
  total_users: string;
  recent_signups: string;
  paying_users: string;
  subscription_revenue: string;
  package_revenue: string;
  credits_issued: string;
  trial_credits_issued: string;
  invite_credits_issued: string;
  videos_by_quality: Record<string, number> | null;
  subscriptions_by_plan: Record<string, number> | null;
  packages_sold: Record<string, number> | null;
}

/** The id with the highest count; ties go to the first in catalogue order, nothing counted → null. */
function mostCounted<T extends string>(counts: Record<string, number> | null, order: readonly T[]): T | null {
  let best: T | null = null;
  for (const id of order) {
    const count = counts?.[id] ?? 0;
    if (count > 0 && (best === null || count > (counts?.[best] ?? 0))) best = id;
  }
  return best;
}

function sumOf(counts: Record<string, number> | null): number {
  return Object.values(counts ?? {}).reduce((total, count) => total + count, 0);
}

/**
 * Accounts count as users until their owner deletes them; their payments, credits and videos stay in the totals
 * as anonymous figures (payments and the ledger are kept without personal data).
 */
const ACCOUNT_LIVE = 'NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.user_id = u.id)';

export async function adminStats(pool: pg.Pool, now: Date = new Date()): Promise<AdminStats> {
  const result = await pool.query<StatsRow>(
    `SELECT
       (SELECT count(*) FROM "user" u WHERE ${ACCOUNT_LIVE}) AS total_users,
       (SELECT count(*) FROM "user" u WHERE created_at >= $1 AND ${ACCOUNT_LIVE}) AS recent_signups,
       (SELECT count(*) FROM (
          SELECT t.user_id FROM transactions t JOIN "user" u ON u.id = t.user_id
          WHERE t.type = 'payment' AND ${ACCOUNT_LIVE} GROUP BY t.user_id HAVING sum(t.amount) > 0
        ) paying) AS paying_users,
       revenue.subscription_revenue,
       revenue.package_revenue,
       grants.credits_issued,
       grants.trial_credits_issued,
       grants.invite_credits_issued,
       (SELECT json_object_agg(quality, n) FROM (
          SELECT quality, count(*) AS n FROM video_requests GROUP BY quality
        ) q) AS videos_by_quality,
       (SELECT json_object_agg(plan_id, n) FROM (
          SELECT plan_id, count(*) AS n FROM subscriptions WHERE status = ANY($2::text[]) GROUP BY plan_id
        ) s) AS subscriptions_by_plan,
       (SELECT json_object_agg(package_id, n) FROM (
          SELECT package_id, count(*) AS n FROM checkout_sessions
          WHERE kind = 'package' AND status = 'paid' GROUP BY package_id
        ) p) AS packages_sold
     FROM (
       SELECT COALESCE(sum(amount) FILTER (WHERE stripe_invoice_id IS NOT NULL), 0) AS subscription_revenue,
              COALESCE(sum(amount) FILTER (WHERE stripe_invoice_id IS NULL), 0) AS package_revenue
       FROM transactions WHERE type = 'payment'
     ) revenue,
     -- One pass over the grants for the three sums (three subqueries read the table three times).
     (
       SELECT COALESCE(sum(amount) FILTER (WHERE source IN ('plan', 'package', 'adjustment')), 0) AS credits_issued,
              COALESCE(sum(amount) FILTER (WHERE source = 'trial'), 0) AS trial_credits_issued,
              COALESCE(sum(amount) FILTER (WHERE source = 'invite'), 0) AS invite_credits_issued
       FROM credit_grants
     ) grants`,
    [new Date(now.getTime() - RECENT_SIGNUPS_DAYS * DAY_MS), CURRENT_SUBSCRIPTION_STATUSES],
  );
  const row = result.rows[0];
  if (!row) throw new Error('admin stats query returned no row');
  const totalUsers = Number(row.total_users);
  const payingUsers = Number(row.paying_users);
  const subscriptionRevenue = Number(row.subscription_revenue);
  const creditPackageRevenue = Number(row.package_revenue);
  return {
    totalUsers,
    payingUsers,
    conversionRate: conversionRate(payingUsers, totalUsers),
    totalRevenue: subscriptionRevenue + creditPackageRevenue,
    subscriptionRevenue,
    creditPackageRevenue,
    totalCreditsIssued: Number(row.credits_issued),
    trialCreditsIssued: Number(row.trial_credits_issued),
    inviteCreditsIssued: Number(row.invite_credits_issued),
    totalVideoRequests: sumOf(row.videos_by_quality),
    mostPopularPlan: mostCounted(row.subscriptions_by_plan, PLAN_IDS),
    mostUsedQuality: mostCounted(row.videos_by_quality, VIDEO_QUALITIES),
    recentSignups: Number(row.recent_signups),
    activeSubscriptions: sumOf(row.subscriptions_by_plan),
    creditPackagesSold: sumOf(row.packages_sold),
    topCreditPackage: mostCounted(row.packages_sold, PACKAGE_IDS),
    generatedAt: now.toISOString(),
  };
}

/** Signups, revenue (cents) and video requests per São Paulo day, the last `days` days up to today, oldest first. */
export async function dailySeries(
  pool: pg.Pool,
  days: number,
  now: Date = new Date(),
): Promise<DailyPoint[]> {
  const result = await pool.query<{ day: string; signups: string; revenue: string; videos: string }>(
    `WITH days AS (
       SELECT generate_series(today - ($2::int - 1), today, interval '1 day')::date AS day
       FROM (SELECT ($1::timestamptz AT TIME ZONE $3)::date AS today) t
     ), since AS (
       SELECT (min(day)::timestamp AT TIME ZONE $3) AS at FROM days
     ), signups AS (
       SELECT (created_at AT TIME ZONE $3)::date AS day, count(*) AS n
       FROM "user" WHERE created_at >= (SELECT at FROM since) GROUP BY 1
     ), revenue AS (
       SELECT (created_at AT TIME ZONE $3)::date AS day, sum(amount) AS cents
       FROM transactions WHERE type = 'payment' AND created_at >= (SELECT at FROM since) GROUP BY 1
     ), videos AS (
       SELECT (created_at AT TIME ZONE $3)::date AS day, count(*) AS n
       FROM video_requests WHERE created_at >= (SELECT at FROM since) GROUP BY 1
     )
     SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
            COALESCE(signups.n, 0) AS signups,
            COALESCE(revenue.cents, 0) AS revenue,
            COALESCE(videos.n, 0) AS videos
     FROM days
     LEFT JOIN signups ON signups.day = days.day
     LEFT JOIN revenue ON revenue.day = days.day
     LEFT JOIN videos ON videos.day = days.day
     ORDER BY days.day`,
    [now, days, ADMIN_TIME_ZONE],
  );
  return result.rows.map((row) => ({
    date: row.day,
    signups: Number(row.signups),
    revenue: Number(row.revenue),
    videos: Number(row.videos),
  }));
}

/** A request and its owner, as the admin lists read them (`v` the request, `u` the user). */
const REQUEST_OF_USER_COLUMNS = 'v.id, v.user_id, u.email, v.prompt, v.quality, v.credits_used';
interface RequestOfUserRow {
  id: string;
  user_id: string;
  email: string;
  prompt: string;
  quality: FailedRequestItem['quality'];
  credits_used: number;
}

function requestOfUser(row: RequestOfUserRow): RequestOfUser {
  return {
    id: row.id,
    userId: row.user_id,
    userEmail: row.email,
    prompt: row.prompt,
    quality: row.quality,
    creditsUsed: row.credits_used,
  };
}

/** Requests refunded with their provider outcome unknown (ADR 0015), newest first. */
export async function unknownOutcomes(pool: pg.Pool): Promise<UnknownOutcomeItem[]> {
  const result = await pool.query<
    RequestOfUserRow & {
      provider_project: string | null;
      model: string | null;
      create_sent_at: Date | null;
      provider_outcome_unknown_at: Date;
    }
  >(
    `SELECT ${REQUEST_OF_USER_COLUMNS}, v.provider_project, v.model, v.create_sent_at, v.provider_outcome_unknown_at
     FROM video_requests v
     JOIN "user" u ON u.id = v.user_id
     WHERE v.provider_outcome_unknown_at IS NOT NULL
     ORDER BY v.provider_outcome_unknown_at DESC
     LIMIT $1`,
    [UNKNOWN_OUTCOMES_LIMIT],
  );
  return result.rows.map((row) => ({
    ...requestOfUser(row),
    project: row.provider_project,
    model: row.model,
    createSentAt: row.create_sent_at?.toISOString() ?? null,
    recordedAt: row.provider_outcome_unknown_at.toISOString(),
  }));
}

/** Requests that failed in the last 24 h, newest first: what an operator looks at first when something breaks. */
export async function recentFailures(pool: pg.Pool, now: Date = new Date()): Promise<FailedRequestItem[]> {
  const result = await pool.query<
    RequestOfUserRow & { error_message: string | null; created_at: Date; updated_at: Date }
  >(
    `SELECT ${REQUEST_OF_USER_COLUMNS}, v.error_message, v.created_at, v.updated_at
     FROM video_requests v
     JOIN "user" u ON u.id = v.user_id
     WHERE v.status = 'failed' AND v.updated_at >= $1
     ORDER BY v.updated_at DESC NULLS LAST
     LIMIT $2`,
    [new Date(now.getTime() - FAILED_REQUESTS_WINDOW_HOURS * HOUR_MS), FAILED_REQUESTS_LIMIT],
  );
  return result.rows.map((row) => ({
    ...requestOfUser(row),
    errorMessage: row.error_message,
    createdAt: row.created_at.toISOString(),
    failedAt: row.updated_at.toISOString(),
  }));
}
