import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { type CheckoutRecord, findCheckout, type PaymentProvider } from '#server/billing/billing.server';
import { QUEUES } from '#server/jobs/jobs.server';
import type { Logger } from '#server/logger.server';
import { payoutExists } from './payouts/payouts.server';
import { askRefund, type ClaimAnswer, settleClaim } from './withdrawal.server';

/**
 * The withdrawals whose refund outcome was never learnt (the process died, or the provider's answer was lost,
 * after the credits were taken: ADR 0053) are settled from the provider's state by the `withdrawal-sweep` job,
 * scheduled every five minutes (pg-boss runs a schedule once across the cluster). A claim neither confirmed nor
 * given back for STALE_MS — longer than any request to the provider lasts — is looked up at the provider by its
 * claim: the refund it made is settled as the buyer's retry would settle it; none made is asked for now under the
 * same idempotency key (the buyer asked for it, and a retry racing the sweep gets the same refund); a boleto's is
 * the payout already recorded, or — no Pix key known — the credits go back. Every step is keyed by the claim, so
 * a sweep and a retry together settle it once (ADR 0053).
 */

const EVERY_FIVE_MINUTES = '*/5 * * * *';
export const STALE_MS = 15 * 60 * 1000;
const BATCH = 50;

interface StaleClaim {
  reference: string;
  sessionId: string;
  credits: number;
}

/** Withdrawal claims still open (no history rows, not given back) and older than `before`. */
async function staleClaims(pool: pg.Pool, before: Date): Promise<StaleClaim[]> {
  const result = await pool.query<StaleClaim>(
    `SELECT c.reference, g.source_ref AS "sessionId",
            (SELECT COALESCE(SUM(t.amount), 0)::int FROM credit_clawbacks t
             WHERE t.reference = c.reference OR t.reference LIKE c.reference || ':from:%') AS credits
     FROM credit_clawbacks c JOIN credit_grants g ON g.id = c.grant_id
     WHERE g.source = 'package' AND c.reference LIKE 'withdrawal:%'
       AND c.reference NOT LIKE '%:restored' AND c.reference NOT LIKE '%:from:%'
       AND NOT EXISTS (SELECT 1 FROM credit_clawbacks r WHERE r.reference = c.reference || ':restored')
       AND NOT EXISTS (SELECT 1 FROM transactions h WHERE h.provider_ref = c.reference)
       AND c.created_at < $1
     ORDER BY c.created_at LIMIT $2`,
    [before, BATCH],
  );
  return result.rows;
}

export interface WithdrawalSweepDeps {
  pool: pg.Pool;
  provider: PaymentProvider;
  logger: Logger;
}

async function answerOf(
  deps: WithdrawalSweepDeps,
  checkout: CheckoutRecord,
  reference: string,
): Promise<ClaimAnswer> {
  if (await payoutExists(deps.pool, reference)) return 'unsupported';
  return (
    (await deps.provider.findRefund(checkout, reference)) ?? askRefund(deps.provider, checkout, reference)
  );
}

/** Settles each stale claim once; returns how many were settled. A claim whose provider call fails waits. */
export async function sweepWithdrawals(deps: WithdrawalSweepDeps, now: Date = new Date()): Promise<number> {
  let settled = 0;
  for (const claim of await staleClaims(deps.pool, new Date(now.getTime() - STALE_MS))) {
    const checkout = await findCheckout(deps.pool, claim.sessionId);
    if (!checkout) continue;
    try {
      const answer = await answerOf(deps, checkout, claim.reference);
      await settleClaim(deps.pool, checkout, claim, answer, undefined, now);
      settled += 1;
    } catch (error) {
      deps.logger.warn(
        { err: error, claim: claim.reference },
        'withdrawal sweep: provider failed; next sweep',
      );
    }
  }
  return settled;
}

export async function registerWithdrawalSweep(boss: PgBoss, deps: WithdrawalSweepDeps): Promise<void> {
  await boss.schedule(QUEUES.withdrawalSweep, EVERY_FIVE_MINUTES);
  await boss.work(QUEUES.withdrawalSweep, async () => {
    const settled = await sweepWithdrawals(deps);
    deps.logger.debug({ settled }, 'withdrawal sweep');
  });
}
