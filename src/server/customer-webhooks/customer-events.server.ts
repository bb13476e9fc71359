import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { balance } from '#server/credits/credits.server';
import { QUEUES, type Queryable, send } from '#server/jobs/jobs.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { CREDITS_LOW_THRESHOLD, type CustomerWebhookEvent } from '#shared/customer-webhooks';

/**
 * What happens to an account that its endpoints may hear of (ADR 0064). An event is recorded, with one delivery
 * per enabled endpoint that asked for its type and one `customer-webhook` job per delivery, in the transaction of
 * whatever made it happen — the request's final status, the hold that spent the credits — so an event exists
 * exactly when its cause committed, and its jobs with it (pg-boss on Cena's own database, ADR 0006).
 */

interface NewEvent {
  userId: string;
  type: CustomerWebhookEvent;
  /** What it is about; one event per type and subject (a request settles once). Null: no such rule. */
  subjectId: string | null;
  /** The payload's `data` when stored now; null for a video's, read when it is sent. */
  data: unknown;
  refundedCredits?: number | null;
}

/** `msg_` and 24 random bytes in base64url: no `.`, which the signed content uses as its delimiter (the spec). */
const newEventId = () => `msg_${randomBytes(24).toString('base64url')}`;

/** Records the event and its deliveries; the number of deliveries (0: nobody listens, or already recorded). */
async function recordEvent(db: Queryable, boss: PgBoss, event: NewEvent): Promise<number> {
  const endpoints = await db.query<{ id: string }>(
    `SELECT id FROM customer_webhook_endpoints WHERE user_id = $1 AND enabled AND $2 = ANY(events)
     ORDER BY created_at, id`,
    [event.userId, event.type],
  );
  if (endpoints.rows.length === 0) return 0;
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO customer_webhook_events (id, user_id, type, subject_id, data, refunded_credits)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (type, subject_id) DO NOTHING RETURNING id`,
    [
      newEventId(),
      event.userId,
      event.type,
      event.subjectId,
      event.data === null ? null : JSON.stringify(event.data),
      event.refundedCredits ?? null,
    ],
  );
  const eventId = inserted.rows[0]?.id;
  if (!eventId) return 0;
  const now = new Date();
  const deliveries = await db.query<{ id: string }>(
    `INSERT INTO customer_webhook_deliveries (endpoint_id, event_id, next_attempt_at)
     SELECT id, $1, $3 FROM unnest($2::uuid[]) AS e(id) RETURNING id`,
    [eventId, endpoints.rows.map((row) => row.id), now],
  );
  const scheduledFor = now.toISOString();
  for (const { id } of deliveries.rows) {
    await send(boss, QUEUES.customerWebhook, { deliveryId: id, scheduledFor }, { db });
  }
  return deliveries.rows.length;
}

/**
 * `video.completed` or `video.failed` of a request that just reached its final status; run inside the transaction
 * that wrote it (generation's final hook). A failed request's refund is its voided hold's credits, voided in that
 * same transaction before this runs.
 */
export async function emitVideoEvent(
  client: pg.PoolClient,
  boss: PgBoss,
  requestId: string,
): Promise<number> {
  const found = await client.query<{ user_id: string; status: string; refunded: number | null }>(
    `SELECT r.user_id, r.status, h.amount AS refunded
     FROM video_requests r LEFT JOIN credit_holds h ON h.id = r.hold_id AND h.status = 'voided'
     WHERE r.id = $1`,
    [requestId],
  );
  const row = found.rows[0];
  if (!row || (row.status !== 'completed' && row.status !== 'failed')) return 0;
  const failed = row.status === 'failed';
  return recordEvent(client, boss, {
    userId: row.user_id,
    type: failed ? 'video.failed' : 'video.completed',
    subjectId: requestId,
    data: null,
    refundedCredits: failed ? (row.refunded ?? 0) : null,
  });
}

/**
 * `credits.low`, once per crossing: inside the transaction that just spent `spent` credits under the account lock
 * (ADR 0002), the balance before was the balance now plus what was spent; the event fires only when that spend took
 * it from at least CREDITS_LOW_THRESHOLD to below it. More spends below the line fire nothing; a purchase (or a
 * refund) back above it and a spend below again is a new crossing.
 */
export async function noteCreditsSpent(
  client: pg.PoolClient,
  boss: PgBoss,
  userId: string,
  spent: number,
): Promise<number> {
  const after = await balance(client, userId);
  if (!(after < CREDITS_LOW_THRESHOLD && after + spent >= CREDITS_LOW_THRESHOLD)) return 0;
  return recordEvent(client, boss, {
    userId,
    type: 'credits.low',
    subjectId: null,
    data: { balance: after, threshold: CREDITS_LOW_THRESHOLD },
  });
}

export interface EmitOptions {
  /** A client inside the caller's transaction: the event commits with it. Else it gets its own. */
  db?: pg.PoolClient;
  /** One event per type and subject (a story's id): a second emit of it records nothing. */
  subjectId?: string;
}

/**
 * Any event with its `data` as given (`story.completed`: the story as its own read shows it). The stories room
 * calls the function this returns when a story completes; the composition root gives it the pool and the queue.
 */
export function customerEventEmitter({ pool, boss }: { pool: pg.Pool; boss: PgBoss }) {
  return function emitCustomerEvent(
    userId: string,
    type: CustomerWebhookEvent,
    data: unknown,
    options: EmitOptions = {},
  ): Promise<number> {
    const event = { userId, type, subjectId: options.subjectId ?? null, data };
    if (options.db) return recordEvent(options.db, boss, event);
    return inTransaction(pool, (client) => recordEvent(client, boss, event));
  };
}
