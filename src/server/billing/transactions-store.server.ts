import type pg from 'pg';
import { type NotaView, notaView } from '#server/notas-fiscais/notas-fiscais.server';
import { WITHDRAWAL_DAYS } from '#shared/billing';
import { LIMITS } from '#shared/catalogue';
import type { NotaState } from '#shared/nota';
import type { TransactionType } from './billing.schema.server';

/**
 * The payment history's rows (`transactions`): written once per (type, provider ref) by fulfilment, read with each
 * payment's withdrawal window, nota fiscal and receipt for the profile's history.
 */

type Queryable = pg.Pool | pg.PoolClient;

export interface TransactionInput {
  type: TransactionType;
  amount: number;
  description: string;
  providerRef: string;
  invoiceId?: string | null;
}

/** Records history rows once per (type, provider ref): a retry or a concurrent twin inserts nothing. */
export async function recordTransactions(
  db: Queryable,
  userId: string,
  rows: TransactionInput[],
  now: Date = new Date(),
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO transactions (user_id, type, amount, description, provider_ref, stripe_invoice_id, created_at)
     SELECT $1, t.type, t.amount, t.description, t.provider_ref, t.invoice_id, $7
     FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[])
       AS t(type, amount, description, provider_ref, invoice_id)
     ON CONFLICT (type, provider_ref) DO NOTHING`,
    [
      userId,
      rows.map((row) => row.type),
      rows.map((row) => row.amount),
      rows.map((row) => row.description),
      rows.map((row) => row.providerRef),
      rows.map((row) => row.invoiceId ?? null),
      now,
    ],
  );
}

export interface TransactionView {
  id: string;
  type: TransactionType;
  amount: number;
  description: string;
  createdAt: string;
  invoiceId: string | null;
  purchaseRef: string;
  withdrawal: { sessionId: string; until: string } | null;
  nota?: NotaView;
  receiptUrl?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function recentTransactions(
  db: Queryable,
  userId: string,
  now: Date = new Date(),
): Promise<TransactionView[]> {
  const result = await db.query<{
    id: string;
    type: TransactionType;
    amount: number;
    description: string;
    created_at: Date;
    stripe_invoice_id: string | null;
    provider_ref: string;
    withdrawable_since: Date | null;
    nota_id: string | null;
    nota_state: NotaState | null;
    pdf_url: string | null;
    xml_url: string | null;
    receipt_url: string | null;
  }>(
    // Payment before its credit entry when both share a timestamp: the history reads "paid, then received".
    // A package's payment is withdrawable (ADR 0053) while its grant is whole, not boleto, unclaimed and young:
    // the same rules withdrawal-claim.server.ts applies, which has the last word. A payment's nota is keyed by the
    // same provider ref (ADR 0041).
    `SELECT t.id, t.type, t.amount, t.description, t.created_at, t.stripe_invoice_id, t.provider_ref,
            CASE WHEN g.remaining = g.amount AND g.created_at > $3::timestamptz
                   AND g.metadata->>'paymentMethod' IS DISTINCT FROM 'boleto'
                   AND NOT EXISTS (SELECT 1 FROM credit_clawbacks c WHERE c.grant_id = g.id AND c.amount > 0)
                 THEN g.created_at END AS withdrawable_since,
            n.id AS nota_id, n.state AS nota_state, n.pdf_url, n.xml_url, r.receipt_url
     FROM transactions t
     LEFT JOIN credit_grants g ON t.type = 'payment' AND t.amount > 0 AND g.user_id = t.user_id
       AND g.source = 'package' AND g.source_ref = t.provider_ref
     LEFT JOIN nfse_notas n ON t.type = 'payment' AND t.amount > 0 AND n.payment_ref = t.provider_ref
     LEFT JOIN receipts_sent r ON t.type = 'payment' AND t.amount > 0 AND r.payment_ref = t.provider_ref
     WHERE t.user_id = $1 ORDER BY t.created_at DESC, t.type DESC, t.id LIMIT $2`,
    [userId, LIMITS.transactionsShown, new Date(now.getTime() - WITHDRAWAL_DAYS * DAY_MS)],
  );
  return result.rows.map((row) => ({
    id: row.id,
    type: row.type,
    amount: row.amount,
    description: row.description,
    createdAt: row.created_at.toISOString(),
    invoiceId: row.stripe_invoice_id,
    purchaseRef: row.provider_ref,
    withdrawal: row.withdrawable_since
      ? {
          sessionId: row.provider_ref,
          until: new Date(row.withdrawable_since.getTime() + WITHDRAWAL_DAYS * DAY_MS).toISOString(),
        }
      : null,
    ...(row.nota_id && row.nota_state
      ? {
          nota: notaView({
            id: row.nota_id,
            state: row.nota_state,
            pdfUrl: row.pdf_url,
            xmlUrl: row.xml_url,
          }),
        }
      : {}),
    ...(row.receipt_url ? { receiptUrl: row.receipt_url } : {}),
  }));
}

/**
 * A package refund's history row as a person writes it, naming what was refunded: "Reembolso do pacote de 350
 * créditos". Other reversals keep their label (a plan's payment rows may carry a long explanation).
 */
export async function refundDescription(
  pool: pg.Pool,
  purchase: { userId: string; grantRef: string; grantSource: string },
  kind: 'refund' | 'dispute',
  label: string,
): Promise<string> {
  if (kind !== 'refund' || purchase.grantSource !== 'package') return label;
  const found = await pool.query<{ description: string }>(
    `SELECT description FROM transactions
     WHERE user_id = $1 AND provider_ref = $2 AND type = 'payment' AND amount > 0 LIMIT 1`,
    [purchase.userId, purchase.grantRef],
  );
  const what = found.rows[0]?.description;
  if (!what) return label;
  return `${label} do ${what.charAt(0).toLowerCase()}${what.slice(1)}`;
}
