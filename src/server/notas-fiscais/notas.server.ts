import type { Queryable } from '#server/jobs/queues.server';
import { type NotaState, type NotaViewState, notaViewState } from '#shared/nota';
import type { EmitterOutcome } from './emitter.server';

/**
 * The notas' rows (ADR 0041): requested by fulfilment, moved by the worker, the emitter's webhook and the admin.
 * Each move is a compare-and-set on the state it expects, so two workers, a webhook and a poll racing on one nota
 * apply each outcome once.
 */

export interface NotaRow {
  id: string;
  userId: string;
  paymentRef: string;
  amountCents: number;
  item: string;
  state: NotaState;
  emitter: string | null;
  number: string | null;
  pdfUrl: string | null;
  xmlUrl: string | null;
  error: string | null;
  attempts: number;
  cancelRequestedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const NOTA_COLUMNS = `id, user_id AS "userId", payment_ref AS "paymentRef", amount_cents AS "amountCents",
  item, state, emitter, number, pdf_url AS "pdfUrl", xml_url AS "xmlUrl", error, attempts,
  cancel_requested_at AS "cancelRequestedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

export interface NotaPayment {
  userId: string;
  /** The purchase's provider id (Checkout session or invoice). */
  paymentRef: string;
  amountCents: number;
  item: string;
}

/**
 * A paid purchase asks for its nota: once per payment whatever the number of calls (a replayed webhook, verify,
 * reconcile). Free payments (a zero-amount invoice) have no nota.
 */
export async function requestNota(
  db: Queryable,
  payment: NotaPayment,
  now: Date = new Date(),
): Promise<void> {
  if (payment.amountCents <= 0) return;
  await db.query(
    `INSERT INTO nfse_notas (user_id, payment_ref, amount_cents, item, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (payment_ref) DO NOTHING`,
    [payment.userId, payment.paymentRef, payment.amountCents, payment.item, now],
  );
}

/** A refunded purchase: its nota is cancelled at the emitter once it is issued (the worker does it). */
export async function requestNotaCancel(
  db: Queryable,
  paymentRef: string,
  now: Date = new Date(),
): Promise<void> {
  await db.query(
    `UPDATE nfse_notas SET cancel_requested_at = $2, updated_at = $2
     WHERE payment_ref = $1 AND cancel_requested_at IS NULL AND state <> 'cancelled'`,
    [paymentRef, now],
  );
}

/** Records an emitter's answer about a nota, unless it already left the state the caller saw. */
export async function applyOutcome(
  db: Queryable,
  nota: Pick<NotaRow, 'id' | 'state'>,
  emitter: string,
  outcome: EmitterOutcome,
  now: Date = new Date(),
): Promise<boolean> {
  if (outcome.state === 'not_found') return false;
  const issued = outcome.state === 'issued' ? outcome : undefined;
  const result = await db.query(
    `UPDATE nfse_notas SET state = $3, emitter = $4, number = COALESCE($5, number), pdf_url = COALESCE($6, pdf_url),
       xml_url = COALESCE($7, xml_url), error = $8, claimed_at = NULL, updated_at = $9
     WHERE id = $1 AND state = $2`,
    [
      nota.id,
      nota.state,
      outcome.state,
      emitter,
      issued?.number ?? null,
      issued?.pdfUrl ?? null,
      issued?.xmlUrl ?? null,
      outcome.state === 'failed' ? outcome.error : null,
      now,
    ],
  );
  return (result.rowCount ?? 0) > 0;
}

/** The admin's retry of a failed nota: back in line for the next sweep, under the same reference. */
export async function retryNota(db: Queryable, id: string, now: Date = new Date()): Promise<boolean> {
  const result = await db.query(
    `UPDATE nfse_notas SET state = 'pending', error = NULL, claimed_at = NULL, updated_at = $2
     WHERE id = $1 AND state = 'failed'`,
    [id, now],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function findNota(db: Queryable, id: string): Promise<NotaRow | undefined> {
  const result = await db.query<NotaRow>(`SELECT ${NOTA_COLUMNS} FROM nfse_notas WHERE id = $1`, [id]);
  return result.rows[0];
}

/** The view a transaction carries: its nota's state and, once issued, the link to it. */
export interface NotaView {
  id: string;
  state: NotaViewState;
  url: string | null;
  xmlUrl: string | null;
}

export function notaView(row: Pick<NotaRow, 'id' | 'state' | 'pdfUrl' | 'xmlUrl'>): NotaView {
  const shown = row.state === 'issued' || row.state === 'cancelled';
  return {
    id: row.id,
    state: notaViewState(row.state),
    url: shown ? row.pdfUrl : null,
    xmlUrl: shown ? row.xmlUrl : null,
  };
}

/** The notas of these payments, by payment ref (the history's payments). */
export async function notasOfPayments(db: Queryable, refs: string[]): Promise<Map<string, NotaView>> {
  if (refs.length === 0) return new Map();
  const result = await db.query<NotaRow>(
    `SELECT ${NOTA_COLUMNS} FROM nfse_notas WHERE payment_ref = ANY($1)`,
    [refs],
  );
  return new Map(result.rows.map((row) => [row.paymentRef, notaView(row)]));
}

/** A nota as the admin panel lists it: with its buyer's e-mail (null once the account is deleted). */
export type AdminNotaRow = NotaRow & { customerEmail: string | null };

/** The admin panel's list: one state's notas, newest first. */
export async function listNotas(db: Queryable, state: NotaViewState, limit = 100): Promise<AdminNotaRow[]> {
  const states = state === 'pending' ? ['pending', 'issuing', 'processing'] : [state];
  const result = await db.query<AdminNotaRow>(
    `SELECT ${NOTA_COLUMNS}, (SELECT u.email FROM "user" u WHERE u.id = nfse_notas.user_id) AS "customerEmail"
     FROM nfse_notas WHERE state = ANY($1) ORDER BY updated_at DESC LIMIT $2`,
    [states, limit],
  );
  return result.rows;
}

/** Remembers the CPF or CNPJ a buyer gave at checkout, for the notas of their purchases. */
export async function saveCustomerDocument(db: Queryable, userId: string, document: string): Promise<void> {
  await db.query(
    `INSERT INTO nfse_customer_documents (user_id, document) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET document = EXCLUDED.document, updated_at = now()`,
    [userId, document],
  );
}
