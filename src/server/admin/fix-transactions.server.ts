import type pg from 'pg';
import { type AuditProblem, audit, reconcileGrants } from '#server/credits/credits.server';
import { inTransaction } from '#server/kernel/transaction.server';
import type { FixTransactionsResult } from '#shared/admin';

/**
 * The admin's "fix transaction amounts" (design §6): an audit that posts compensating entries and never edits
 * history. Two books are checked:
 *
 * - The payment history (`transactions`): each row is compared with what it records — a credit row with its grant
 *   (or, for a refund or dispute, with the credits its claim took or its reversal gave back), a package payment of the local checkout with its
 *   session (Stripe's amounts — coupons, taxes — and invoices live at Stripe and are not second-guessed). The
 *   history shows what the user sees, so a wrong row gets a correction row (`corrects_id` → the original) worth the
 *   difference; the effective amount of a row is its own plus its corrections', so a second run finds nothing.
 * - The credits ledger: a grant whose entries do not sum to its `remaining`, while its holds and clawbacks confirm
 *   `remaining`, gets a `correction` ledger entry worth the difference. When the holds disagree too, the balance
 *   itself is in doubt: that is left to a person and reported in `errors`, with every other audit problem.
 *
 * Runs under a transaction-wide advisory lock: two admins (or two clicks, or two web processes) never post the same
 * correction twice.
 */

const FIX_LOCK_KEY = 'cena:fix-transactions';
/** The toast lists what needs a person; beyond this many the rest are counted. */
const MAX_REPORTED_ERRORS = 20;

interface AuditedTransaction {
  id: string;
  user_id: string;
  type: 'payment' | 'credit';
  description: string;
  stripe_invoice_id: string | null;
  effective: string;
  /** null: nothing local records what the row should be (an invoice payment lives at Stripe). */
  expected: string | null;
  corrections: string;
}

/** Every original history row with its effective amount and, where something local records it, the expected one. */
const HISTORY_AUDIT = `
  SELECT t.id, t.user_id, t.type, t.description, t.stripe_invoice_id,
         t.amount + COALESCE(c.amount, 0) AS effective,
         COALESCE(c.n, 0) AS corrections,
         CASE
           -- A reversed refund or dispute gave back what its negative record says.
           WHEN t.type = 'credit' AND right(t.provider_ref, 9) = ':restored' THEN
             (SELECT -k.amount FROM credit_clawbacks k WHERE k.reference = t.provider_ref AND k.user_id = t.user_id)
           -- A refund or dispute took its own record's credits and, after a reversal, the ':from:' ones.
           WHEN t.type = 'credit' AND (t.provider_ref LIKE 'refund:%' OR t.provider_ref LIKE 'dispute:%') THEN
             (SELECT -SUM(k.amount) FROM credit_clawbacks k
              WHERE k.user_id = t.user_id
                AND (k.reference = t.provider_ref
                     OR left(k.reference, length(t.provider_ref) + 6) = t.provider_ref || ':from:'))
           WHEN t.type = 'credit' THEN
             (SELECT g.amount FROM credit_grants g
              WHERE g.source_ref = t.provider_ref AND g.user_id = t.user_id
                AND g.source IN ('plan', 'package', 'adjustment')
              LIMIT 1)
           ELSE
             (SELECT s.amount_cents FROM checkout_sessions s
              WHERE s.id = t.provider_ref AND s.user_id = t.user_id AND s.kind = 'package' AND s.status = 'paid'
                -- Our checkout charges exactly its amount; Stripe may apply coupons or taxes, so what it charged
                -- lives at Stripe, like an invoice's amount.
                AND s.provider = 'local')
         END AS expected
  FROM transactions t
  LEFT JOIN LATERAL (
    SELECT sum(amount) AS amount, count(*) AS n FROM transactions WHERE corrects_id = t.id
  ) c ON true
  WHERE t.corrects_id IS NULL`;

async function correctHistory(
  client: pg.PoolClient,
  now: Date,
): Promise<{ processed: number; fixed: number; errors: string[] }> {
  const audited = await client.query<AuditedTransaction>(HISTORY_AUDIT);
  const errors: string[] = [];
  let fixed = 0;
  for (const row of audited.rows) {
    if (row.expected === null) {
      // A credit row must name something that granted or took credits; payments of invoices live at Stripe.
      if (row.type === 'credit') {
        errors.push(`Transação ${row.id}: créditos sem lote ou estorno correspondente no razão.`);
      }
      continue;
    }
    const difference = Number(row.expected) - Number(row.effective);
    if (difference === 0) continue;
    const inserted = await client.query(
      `INSERT INTO transactions
         (user_id, type, amount, description, provider_ref, stripe_invoice_id, corrects_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (type, provider_ref) DO NOTHING`,
      [
        row.user_id,
        row.type,
        difference,
        `Correção: ${row.description}`,
        `correction:${row.id}:${Number(row.corrections) + 1}`,
        row.stripe_invoice_id,
        row.id,
        now,
      ],
    );
    fixed += inserted.rowCount ?? 0;
  }
  return { processed: audited.rows.length, fixed, errors };
}

async function correctLedger(
  client: pg.PoolClient,
  now: Date,
): Promise<{ processed: number; fixed: number }> {
  const grants = await reconcileGrants(client, null);
  let fixed = 0;
  for (const g of grants) {
    const ledger = Number(g.ledger_remaining ?? 0);
    const confirmed = Number(g.allocation_remaining);
    if (ledger === g.remaining || confirmed !== g.remaining) continue;
    await client.query(
      `INSERT INTO credit_ledger_entries (user_id, kind, amount, grant_id, created_at, metadata)
       VALUES ($1, 'correction', $2, $3, $4, $5)`,
      [
        g.user_id,
        g.remaining - ledger,
        g.id,
        now,
        { reason: 'admin audit: ledger entries did not sum to the grant balance', ledgerSum: ledger },
      ],
    );
    fixed += 1;
  }
  return { processed: grants.length, fixed };
}

function describeProblem(problem: AuditProblem): string {
  const subject = problem.grantId ? `lote ${problem.grantId}` : `reserva ${problem.holdId}`;
  return `Razão de créditos, ${subject} (usuário ${problem.userId}): ${problem.message}.`;
}

export async function fixTransactions(pool: pg.Pool, now: Date = new Date()): Promise<FixTransactionsResult> {
  const { history, ledger } = await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [FIX_LOCK_KEY]);
    return { history: await correctHistory(client, now), ledger: await correctLedger(client, now) };
  });
  // What is still wrong after the corrections is what a person has to look at.
  const unresolved = [...history.errors, ...(await audit(pool)).map(describeProblem)];
  const errors = unresolved.slice(0, MAX_REPORTED_ERRORS);
  if (unresolved.length > errors.length) {
    errors.push(`… e mais ${unresolved.length - errors.length} problema(s).`);
  }
  return {
    fixed: history.fixed + ledger.fixed,
    totalProcessed: history.processed + ledger.processed,
    errors,
  };
}
