import type pg from 'pg';
import {
  type AdminGrantInput,
  type AdminGrantResult,
  type AdminGrantView,
  type AdminUserDetail,
  USER_DETAIL_REQUESTS,
  USER_SEARCH_LIMIT,
  type UserSearchItem,
} from '../../shared/admin';
import { hasRole } from '../accounts/roles.server';
import { currentSubscription, recordTransactions, subscriptionView } from '../billing/billing-store.server';
import {
  balance,
  type CreditGrantView,
  CreditsConflictError,
  grant,
  listGrants,
} from '../credits/credits-ledger.server';

/** Looking up one account and adjusting its credits: the admin's support tools. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** An account whose owner asked for its deletion is not shown, even while the deletion job finishes. */
const NOT_DELETED = 'NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.user_id = u.id)';

/** LIKE treats `%`, `_` and `\` as syntax: a search for "a_b" means those three characters. */
function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Accounts whose e-mail starts with `text` (e-mails are stored in lower case), alphabetical. */
export async function searchUsers(pool: pg.Pool, text: string): Promise<UserSearchItem[]> {
  const result = await pool.query<{ id: string; email: string; name: string; created_at: Date }>(
    `SELECT id, email, name, created_at FROM "user" u
     WHERE email LIKE $1 ESCAPE '\\' AND ${NOT_DELETED}
     ORDER BY email
     LIMIT $2`,
    [likePrefix(text), USER_SEARCH_LIMIT],
  );
  return result.rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: row.created_at.toISOString(),
  }));
}

function grantView(view: CreditGrantView): AdminGrantView {
  const { reason, paymentMethod } = view.metadata;
  return {
    id: view.id,
    amount: view.amount,
    remaining: view.remaining,
    source: view.source,
    planType: view.planType,
    expiresAt: view.expiresAt?.toISOString() ?? null,
    createdAt: view.createdAt.toISOString(),
    expired: view.expired,
    reason: typeof reason === 'string' ? reason : null,
    paymentMethod: typeof paymentMethod === 'string' ? paymentMethod : null,
  };
}

/** Everything support needs about one account, or null when there is no such account. */
export async function userDetail(
  pool: pg.Pool,
  userId: string,
  now: Date = new Date(),
): Promise<AdminUserDetail | null> {
  const found = await pool.query<{
    id: string;
    email: string;
    name: string;
    created_at: Date;
    email_verified: boolean;
  }>(`SELECT id, email, name, created_at, email_verified FROM "user" u WHERE id = $1 AND ${NOT_DELETED}`, [
    userId,
  ]);
  const account = found.rows[0];
  if (!account) return null;
  const [isAdmin, credits, subscription, grants, requests] = await Promise.all([
    hasRole(pool, userId, 'admin'),
    balance(pool, userId, now),
    currentSubscription(pool, userId),
    listGrants(pool, userId, now),
    pool.query<{
      id: string;
      prompt: string;
      quality: AdminUserDetail['requests'][number]['quality'];
      status: AdminUserDetail['requests'][number]['status'];
      credits_used: number;
      created_at: Date;
      error_message: string | null;
    }>(
      `SELECT id, prompt, quality, status, credits_used, created_at, error_message FROM video_requests
       WHERE user_id = $1 ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT $2`,
      [userId, USER_DETAIL_REQUESTS],
    ),
  ]);
  const plan = subscriptionView(subscription);
  return {
    user: {
      id: account.id,
      email: account.email,
      name: account.name,
      createdAt: account.created_at.toISOString(),
      emailVerified: account.email_verified,
      isAdmin,
    },
    balance: credits,
    subscription: plan && {
      planId: plan.planId,
      planName: plan.planName,
      billingPeriod: plan.billingPeriod,
      status: plan.status,
      currentPeriodEnd: plan.currentPeriodEnd,
      cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
    },
    grants: grants.map(grantView),
    requests: requests.rows.map((row) => ({
      id: row.id,
      prompt: row.prompt,
      quality: row.quality,
      status: row.status,
      creditsUsed: row.credits_used,
      createdAt: row.created_at.toISOString(),
      errorMessage: row.error_message,
    })),
  };
}

/**
 * An admin's credit adjustment: a ledger grant keyed by the dialog's idempotency key (a double click or a retried
 * request grants once), recorded with the admin's id and reason, and shown in the user's history.
 */
export async function grantAdjustment(
  pool: pg.Pool,
  userId: string,
  adminId: string,
  input: AdminGrantInput,
  now: Date = new Date(),
  /** Where the adjustment came from, in its source ref: the panel (`admin`) or the command line (`cli`). */
  origin: 'admin' | 'cli' = 'admin',
): Promise<AdminGrantResult> {
  const sourceRef = `${origin}:${input.idempotencyKey}`;
  const granted = await grant(
    pool,
    {
      userId,
      amount: input.amount,
      source: 'adjustment',
      sourceRef,
      expiresAt:
        input.expiresInDays === undefined ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
      metadata: { grantedBy: adminId, reason: input.reason, expiresInDays: input.expiresInDays ?? null },
    },
    now,
  );
  // The ledger matches a replay on user and amount; the same key with another reason or validity is a different
  // grant, never silently answered with the first one.
  const stored = granted.grant.metadata;
  if (
    !granted.created &&
    (stored.reason !== input.reason || (stored.expiresInDays ?? null) !== (input.expiresInDays ?? null))
  ) {
    throw new CreditsConflictError(`adjustment ${sourceRef} was granted with another reason or validity`);
  }
  await recordTransactions(
    pool,
    userId,
    [
      {
        type: 'credit',
        amount: input.amount,
        description: `${input.amount} créditos adicionados (ajuste)`,
        providerRef: sourceRef,
      },
    ],
    now,
  );
  const expired = granted.grant.expiresAt !== null && granted.grant.expiresAt.getTime() <= now.getTime();
  return {
    grant: grantView({ ...granted.grant, expired }),
    balance: await balance(pool, userId, now),
    created: granted.created,
  };
}
