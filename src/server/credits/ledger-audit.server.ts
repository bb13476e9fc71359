import type pg from 'pg';
import { inTransaction } from '#server/kernel/transaction.server';
import { userIdSchema } from './ledger-inputs.server';
import { reconcileGrants } from './ledger-reconciliation.server';
import type { EntrySqlRow, HoldSqlRow } from './ledger-rows.server';

type AuditProblemCode =
  | 'grant_remaining_out_of_range'
  | 'grant_ledger_mismatch'
  | 'grant_allocation_mismatch'
  | 'grant_creation_entry'
  | 'hold_allocation_sum'
  | 'hold_entries_mismatch'
  | 'hold_resolution'
  | 'user_mismatch'
  | 'clawback_mismatch'
  | 'restore_mismatch';

export interface AuditProblem {
  code: AuditProblemCode;
  userId: string;
  grantId?: string;
  holdId?: string;
  message: string;
}

type Problems = AuditProblem[];

async function auditGrants(client: pg.PoolClient, user: string | null, problems: Problems): Promise<void> {
  for (const g of await reconcileGrants(client, user)) {
    const base = { userId: g.user_id, grantId: g.id };
    if (g.remaining < 0 || g.remaining > g.amount) {
      problems.push({
        ...base,
        code: 'grant_remaining_out_of_range',
        message: `remaining ${g.remaining} outside 0..${g.amount}`,
      });
    }
    const ledgerRemaining = Number(g.ledger_remaining ?? 0);
    if (ledgerRemaining !== g.remaining) {
      problems.push({
        ...base,
        code: 'grant_ledger_mismatch',
        message: `remaining ${g.remaining} but its ledger entries sum to ${ledgerRemaining}`,
      });
    }
    const allocationRemaining = Number(g.allocation_remaining);
    if (allocationRemaining !== g.remaining) {
      problems.push({
        ...base,
        code: 'grant_allocation_mismatch',
        message: `remaining ${g.remaining} but amount minus kept allocations is ${allocationRemaining}`,
      });
    }
    // Every clawback row must be mirrored by its ledger entry (rows taking 0 have none).
    if (Number(g.clawed) !== Number(g.clawed_entries)) {
      problems.push({
        ...base,
        code: 'clawback_mismatch',
        message: `clawbacks take ${g.clawed} but clawback entries sum to ${g.clawed_entries}`,
      });
    }
    // Every restoration record must be mirrored by the grant that gave the credits back.
    if (Number(g.restored) !== Number(g.restored_grants)) {
      problems.push({
        ...base,
        code: 'restore_mismatch',
        message: `restorations record ${g.restored} but their grants give ${g.restored_grants}`,
      });
    }
    if (Number(g.creations ?? 0) !== 1 || Number(g.created_amount ?? 0) !== g.amount) {
      problems.push({
        ...base,
        code: 'grant_creation_entry',
        message: `expected one creation entry of ${g.amount}, found ${g.creations ?? 0} worth ${g.created_amount ?? 0}`,
      });
    }
  }
}

type AuditedHold = Pick<HoldSqlRow, 'id' | 'user_id' | 'amount' | 'status'> & {
  allocated: string | null;
  held: string | null;
  captures: string | null;
  given_back: string | null;
  mismatched_parts: string;
};

async function auditedHolds(client: pg.PoolClient, user: string | null): Promise<AuditedHold[]> {
  const holds = await client.query<AuditedHold>(
    `WITH audited AS (
         SELECT id FROM credit_holds WHERE $1::text IS NULL OR user_id = $1
       ), alloc AS (
         SELECT hold_id, SUM(amount) AS allocated FROM credit_hold_allocations
         WHERE hold_id IN (SELECT id FROM audited)
         GROUP BY hold_id
       ), entries AS (
         SELECT hold_id,
                -SUM(amount) FILTER (WHERE kind = 'hold') AS held,
                COUNT(*) FILTER (WHERE kind = 'capture') AS captures,
                SUM(amount) FILTER (WHERE kind IN ('void', 'refund_grant')) AS given_back
         FROM credit_ledger_entries
         WHERE hold_id IS NOT NULL AND ($1::text IS NULL OR user_id = $1)
         GROUP BY hold_id
       ), parts AS (
         -- Per (hold, grant): the hold entries must mirror the allocations exactly.
         SELECT COALESCE(a.hold_id, e.hold_id) AS hold_id, COUNT(*) AS mismatched
         FROM (SELECT * FROM credit_hold_allocations WHERE hold_id IN (SELECT id FROM audited)) a
         FULL JOIN (
           SELECT hold_id, grant_id, -SUM(amount) AS held FROM credit_ledger_entries
           WHERE kind = 'hold' AND ($1::text IS NULL OR user_id = $1)
           GROUP BY hold_id, grant_id
         ) e ON e.hold_id = a.hold_id AND e.grant_id = a.grant_id
         WHERE a.amount IS DISTINCT FROM e.held
         GROUP BY 1
       )
       SELECT h.id, h.user_id, h.amount, h.status, a.allocated, e.held, e.captures, e.given_back,
              COALESCE(p.mismatched, 0) AS mismatched_parts
       FROM credit_holds h
       LEFT JOIN alloc a ON a.hold_id = h.id
       LEFT JOIN entries e ON e.hold_id = h.id
       LEFT JOIN parts p ON p.hold_id = h.id
       WHERE $1::text IS NULL OR h.user_id = $1
       ORDER BY h.user_id, h.created_at, h.id`,
    [user],
  );
  return holds.rows;
}

async function auditHolds(client: pg.PoolClient, user: string | null, problems: Problems): Promise<void> {
  for (const h of await auditedHolds(client, user)) {
    const base = { userId: h.user_id, holdId: h.id };
    const allocated = Number(h.allocated ?? 0);
    if (allocated !== h.amount) {
      problems.push({
        ...base,
        code: 'hold_allocation_sum',
        message: `amount ${h.amount} but allocations sum to ${allocated}`,
      });
    }
    const held = Number(h.held ?? 0);
    if (held !== h.amount || Number(h.mismatched_parts) > 0) {
      problems.push({
        ...base,
        code: 'hold_entries_mismatch',
        message: `amount ${h.amount}, hold entries ${held}, ${h.mismatched_parts} part(s) differing from allocations`,
      });
    }
    const captures = Number(h.captures ?? 0);
    const givenBack = Number(h.given_back ?? 0);
    const resolvedRight =
      h.status === 'pending'
        ? captures === 0 && givenBack === 0
        : h.status === 'captured'
          ? captures === 1 && givenBack === 0
          : captures === 0 && givenBack === h.amount;
    if (!resolvedRight) {
      problems.push({
        ...base,
        code: 'hold_resolution',
        message: `status ${h.status} with ${captures} capture entr(ies) and ${givenBack} credits given back`,
      });
    }
  }
}

async function auditCrossedUsers(
  client: pg.PoolClient,
  user: string | null,
  problems: Problems,
): Promise<void> {
  // Rows pointing across users: an entry or an allocation linking one user's hold to another user's grant.
  const crossed = await client.query<Pick<EntrySqlRow, 'user_id' | 'grant_id' | 'hold_id'>>(
    `SELECT e.user_id, e.grant_id, e.hold_id FROM credit_ledger_entries e
       LEFT JOIN credit_grants g ON g.id = e.grant_id
       LEFT JOIN credit_holds h ON h.id = e.hold_id
       WHERE (g.user_id <> e.user_id OR h.user_id <> e.user_id) AND ($1::text IS NULL OR e.user_id = $1)
       UNION ALL
       SELECT h.user_id, a.grant_id, a.hold_id FROM credit_hold_allocations a
       JOIN credit_holds h ON h.id = a.hold_id
       JOIN credit_grants g ON g.id = a.grant_id
       WHERE g.user_id <> h.user_id AND ($1::text IS NULL OR h.user_id = $1 OR g.user_id = $1)`,
    [user],
  );
  for (const row of crossed.rows) {
    problems.push({
      code: 'user_mismatch',
      userId: row.user_id,
      ...(row.grant_id ? { grantId: row.grant_id } : {}),
      ...(row.hold_id ? { holdId: row.hold_id } : {}),
      message: 'links rows of different users',
    });
  }
}

/**
 * Reconciles the ledger (all users, or one): returns the problems found, empty when clean. Each grant's
 * `remaining` is recomputed twice, independently of the column itself:
 * 1. from the ledger: Σ of the entries naming the grant;
 * 2. from the holds: amount − every allocation taken from it + the allocations of voided holds that went back
 *    to it (a void gives back iff the grant was still valid when the hold was resolved) − what refunds clawed back.
 * Holds are checked against their allocations and entries, and each resolved hold must have its resolving
 * entries (one capture, or voids + refund worth its amount). Runs in one REPEATABLE READ snapshot.
 */
export async function audit(pool: pg.Pool, userId?: string): Promise<AuditProblem[]> {
  if (userId !== undefined) userIdSchema.parse(userId);
  const user = userId ?? null;
  return inTransaction(
    pool,
    async (client) => {
      const problems: Problems = [];
      await auditGrants(client, user, problems);
      await auditHolds(client, user, problems);
      await auditCrossedUsers(client, user, problems);
      return problems;
    },
    { begin: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' },
  );
}
