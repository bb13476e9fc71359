import type pg from 'pg';
import type { GrantSqlRow } from './ledger-rows.server';

/** One grant's balance as the audit sees it: its column, and the two independent recomputations of it. */
type GrantReconciliation = Pick<GrantSqlRow, 'id' | 'user_id' | 'amount' | 'remaining'> & {
  /** Σ of the ledger entries naming the grant. */
  ledger_remaining: string | null;
  created_amount: string | null;
  creations: string | null;
  /** amount − allocations kept by holds − clawbacks. */
  allocation_remaining: string;
  clawed: string;
  clawed_entries: string;
  /** Credits its reversed claims gave back, by their negative records and by the grants that gave them. */
  restored: string;
  restored_grants: string;
};

/** Every grant's reconciliation (all users, or one), for the audit and the admin's compensating corrections. */
export async function reconcileGrants(
  client: pg.PoolClient,
  userId: string | null,
): Promise<GrantReconciliation[]> {
  const result = await client.query<GrantReconciliation>(
    `WITH by_ledger AS (
       SELECT grant_id,
              SUM(amount) AS ledger_remaining,
              SUM(amount) FILTER (WHERE kind IN ('grant', 'refund_grant')) AS created_amount,
              COUNT(*) FILTER (WHERE kind IN ('grant', 'refund_grant')) AS creations
       FROM credit_ledger_entries
       WHERE grant_id IS NOT NULL AND ($1::text IS NULL OR user_id = $1)
       GROUP BY grant_id
     ), by_holds AS (
       SELECT a.grant_id,
              SUM(a.amount) FILTER (
                WHERE NOT (h.status = 'voided' AND (g.expires_at IS NULL OR g.expires_at > h.resolved_at))
              ) AS kept
       FROM credit_hold_allocations a
       JOIN credit_holds h ON h.id = a.hold_id
       JOIN credit_grants g ON g.id = a.grant_id
       WHERE $1::text IS NULL OR g.user_id = $1
       GROUP BY a.grant_id
     ), by_clawbacks AS (
       SELECT grant_id,
              SUM(amount) FILTER (WHERE amount > 0) AS clawed,
              -SUM(amount) FILTER (WHERE amount < 0) AS restored
       FROM credit_clawbacks
       WHERE $1::text IS NULL OR user_id = $1
       GROUP BY grant_id
     ), restorations AS (
       SELECT (metadata->>'grantId')::uuid AS grant_id, SUM(amount) AS restored FROM credit_grants
       WHERE source = 'refund' AND metadata ? 'grantId' AND ($1::text IS NULL OR user_id = $1)
       GROUP BY 1
     ), clawback_entries AS (
       SELECT grant_id, -SUM(amount) AS clawed FROM credit_ledger_entries
       WHERE kind = 'clawback' AND ($1::text IS NULL OR user_id = $1)
       GROUP BY grant_id
     )
     SELECT g.id, g.user_id, g.amount, g.remaining, l.ledger_remaining, l.created_amount, l.creations,
            g.amount - COALESCE(b.kept, 0) - COALESCE(c.clawed, 0) AS allocation_remaining,
            COALESCE(c.clawed, 0) AS clawed, COALESCE(ce.clawed, 0) AS clawed_entries,
            COALESCE(c.restored, 0) AS restored, COALESCE(r.restored, 0) AS restored_grants
     FROM credit_grants g
     LEFT JOIN by_ledger l ON l.grant_id = g.id
     LEFT JOIN by_holds b ON b.grant_id = g.id
     LEFT JOIN by_clawbacks c ON c.grant_id = g.id
     LEFT JOIN clawback_entries ce ON ce.grant_id = g.id
     LEFT JOIN restorations r ON r.grant_id = g.id
     WHERE $1::text IS NULL OR g.user_id = $1
     ORDER BY g.user_id, g.created_at, g.id`,
    [userId],
  );
  return result.rows;
}
