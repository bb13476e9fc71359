import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { QUEUES, type Queryable } from '#server/jobs/jobs.server';
import type { Logger } from '#server/logger.server';
import { type Mailer, mailLanguage, receiptMail } from '#server/mail/mail.server';
import { formatBRL, formatDateTime } from '#shared/format';

/**
 * A receipt e-mail once per payment. Fulfilment records the receipt in its own steps (`requestReceipt`, keyed by
 * the payment's provider id); the `receipt-sweep` job, scheduled every minute (pg-boss runs a schedule once across
 * the cluster), mails the unmailed ones. The row is marked before sending and unmarked if the send fails, the way
 * the notas are mailed (nfse-worker.server.ts): a replayed webhook or a retried job never sends a second one, and a
 * mail failure never undoes a fulfilment.
 */

const EVERY_MINUTE = '* * * * *';
const BATCH = 20;

export interface ReceiptPayment {
  userId: string;
  /** The payment's provider id (Checkout session or invoice). */
  paymentRef: string;
  amountCents: number;
  item: string;
  /** Stripe's charge `receipt_url` when there is one (docs.stripe.com/api/charges/object). */
  receiptUrl?: string | null;
}

/** A paid purchase's receipt, recorded once whatever the number of calls; free payments have none. */
export async function requestReceipt(
  db: Queryable,
  payment: ReceiptPayment,
  now: Date = new Date(),
): Promise<void> {
  if (payment.amountCents <= 0) return;
  // A later call may know the charge's receipt link when an earlier one (say, a crash before it) did not.
  await db.query(
    `INSERT INTO receipts_sent (payment_ref, user_id, amount_cents, item, receipt_url, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (payment_ref) DO UPDATE SET receipt_url = COALESCE(receipts_sent.receipt_url, EXCLUDED.receipt_url)`,
    [payment.paymentRef, payment.userId, payment.amountCents, payment.item, payment.receiptUrl ?? null, now],
  );
}

export interface ReceiptDeps {
  pool: pg.Pool;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
}

interface ClaimedReceipt {
  paymentRef: string;
  amountCents: number;
  item: string;
  receiptUrl: string | null;
  paidAt: Date;
  email: string;
  name: string;
  language: string | null;
}

/** Mails each unmailed receipt, at most once; returns how many went out. */
export async function sweepReceipts(deps: ReceiptDeps, now: Date = new Date()): Promise<number> {
  const claimed = await deps.pool.query<ClaimedReceipt>(
    `UPDATE receipts_sent r SET emailed_at = $1
     FROM "user" u
     WHERE r.user_id = u.id AND r.emailed_at IS NULL
       AND r.payment_ref IN (SELECT payment_ref FROM receipts_sent WHERE emailed_at IS NULL LIMIT $2
                             FOR UPDATE SKIP LOCKED)
     RETURNING r.payment_ref AS "paymentRef", r.amount_cents AS "amountCents", r.item,
               r.receipt_url AS "receiptUrl", r.paid_at AS "paidAt", u.email, u.name, u.language`,
    [now, BATCH],
  );
  let mailed = 0;
  for (const row of claimed.rows) {
    const recipient = { email: row.email, name: row.name, language: mailLanguage(row.language) };
    const receipt = {
      item: row.item,
      amount: formatBRL(row.amountCents),
      date: formatDateTime(row.paidAt),
      receiptUrl: row.receiptUrl,
      historyUrl: `${deps.appUrl}/dashboard/profile`,
    };
    try {
      await deps.mailer.send(receiptMail(recipient, receipt));
      mailed += 1;
    } catch (error) {
      await deps.pool.query('UPDATE receipts_sent SET emailed_at = NULL WHERE payment_ref = $1', [
        row.paymentRef,
      ]);
      deps.logger.warn(
        { err: error, paymentRef: row.paymentRef },
        'receipt e-mail failed; retried next sweep',
      );
    }
  }
  return mailed;
}

export async function registerReceiptWorker(boss: PgBoss, deps: ReceiptDeps): Promise<void> {
  await boss.schedule(QUEUES.receiptSweep, EVERY_MINUTE);
  await boss.work(QUEUES.receiptSweep, async () => {
    const mailed = await sweepReceipts(deps);
    deps.logger.debug({ mailed }, 'receipt sweep');
  });
}
