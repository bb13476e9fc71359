import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { QUEUES, send } from '#server/jobs/jobs.server';
import { inTransaction } from '#server/kernel/transaction.server';
import type { Logger } from '#server/logger.server';
import { type Mailer, mailLanguage, webhookDisabledMail } from '#server/mail/mail.server';
import { OutboundRefused, outboundRequest } from '#server/outbound/outbound.server';
import { nextAttemptAt, RETRY_OFFSETS_MS } from './retry-schedule.server';
import { EVENT_COLUMNS, payloadOf, type StoredEvent, type VideoViewer } from './webhook-payload.server';
import { openSecret, signedHeaders } from './webhook-secret.server';
import { type TargetRules, webhookTargetPolicy } from './webhook-target.server';

/**
 * The `customer-webhook` job: one attempt to deliver one event to one endpoint (ADR 0064). At least once: the
 * delivery row is locked for the attempt, and the attempt's log row, the delivery's new state and the job of the
 * next attempt (pg-boss `startAfter`, the retry schedule) commit together; a process killed mid-attempt rolls all
 * of it back and pg-boss runs the job again once it expires, on this process or another, after a restart too.
 */

export interface DeliveryDeps {
  pool: pg.Pool;
  boss: PgBoss;
  logger: Logger;
  mailer: Mailer;
  appUrl: string;
  /** Opens the endpoints' secrets (webhook-secret.server.ts). */
  sealingKey: Buffer;
  target: TargetRules;
  viewVideo: VideoViewer;
  /** The clock the schedule runs on; a test compresses a day into a few calls. */
  now?: () => Date;
  random?: () => number;
  timeoutMs?: number;
}

export type DeliveryOutcome =
  | 'delivered'
  | 'retrying'
  | 'failed'
  | 'endpoint_gone'
  | 'subject_gone'
  | 'endpoint_disabled'
  | 'not_due'
  | 'settled'
  | 'busy';

/** Standard Webhooks recommends "somewhere between 15 and 30s" for the receiver to answer. */
const DELIVERY_TIMEOUT_MS = 15_000;

interface DeliveryRow {
  id: string;
  status: string;
  scheduleStartedAt: Date;
  scheduledAttempts: number;
  nextAttemptAt: Date | null;
  endpointId: string;
  url: string;
  sealedSecret: string;
  enabled: boolean;
  event: StoredEvent;
}

async function lockedDelivery(client: pg.PoolClient, deliveryId: string): Promise<DeliveryRow | undefined> {
  // SKIP LOCKED: a resend's job and a scheduled one never make the same attempt twice at once.
  const found = await client.query<Omit<DeliveryRow, 'event'> & StoredEvent & { eventId: string }>(
    `SELECT d.id, d.status, d.schedule_started_at AS "scheduleStartedAt",
            d.scheduled_attempts AS "scheduledAttempts", d.next_attempt_at AS "nextAttemptAt",
            e.id AS "endpointId", e.url, e.sealed_secret AS "sealedSecret", e.enabled,
            ${EVENT_COLUMNS.replace('ev.id,', 'ev.id AS "eventId",')}
     FROM customer_webhook_deliveries d
     JOIN customer_webhook_endpoints e ON e.id = d.endpoint_id
     JOIN customer_webhook_events ev ON ev.id = d.event_id
     WHERE d.id = $1 FOR UPDATE OF d SKIP LOCKED`,
    [deliveryId],
  );
  const row = found.rows[0];
  if (!row) return undefined;
  const { eventId, userId, type, subjectId, data, refundedCredits, createdAt, ...delivery } = row;
  return {
    ...delivery,
    event: { id: eventId, userId, type, subjectId, data, refundedCredits, createdAt },
  };
}

interface AttemptResult {
  at: Date;
  responseCode: number | null;
  durationMs: number;
  error: 'timeout' | 'network' | 'refused' | 'redirect' | null;
}

function errorOf(error: unknown): AttemptResult['error'] {
  if (error instanceof OutboundRefused) return error.reason === 'redirect' ? 'redirect' : 'refused';
  const name = (error as { name?: string }).name;
  return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network';
}

/** POSTs the signed body through the outbound guard (ADR 0048), the target's rules checked again now. */
async function post(deps: DeliveryDeps, row: DeliveryRow, body: string, at: Date): Promise<AttemptResult> {
  const secret = openSecret(deps.sealingKey, row.sealedSecret);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Cena-Webhooks/1.0',
    ...signedHeaders(secret, row.event.id, at, body),
  };
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const responseCode = await outboundRequest(
      row.url,
      { method: 'POST', headers, body: Buffer.from(body), timeoutMs: deps.timeoutMs ?? DELIVERY_TIMEOUT_MS },
      webhookTargetPolicy(row.url, deps.target),
    );
    return { at, responseCode, durationMs: durationMs(), error: null };
  } catch (error) {
    return { at, responseCode: null, durationMs: durationMs(), error: errorOf(error) };
  }
}

/** Turns the endpoint off and tells its owner, once: only the update that turns it off sends the e-mail. */
async function disableEndpoint(
  client: pg.PoolClient,
  deps: DeliveryDeps,
  row: DeliveryRow,
  gone: boolean,
): Promise<void> {
  const turnedOff = await client.query<{ email: string; name: string; language: string }>(
    `UPDATE customer_webhook_endpoints e SET enabled = false, disabled_at = $2
     FROM "user" u WHERE e.id = $1 AND e.enabled AND u.id = e.user_id
     RETURNING u.email, u.name, u.language`,
    [row.endpointId, deps.now?.() ?? new Date()],
  );
  const owner = turnedOff.rows[0];
  if (!owner) return;
  const recipient = { email: owner.email, name: owner.name, language: mailLanguage(owner.language) };
  await deps.mailer.send(
    webhookDisabledMail(recipient, { url: row.url, gone, settingsUrl: `${deps.appUrl}/dashboard/profile` }),
  );
  deps.logger.warn({ endpointId: row.endpointId, gone }, 'customer webhook endpoint disabled');
}

async function setDelivery(
  client: pg.PoolClient,
  row: DeliveryRow,
  change: {
    status: 'pending' | 'delivered' | 'failed';
    made: number;
    next: Date | null;
    code: number | null;
  },
): Promise<void> {
  await client.query(
    `UPDATE customer_webhook_deliveries
     SET status = $2, scheduled_attempts = $3, next_attempt_at = $4, last_response_code = $5 WHERE id = $1`,
    [row.id, change.status, change.made, change.next, change.code],
  );
}

/** Logs the attempt and moves the delivery on: delivered, tried again later, or given up. */
async function settleAttempt(
  client: pg.PoolClient,
  deps: DeliveryDeps,
  row: DeliveryRow,
  result: AttemptResult,
): Promise<DeliveryOutcome> {
  const code = result.responseCode;
  const ok = code !== null && code >= 200 && code < 300;
  await client.query(
    `INSERT INTO customer_webhook_attempts (delivery_id, at, response_code, duration_ms, ok, error)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [row.id, result.at, code, result.durationMs, ok, result.error],
  );
  const made = row.scheduledAttempts + 1;
  if (ok) {
    await setDelivery(client, row, { status: 'delivered', made, next: null, code });
    await client.query('UPDATE customer_webhook_endpoints SET failure_streak = 0 WHERE id = $1', [
      row.endpointId,
    ]);
    return 'delivered';
  }
  const streak = await client.query<{ failure_streak: number }>(
    'UPDATE customer_webhook_endpoints SET failure_streak = failure_streak + 1 WHERE id = $1 RETURNING failure_streak',
    [row.endpointId],
  );
  // 410 Gone: "Sender should disable the webhook endpoint, and stop sending it messages" (Standard Webhooks).
  if (code === 410) {
    await setDelivery(client, row, { status: 'failed', made, next: null, code });
    await disableEndpoint(client, deps, row, true);
    return 'endpoint_gone';
  }
  const next = nextAttemptAt(row.scheduleStartedAt, made, deps.random);
  if (next) {
    await setDelivery(client, row, { status: 'pending', made, next, code });
    const job = { deliveryId: row.id, scheduledFor: next.toISOString() };
    await send(deps.boss, QUEUES.customerWebhook, job, { db: client, startAfter: next });
    return 'retrying';
  }
  await setDelivery(client, row, { status: 'failed', made, next: null, code });
  // Kept failing: this delivery spent its 24 hours and nothing reached the endpoint meanwhile (a success would
  // have reset the streak below the schedule's length).
  if ((streak.rows[0]?.failure_streak ?? 0) >= RETRY_OFFSETS_MS.length) {
    await disableEndpoint(client, deps, row, false);
  }
  return 'failed';
}

/**
 * Whether this attempt is the one the row waits for. A job names the time it was scheduled for, and only the job
 * of the time the row holds makes the attempt — an older job of a delivery rescheduled since (a resend) does
 * nothing — whatever the clocks of the database (pg-boss's `startAfter`) and of this process say. Without a job (a
 * test's compressed clock) the attempt is due at that time.
 */
function isDue(row: DeliveryRow, now: Date, scheduledFor: string | undefined): boolean {
  if (!row.nextAttemptAt) return true;
  if (scheduledFor !== undefined) return row.nextAttemptAt.toISOString() === scheduledFor;
  return row.nextAttemptAt.getTime() <= now.getTime();
}

export async function attemptDelivery(
  deps: DeliveryDeps,
  deliveryId: string,
  scheduledFor?: string,
): Promise<DeliveryOutcome> {
  return inTransaction(deps.pool, async (client) => {
    const row = await lockedDelivery(client, deliveryId);
    if (!row) return 'busy';
    if (row.status !== 'pending') return 'settled';
    const now = deps.now?.() ?? new Date();
    if (!isDue(row, now, scheduledFor)) return 'not_due';
    if (!row.enabled) {
      await setDelivery(client, row, {
        status: 'failed',
        made: row.scheduledAttempts,
        next: null,
        code: null,
      });
      return 'endpoint_disabled';
    }
    const body = await payloadOf(row.event, deps.viewVideo);
    if (body === undefined) {
      await setDelivery(client, row, {
        status: 'failed',
        made: row.scheduledAttempts,
        next: null,
        code: null,
      });
      return 'subject_gone';
    }
    if (row.scheduledAttempts === 0) {
      // The schedule counts from the first attempt (a resend resets it to the resend's time).
      await client.query('UPDATE customer_webhook_deliveries SET schedule_started_at = $2 WHERE id = $1', [
        row.id,
        now,
      ]);
      row.scheduleStartedAt = now;
    }
    return settleAttempt(client, deps, row, await post(deps, row, body, now));
  });
}

/**
 * pg-boss's own retries are for a worker that died or a database that failed mid-attempt (the receiver's failures
 * are the schedule's): a minute apart, and the job expires after the HTTP timeout with room to spare.
 */
const CUSTOMER_WEBHOOK_QUEUE_OPTIONS = {
  retryLimit: 10,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 60,
};

export async function registerCustomerWebhookWorker(deps: DeliveryDeps): Promise<void> {
  await deps.boss.updateQueue(QUEUES.customerWebhook, CUSTOMER_WEBHOOK_QUEUE_OPTIONS);
  await deps.boss.work<{ deliveryId: string; scheduledFor: string }>(
    QUEUES.customerWebhook,
    { localConcurrency: 4 },
    async ([job]) => {
      if (!job) return;
      const outcome = await attemptDelivery(deps, job.data.deliveryId, job.data.scheduledFor);
      if (outcome === 'busy') {
        // Locked by another attempt now, or deleted: a locked one is retried, so nothing is lost either way.
        const exists = await deps.pool.query('SELECT 1 FROM customer_webhook_deliveries WHERE id = $1', [
          job.data.deliveryId,
        ]);
        if (exists.rowCount) throw new Error('delivery busy: retried');
      }
    },
  );
}
