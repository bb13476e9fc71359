import { and, eq, like, notExists, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { accountDeletions } from '#server/account-rights/account-rights.server';
import { hasRole, user } from '#server/accounts/accounts.server';
import { currentSubscription, recordTransactions, subscriptionView } from '#server/billing/billing.server';
import {
  balance,
  type CreditGrantView,
  CreditsConflictError,
  grant,
  listGrants,
} from '#server/credits/credits.server';
import { createDatabase, type Database } from '#server/db/database.server';
import { videoRequests } from '#server/video-requests/video-requests.server';
import {
  type AdminGrantInput,
  type AdminGrantResult,
  type AdminGrantView,
  type AdminUserDetail,
  USER_DETAIL_REQUESTS,
  USER_SEARCH_LIMIT,
  type UserSearchItem,
} from '#shared/admin';

/** Looking up one account and adjusting its credits: the admin's support tools. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** An account whose owner asked for its deletion is not shown, even while the deletion job finishes. */
const notDeleted = (db: Database): SQL =>
  notExists(
    db
      .select({ userId: accountDeletions.userId })
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, user.id)),
  );

/** LIKE treats `%`, `_` and `\` as syntax (backslash is PostgreSQL's LIKE escape): "a_b" means those three characters. */
function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Accounts whose e-mail starts with `text` (e-mails are stored in lower case), alphabetical. */
export async function searchUsers(pool: pg.Pool, text: string): Promise<UserSearchItem[]> {
  const db = createDatabase(pool);
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt })
    .from(user)
    .where(and(like(user.email, likePrefix(text)), notDeleted(db)))
    .orderBy(user.email)
    .limit(USER_SEARCH_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
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
  const db = createDatabase(pool);
  const [account] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: user.createdAt,
      emailVerified: user.emailVerified,
    })
    .from(user)
    .where(and(eq(user.id, userId), notDeleted(db)));
  if (!account) return null;
  const [isAdmin, credits, subscription, grants, requests] = await Promise.all([
    hasRole(pool, userId, 'admin'),
    balance(pool, userId, now),
    currentSubscription(pool, userId),
    listGrants(pool, userId, now),
    db
      .select({
        id: videoRequests.id,
        prompt: videoRequests.prompt,
        quality: videoRequests.quality,
        status: videoRequests.status,
        creditsUsed: videoRequests.creditsUsed,
        createdAt: videoRequests.createdAt,
        errorMessage: videoRequests.errorMessage,
      })
      .from(videoRequests)
      .where(eq(videoRequests.userId, userId))
      // In the order of the index on (user_id, created_at DESC NULLS LAST, id DESC NULLS LAST), so it reads in order.
      .orderBy(sql`${videoRequests.createdAt} DESC NULLS LAST`, sql`${videoRequests.id} DESC NULLS LAST`)
      .limit(USER_DETAIL_REQUESTS),
  ]);
  const plan = subscriptionView(subscription);
  return {
    user: {
      ...account,
      createdAt: account.createdAt.toISOString(),
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
    requests: requests.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
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
