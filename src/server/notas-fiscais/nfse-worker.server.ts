import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { QUEUES } from '#server/jobs/queues.server';
import type { Logger } from '#server/logger.server';
import type { Mailer } from '#server/mail/mailer.server';
import { mailLanguage, notaIssuedMail } from '#server/mail/templates.server';
import { formatBRL } from '#shared/format';
import { EmitterUnavailableError, type NfseEmitter, type NotaCustomer } from './emitter.server';
import { applyOutcome, NOTA_COLUMNS, type NotaRow } from './notas.server';

/**
 * The `nfse-sweep` job (ADR 0041), scheduled every minute (pg-boss runs a schedule once across the cluster):
 * issues the pending notas, polls those the city is processing, cancels those of refunded purchases and mails the
 * issued ones. A nota is taken to issue with a lease: a worker killed mid-issue leaves it `issuing`, and once the
 * lease has passed the next sweep sends it again under the same reference — the emitter answers the nota it
 * already has (FocusNfeEmitter.issue), so a crash never makes a second one.
 */

const EVERY_MINUTE = '* * * * *';
export const ISSUE_LEASE_MS = 5 * 60_000;
/** The city's processing takes minutes; the emitter's webhook usually answers first. */
const POLL_AFTER_MS = 60_000;
const BATCH = 20;
/** Focus NFe wants 15 to 255 characters (https://focusnfe.com.br/doc/#nfse_cancelamento). */
const CANCEL_REASON = 'Compra reembolsada ao cliente: servico nao prestado';

export interface NfseDeps {
  pool: pg.Pool;
  emitter: NfseEmitter;
  mailer: Mailer;
  logger: Logger;
}

export interface SweepResult {
  issued: number;
  polled: number;
  cancelled: number;
  mailed: number;
}

async function customerOf(pool: pg.Pool, userId: string): Promise<NotaCustomer> {
  const found = await pool.query<{ name: string; email: string; document: string | null }>(
    `SELECT u.name, u.email, d.document FROM "user" u
     LEFT JOIN nfse_customer_documents d ON d.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  const row = found.rows[0];
  // An account deleted since the purchase still gets its nota, without a named tomador.
  return { name: row?.name ?? 'Consumidor', email: row?.email ?? '', document: row?.document ?? undefined };
}

async function claimForIssue(pool: pg.Pool, now: Date): Promise<NotaRow[]> {
  const result = await pool.query<NotaRow>(
    `UPDATE nfse_notas SET state = 'issuing', claimed_at = $1, attempts = attempts + 1, updated_at = $1
     WHERE id IN (SELECT id FROM nfse_notas
                  WHERE state = 'pending' OR (state = 'issuing' AND claimed_at < $2)
                  ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING ${NOTA_COLUMNS}`,
    [now, new Date(now.getTime() - ISSUE_LEASE_MS), BATCH],
  );
  return result.rows;
}

async function issueOne(deps: NfseDeps, nota: NotaRow, now: Date): Promise<boolean> {
  const customer = await customerOf(deps.pool, nota.userId);
  const outcome = await deps.emitter.issue({
    ref: nota.id,
    amountCents: nota.amountCents,
    item: nota.item,
    customer,
    issuedAt: nota.createdAt,
  });
  return applyOutcome(deps.pool, { id: nota.id, state: 'issuing' }, deps.emitter.kind, outcome, now);
}

async function pollProcessing(deps: NfseDeps, now: Date): Promise<number> {
  const due = await deps.pool.query<NotaRow>(
    `SELECT ${NOTA_COLUMNS} FROM nfse_notas WHERE state = 'processing' AND updated_at < $1
     ORDER BY updated_at LIMIT $2`,
    [new Date(now.getTime() - POLL_AFTER_MS), BATCH],
  );
  let moved = 0;
  for (const nota of due.rows) {
    const outcome = await deps.emitter.status(nota.id);
    if (
      outcome.state !== 'processing' &&
      (await applyOutcome(deps.pool, nota, deps.emitter.kind, outcome, now))
    ) {
      moved += 1;
    }
  }
  return moved;
}

/** Refunded purchases: an issued nota is cancelled at the emitter; one never issued is simply closed. */
async function cancelRefunded(deps: NfseDeps, now: Date): Promise<number> {
  await deps.pool.query(
    `UPDATE nfse_notas SET state = 'cancelled', updated_at = $1
     WHERE cancel_requested_at IS NOT NULL AND state IN ('pending', 'failed')`,
    [now],
  );
  const due = await deps.pool.query<NotaRow>(
    `SELECT ${NOTA_COLUMNS} FROM nfse_notas WHERE state = 'issued' AND cancel_requested_at IS NOT NULL LIMIT $1`,
    [BATCH],
  );
  let cancelled = 0;
  for (const nota of due.rows) {
    const answer = await deps.emitter.cancel(nota.id, CANCEL_REASON);
    if (answer.state === 'cancelled') {
      if (await applyOutcome(deps.pool, nota, deps.emitter.kind, { state: 'cancelled' }, now)) cancelled += 1;
      continue;
    }
    // Refused (the city's cancellation period passed): kept issued with the reason, for the admin to settle.
    await deps.pool.query(
      `UPDATE nfse_notas SET error = $2, cancel_requested_at = NULL, updated_at = $3 WHERE id = $1`,
      [nota.id, `Cancelamento recusado: ${answer.error}`, now],
    );
    deps.logger.warn({ notaId: nota.id, error: answer.error }, 'nota cancellation refused by the emitter');
  }
  return cancelled;
}

/** Each issued nota's e-mail, at most once: the row is marked before sending and unmarked if the send fails. */
async function mailIssued(deps: NfseDeps, now: Date): Promise<number> {
  const claimed = await deps.pool.query<NotaRow & { email: string; name: string; language: string | null }>(
    `UPDATE nfse_notas n SET emailed_at = $1
     FROM "user" u
     WHERE n.user_id = u.id AND n.state = 'issued' AND n.emailed_at IS NULL AND n.pdf_url IS NOT NULL
       AND n.id IN (SELECT id FROM nfse_notas WHERE state = 'issued' AND emailed_at IS NULL LIMIT $2
                    FOR UPDATE SKIP LOCKED)
     RETURNING n.id, n.item, n.amount_cents AS "amountCents", n.pdf_url AS "pdfUrl", n.xml_url AS "xmlUrl",
               u.email, u.name, u.language`,
    [now, BATCH],
  );
  let mailed = 0;
  for (const row of claimed.rows) {
    const recipient = { email: row.email, name: row.name, language: mailLanguage(row.language) };
    const nota = {
      item: row.item,
      amount: formatBRL(row.amountCents),
      url: row.pdfUrl ?? '',
      xmlUrl: row.xmlUrl,
    };
    try {
      await deps.mailer.send(notaIssuedMail(recipient, nota));
      mailed += 1;
    } catch (error) {
      await deps.pool.query('UPDATE nfse_notas SET emailed_at = NULL WHERE id = $1', [row.id]);
      deps.logger.warn({ err: error, notaId: row.id }, 'nota e-mail failed; retried at the next sweep');
    }
  }
  return mailed;
}

export async function sweepNotas(deps: NfseDeps, now: Date = new Date()): Promise<SweepResult> {
  let issued = 0;
  for (const nota of await claimForIssue(deps.pool, now)) {
    try {
      if (await issueOne(deps, nota, now)) issued += 1;
    } catch (error) {
      // Unreachable or unexpected: the nota stays `issuing` and is sent again once its lease passes.
      if (!(error instanceof EmitterUnavailableError)) throw error;
      deps.logger.warn({ err: error, notaId: nota.id }, 'nota issue failed; retried after the lease');
    }
  }
  const polled = await pollProcessing(deps, now);
  const cancelled = await cancelRefunded(deps, now);
  const mailed = await mailIssued(deps, now);
  return { issued, polled, cancelled, mailed };
}

export async function registerNfseWorker(boss: PgBoss, deps: NfseDeps): Promise<void> {
  await boss.schedule(QUEUES.nfseSweep, EVERY_MINUTE);
  await boss.work(QUEUES.nfseSweep, async () => {
    const result = await sweepNotas(deps);
    deps.logger.debug(result, 'nfse sweep');
  });
}
