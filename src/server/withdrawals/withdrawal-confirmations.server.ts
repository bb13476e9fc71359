import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { QUEUES, type Queryable } from '#server/jobs/jobs.server';
import type { Logger } from '#server/logger.server';
import { type Mailer, mailLanguage, withdrawalConfirmationMail } from '#server/mail/mail.server';
import { formatBRL, formatDateTime } from '#shared/format';

/**
 * The confirmation of a withdrawal that Decreto 7.962/2013 art. 5 §4 asks the seller to send at once: one e-mail
 * per withdrawal, with the amount, where the money goes back and when, and the nota fiscal's cancellation. The
 * withdrawal records it (`recordWithdrawalConfirmation`, keyed by its claim reference) when the provider accepts
 * the refund, before the history rows: a retried refund, a double click or the withdrawal sweep settle the same
 * claim and find the row there. The withdrawal's answer mails it at once; the scheduled sweep mails what a failed
 * send or a sweep-settled claim left. Marked before sending and unmarked on failure, as receipts are.
 */

const EVERY_MINUTE = '* * * * *';
const BATCH = 20;

export interface AcceptedWithdrawal {
  claimRef: string;
  userId: string;
  paymentRef: string;
  amountCents: number;
  /** A boleto's refund, a Pix transfer Cena makes (ADR 0053). */
  payout: boolean;
}

/** Records a withdrawal's confirmation once, whatever the number of calls for its claim. */
export async function recordWithdrawalConfirmation(
  db: Queryable,
  withdrawal: AcceptedWithdrawal,
  now: Date = new Date(),
): Promise<void> {
  await db.query(
    // How the package was paid, as its grant recorded it (fulfilment.server.ts): where the money goes back.
    `INSERT INTO withdrawal_confirmations
       (claim_ref, user_id, payment_ref, amount_cents, payment_method, payout, withdrawn_at)
     VALUES ($1, $2, $3, $4,
             (SELECT metadata->>'paymentMethod' FROM credit_grants
              WHERE user_id = $2 AND source = 'package' AND source_ref = $3 LIMIT 1),
             $5, $6)
     ON CONFLICT (claim_ref) DO NOTHING`,
    [
      withdrawal.claimRef,
      withdrawal.userId,
      withdrawal.paymentRef,
      withdrawal.amountCents,
      withdrawal.payout,
      now,
    ],
  );
}

export interface WithdrawalMailDeps {
  pool: pg.Pool;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
}

interface ClaimedConfirmation {
  claimRef: string;
  amountCents: number;
  paymentMethod: string | null;
  payout: boolean;
  withdrawnAt: Date;
  item: string | null;
  notaNumber: string | null;
  email: string;
  name: string;
  language: string | null;
}

/**
 * Mails each unmailed confirmation (only `userId`'s when given: the withdrawal's own answer), at most once;
 * returns how many went out.
 */
export async function mailWithdrawalConfirmations(
  deps: WithdrawalMailDeps,
  options: { userId?: string; now?: Date } = {},
): Promise<number> {
  const { userId = null, now = new Date() } = options;
  const claimed = await deps.pool.query<ClaimedConfirmation>(
    `UPDATE withdrawal_confirmations w SET emailed_at = $1
     FROM "user" u
     WHERE w.user_id = u.id AND w.emailed_at IS NULL
       AND w.claim_ref IN (SELECT claim_ref FROM withdrawal_confirmations
                           WHERE emailed_at IS NULL AND ($3::text IS NULL OR user_id = $3)
                           LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING w.claim_ref AS "claimRef", w.amount_cents AS "amountCents", w.payment_method AS "paymentMethod",
               w.payout, w.withdrawn_at AS "withdrawnAt", u.email, u.name, u.language,
               (SELECT t.description FROM transactions t
                WHERE t.provider_ref = w.payment_ref AND t.type = 'payment' AND t.amount > 0 LIMIT 1) AS item,
               (SELECT n.number FROM nfse_notas n WHERE n.payment_ref = w.payment_ref) AS "notaNumber"`,
    [now, BATCH, userId],
  );
  let mailed = 0;
  for (const row of claimed.rows) {
    const recipient = { email: row.email, name: row.name, language: mailLanguage(row.language) };
    const confirmation = {
      item: row.item,
      amount: formatBRL(row.amountCents),
      date: formatDateTime(row.withdrawnAt),
      way: row.payout ? ('payout' as const) : methodOf(row.paymentMethod),
      notaNumber: row.notaNumber,
      historyUrl: `${deps.appUrl}/dashboard/profile`,
    };
    try {
      await deps.mailer.send(withdrawalConfirmationMail(recipient, confirmation));
      mailed += 1;
    } catch (error) {
      await deps.pool.query('UPDATE withdrawal_confirmations SET emailed_at = NULL WHERE claim_ref = $1', [
        row.claimRef,
      ]);
      deps.logger.warn(
        { err: error, claim: row.claimRef },
        'withdrawal confirmation e-mail failed; retried next sweep',
      );
    }
  }
  return mailed;
}

const methodOf = (method: string | null): 'card' | 'pix' | 'other' =>
  method === 'card' || method === 'pix' ? method : 'other';

export async function registerWithdrawalConfirmationWorker(
  boss: PgBoss,
  deps: WithdrawalMailDeps,
): Promise<void> {
  await boss.schedule(QUEUES.withdrawalConfirmationSweep, EVERY_MINUTE);
  await boss.work(QUEUES.withdrawalConfirmationSweep, async () => {
    const mailed = await mailWithdrawalConfirmations(deps);
    deps.logger.debug({ mailed }, 'withdrawal confirmation sweep');
  });
}
