import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { DAY_MS } from '#server/credits/ledger-expiry.server';
import { grant } from '#server/credits/ledger-grants.server';
import { QUEUES } from '#server/jobs/queues.server';
import { inTransaction } from '#server/kernel/transaction.server';
import type { Logger } from '#server/logger.server';
import {
  INVITE_CREDIT_VALIDITY_DAYS,
  INVITE_REWARDS_PER_INVITER_PER_DAY,
  INVITE_REWARDS_PER_INVITER_TOTAL,
} from '#shared/catalogue';
import { type InvitePurchase, rewardRef, SIDES } from './invitations.server';
import { markAccount, paymentMark, sharedMark } from './invite-marks.server';
import type { InviteOutcome } from './invites.schema.server';

/**
 * The invite reward waits for the withdrawal window (ADR 0046). The invited account's first paid purchase is taken
 * by its invitation with the time it can no longer be withdrawn (a package: its window's end, billing's rule,
 * `WithdrawalRule`; a plan: at once, it has no self-service withdrawal, ADR 0030). Then — the sweep for a
 * package, fulfilment itself for a plan — the invitation is decided once, under the inviter's lock: refunded or
 * disputed meanwhile, from a device, network or card the inviter or their rewarded invitees used, or past the
 * inviter's caps, it does not count; otherwise both sides are granted. A withdrawal inside the window therefore
 * never meets a reward to take back.
 */

/**
 * Billing's withdrawal rule (ADR 0030, ADR 0037), given by billing — it owns the rule and already needs the invites:
 * when a package paid (granted) at `paidAt` can no longer be withdrawn, and where one stands now, read under the
 * buyer's account lock (`closed`: past its window; `refunded`: a refund or withdrawal took it back; `open`: a
 * withdrawal could still be accepted or one waits for the provider).
 */
export interface WithdrawalRule {
  endsAt: (paidAt: Date) => Date;
  standing: (
    client: pg.PoolClient,
    userId: string,
    sessionId: string,
    now: Date,
  ) => Promise<'open' | 'closed' | 'refunded'>;
}

export interface InviteRewardDeps {
  pool: pg.Pool;
  withdrawals: WithdrawalRule;
}

/** How long a decision that cannot be made yet (a withdrawal waiting for the provider) waits before the next look. */
const RETRY_MS = 60 * 60 * 1000;
const EVERY_FIVE_MINUTES = '*/5 * * * *';
const BATCH = 100;

interface InvitationRow {
  invitee_user_id: string;
  inviter_user_id: string;
  purchase_source: 'package' | 'plan';
  purchase_ref: string;
  outcome: InviteOutcome | null;
  reward_due_at: Date;
  rewarded_at: Date | null;
}

type Verdict = { outcome: InviteOutcome } | { later: Date };

/**
 * The invited account's first paid purchase is taken by its invitation (one UPDATE: of two purchases fulfilled at
 * once, one wins; a replay of the same purchase finds it taken by itself) with when its reward is due; a plan's is
 * decided at once. Every paid purchase leaves its card's mark, whoever made it. A purchase that paid nothing or
 * granted nothing is no purchase here.
 */
export async function rewardInvite(deps: InviteRewardDeps, purchase: InvitePurchase, now: Date = new Date()) {
  const { pool } = deps;
  if (purchase.paidCents <= 0 || purchase.grantedCredits <= 0) return;
  if (purchase.paymentFingerprint) {
    await markAccount(pool, purchase.userId, [paymentMark(purchase.paymentFingerprint)], now);
  }
  const granted = await pool.query<{ created_at: Date }>(
    'SELECT created_at FROM credit_grants WHERE source = $1 AND source_ref = $2',
    [purchase.grantSource, purchase.grantRef],
  );
  const paidAt = granted.rows[0]?.created_at ?? now;
  const dueAt = purchase.grantSource === 'package' ? deps.withdrawals.endsAt(paidAt) : now;
  const taken = await pool.query(
    `UPDATE invitations
     SET purchase_source = $2, purchase_ref = $3, reward_due_at = COALESCE(reward_due_at, $4)
     WHERE invitee_user_id = $1
       AND (purchase_ref IS NULL OR (purchase_source = $2 AND purchase_ref = $3))`,
    [purchase.userId, purchase.grantSource, purchase.grantRef, dueAt],
  );
  if (taken.rowCount && dueAt.getTime() <= now.getTime()) await settleInvitation(deps, purchase.userId, now);
}

/** The purchase was refunded or disputed (a clawback on its grant not given back): it earns nothing. */
async function reversed(client: pg.PoolClient, row: InvitationRow): Promise<boolean> {
  const found = await client.query(
    `SELECT 1 FROM credit_clawbacks c JOIN credit_grants g ON g.id = c.grant_id
     WHERE g.source = $1 AND g.source_ref = $2
       AND (c.reference LIKE 'refund:%' OR c.reference LIKE 'dispute:%' OR c.reference LIKE 'withdrawal:%')
       AND c.reference NOT LIKE '%:restored' AND c.reference NOT LIKE '%:from:%'
       AND NOT EXISTS (SELECT 1 FROM credit_clawbacks r WHERE r.reference = c.reference || ':restored')
     LIMIT 1`,
    [row.purchase_source, row.purchase_ref],
  );
  return (found.rowCount ?? 0) > 0;
}

/** The inviter's rewards ever and in the last day, and when the oldest of the day's frees its slot. */
async function rewardsOf(client: pg.PoolClient, inviterId: string, now: Date) {
  const since = new Date(now.getTime() - DAY_MS);
  const result = await client.query<{ total: number; today: number; oldest: Date | null }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE rewarded_at > $2)::int AS today,
            min(rewarded_at) FILTER (WHERE rewarded_at > $2) AS oldest
     FROM invitations WHERE inviter_user_id = $1 AND outcome = 'rewarded'`,
    [inviterId, since],
  );
  const row = result.rows[0];
  return { total: row?.total ?? 0, today: row?.today ?? 0, oldest: row?.oldest ?? now };
}

async function verdictOf(
  client: pg.PoolClient,
  withdrawals: WithdrawalRule,
  row: InvitationRow,
  now: Date,
): Promise<Verdict> {
  if (row.purchase_source === 'package') {
    // The withdrawal's own rule says whether the package can still be withdrawn.
    const standing = await withdrawals.standing(client, row.invitee_user_id, row.purchase_ref, now);
    if (standing === 'refunded') return { outcome: 'refunded' };
    // Asked early, it keeps its due time; past it (a withdrawal waiting for the provider), it looks again later.
    if (standing === 'open') {
      const early = row.reward_due_at.getTime() > now.getTime();
      return { later: early ? row.reward_due_at : new Date(now.getTime() + RETRY_MS) };
    }
  }
  if (await reversed(client, row)) return { outcome: 'refunded' };
  const shared = await sharedMark(client, row.invitee_user_id, row.inviter_user_id);
  if (shared) return { outcome: shared };
  const rewards = await rewardsOf(client, row.inviter_user_id, now);
  if (rewards.total >= INVITE_REWARDS_PER_INVITER_TOTAL) return { outcome: 'limit' };
  if (rewards.today >= INVITE_REWARDS_PER_INVITER_PER_DAY) {
    return { later: new Date(rewards.oldest.getTime() + DAY_MS) };
  }
  return { outcome: 'rewarded' };
}

/**
 * Decides one invitation whose reward is due, once: under its row lock, the inviter's advisory lock (so the caps
 * hold when invitations of one inviter are decided at once) and the invited account's lock (the one a withdrawal
 * takes, ADR 0037: no withdrawal starts while the window is judged). The grants follow the decision, keyed by the
 * invited account, so a crash between the two is finished by the next sweep.
 */
export async function settleInvitation(deps: InviteRewardDeps, inviteeId: string, now: Date = new Date()) {
  const { pool } = deps;
  const decided = await inTransaction(pool, async (client) => {
    const found = await client.query<InvitationRow>(
      `SELECT invitee_user_id, inviter_user_id, purchase_source, purchase_ref, outcome, reward_due_at, rewarded_at
       FROM invitations WHERE invitee_user_id = $1 AND purchase_ref IS NOT NULL FOR UPDATE`,
      [inviteeId],
    );
    const row = found.rows[0];
    if (!row || row.outcome) return row ?? null;
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `invite:${row.inviter_user_id}`,
    ]);
    await client.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR NO KEY UPDATE', [inviteeId]);
    const verdict = await verdictOf(client, deps.withdrawals, row, now);
    if ('later' in verdict) {
      await client.query('UPDATE invitations SET reward_due_at = $2 WHERE invitee_user_id = $1', [
        inviteeId,
        verdict.later,
      ]);
      return null;
    }
    const rewardedAt = verdict.outcome === 'rewarded' ? now : null;
    await client.query('UPDATE invitations SET outcome = $2, rewarded_at = $3 WHERE invitee_user_id = $1', [
      inviteeId,
      verdict.outcome,
      rewardedAt,
    ]);
    return { ...row, outcome: verdict.outcome, rewarded_at: rewardedAt };
  });
  if (decided?.outcome === 'rewarded' && decided.rewarded_at) {
    await grantRewards(pool, decided, decided.rewarded_at);
  }
}

/**
 * Both sides' grants, from the decision's time. A side whose account was deleted meanwhile gets nothing (nobody
 * could spend it; its user row may be gone, which the ledger's account would need).
 */
async function grantRewards(pool: pg.Pool, row: InvitationRow, rewardedAt: Date) {
  const live = await pool.query<{ id: string }>(
    `SELECT u.id FROM "user" u WHERE u.id = ANY($1::text[])
     AND NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.user_id = u.id)`,
    [[row.invitee_user_id, row.inviter_user_id]],
  );
  const liveIds = new Set(live.rows.map((user) => user.id));
  const expiresAt = new Date(rewardedAt.getTime() + INVITE_CREDIT_VALIDITY_DAYS * DAY_MS);
  for (const { side, credits } of SIDES) {
    const userId = side === 'invitee' ? row.invitee_user_id : row.inviter_user_id;
    if (!liveIds.has(userId)) continue;
    await grant(
      pool,
      {
        userId,
        amount: credits,
        source: 'invite',
        sourceRef: rewardRef(side, row.invitee_user_id),
        expiresAt,
        planType: 'invite',
        metadata: { inviteeId: row.invitee_user_id, purchaseRef: row.purchase_ref },
      },
      rewardedAt,
    );
  }
}

/**
 * Invitations due (oldest first), and those decided rewarded in the last day whose grants are missing (a crash
 * after the decision): each is settled once, whoever comes first.
 */
export async function sweepInviteRewards(
  deps: InviteRewardDeps,
  now: Date = new Date(),
  logger?: Logger,
): Promise<number> {
  const due = await deps.pool.query<{ invitee_user_id: string }>(
    `(SELECT invitee_user_id FROM invitations
      WHERE outcome IS NULL AND purchase_ref IS NOT NULL AND reward_due_at <= $1
      ORDER BY reward_due_at LIMIT $2)
     UNION ALL
     (SELECT i.invitee_user_id FROM invitations i
      WHERE i.outcome = 'rewarded' AND i.rewarded_at > $3
        AND NOT EXISTS (SELECT 1 FROM credit_grants g
                        WHERE g.source = 'invite' AND g.source_ref = 'invitee:' || i.invitee_user_id))`,
    [now, BATCH, new Date(now.getTime() - DAY_MS)],
  );
  let settled = 0;
  for (const { invitee_user_id: inviteeId } of due.rows) {
    try {
      await settleInvitation(deps, inviteeId, now);
      settled += 1;
    } catch (error) {
      // One invitation that fails (the database refusing one row) waits for the next sweep; the others go on.
      logger?.warn({ err: error, inviteeId }, 'invite sweep: settling failed; next sweep');
    }
  }
  return settled;
}

export async function registerInviteSweep(
  boss: PgBoss,
  deps: InviteRewardDeps,
  logger: Logger,
): Promise<void> {
  await boss.schedule(QUEUES.inviteSweep, EVERY_FIVE_MINUTES);
  await boss.work(QUEUES.inviteSweep, async () => {
    const settled = await sweepInviteRewards(deps, new Date(), logger);
    logger.debug({ settled }, 'invite sweep');
  });
}
