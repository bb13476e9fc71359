import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { QUEUES, send } from '#server/jobs/jobs.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { isoJson } from '#server/video-requests/video-requests.server';
import {
  type CreateWebhookInput,
  WEBHOOK_LIMITS,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '#shared/customer-webhooks';
import { newWebhookSecret, sealSecret } from './webhook-secret.server';

/** The account's endpoints and their deliveries as `GET /api/me/webhooks` shows them (ADR 0064). */

const ENDPOINT_JSON = `json_build_object('id', e.id, 'url', e.url, 'events', e.events, 'enabled', e.enabled,
  'failureStreak', e.failure_streak, 'disabledAt', ${isoJson('e.disabled_at')},
  'createdAt', ${isoJson('e.created_at')})`;

const ATTEMPTS_JSON = `COALESCE((SELECT json_agg(json_build_object('at', ${isoJson('a.at')},
    'responseCode', a.response_code, 'durationMs', a.duration_ms, 'ok', a.ok, 'error', a.error)
    ORDER BY a.at, a.id) FROM customer_webhook_attempts a WHERE a.delivery_id = d.id), '[]'::json)`;

const DELIVERY_JSON = `json_build_object('id', d.id, 'eventId', d.event_id, 'type', ev.type, 'status', d.status,
  'lastResponseCode', d.last_response_code,
  'nextAttemptAt', CASE WHEN d.status = 'pending' THEN ${isoJson('d.next_attempt_at')} END,
  'createdAt', ${isoJson('d.created_at')}, 'attempts', ${ATTEMPTS_JSON})`;

export async function listEndpoints(pool: pg.Pool, userId: string): Promise<WebhookEndpoint[]> {
  const found = await pool.query<{ endpoint: WebhookEndpoint }>(
    `SELECT (${ENDPOINT_JSON}::jsonb || jsonb_build_object('deliveries', COALESCE((
        SELECT json_agg(recent.delivery ORDER BY recent.created_at DESC, recent.id DESC) FROM (
          SELECT ${DELIVERY_JSON} AS delivery, d.created_at, d.id
          FROM customer_webhook_deliveries d JOIN customer_webhook_events ev ON ev.id = d.event_id
          WHERE d.endpoint_id = e.id ORDER BY d.created_at DESC, d.id DESC LIMIT $2) recent), '[]'::json)))
       AS endpoint
     FROM customer_webhook_endpoints e WHERE e.user_id = $1 ORDER BY e.created_at, e.id`,
    [userId, WEBHOOK_LIMITS.recentDeliveries],
  );
  return found.rows.map((row) => row.endpoint);
}

export type CreatedEndpoint = Omit<WebhookEndpoint, 'deliveries'> & { secret: string };

/** Registers an endpoint with a new secret; 'too_many' at the account's limit (counted under a per-user lock). */
export async function createEndpoint(
  pool: pg.Pool,
  sealingKey: Buffer,
  userId: string,
  input: CreateWebhookInput,
): Promise<CreatedEndpoint | 'too_many'> {
  const secret = newWebhookSecret();
  return inTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('customer-webhooks:' || $1))`, [userId]);
    const count = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM customer_webhook_endpoints WHERE user_id = $1',
      [userId],
    );
    if ((count.rows[0]?.n ?? 0) >= WEBHOOK_LIMITS.endpointsPerUser) return 'too_many';
    const inserted = await client.query<{ endpoint: Omit<WebhookEndpoint, 'deliveries'> }>(
      `INSERT INTO customer_webhook_endpoints AS e (user_id, url, events, sealed_secret)
       VALUES ($1, $2, $3, $4) RETURNING ${ENDPOINT_JSON} AS endpoint`,
      [userId, input.url, input.events, sealSecret(sealingKey, secret)],
    );
    const endpoint = inserted.rows[0]?.endpoint;
    if (!endpoint) throw new Error('endpoint insert returned no row');
    return { ...endpoint, secret };
  });
}

/** False when the endpoint is not this user's (or does not exist). Its deliveries and their log go with it. */
export async function deleteEndpoint(pool: pg.Pool, userId: string, id: string): Promise<boolean> {
  const removed = await pool.query('DELETE FROM customer_webhook_endpoints WHERE id = $1 AND user_id = $2', [
    id,
    userId,
  ]);
  return removed.rowCount === 1;
}

/**
 * 'Reenviar': the delivery goes back in line now with a new schedule, and its endpoint is on again (the user says
 * it works now). Undefined when the delivery is not this user's endpoint's.
 */
export async function resendDelivery(
  pool: pg.Pool,
  boss: PgBoss,
  ids: { userId: string; endpointId: string; deliveryId: string },
  now: Date = new Date(),
): Promise<WebhookDelivery | undefined> {
  return inTransaction(pool, async (client) => {
    const reset = await client.query(
      `UPDATE customer_webhook_deliveries d
       SET status = 'pending', schedule_started_at = $4, scheduled_attempts = 0, next_attempt_at = $4
       FROM customer_webhook_endpoints e
       WHERE d.id = $3 AND d.endpoint_id = $2 AND e.id = d.endpoint_id AND e.user_id = $1`,
      [ids.userId, ids.endpointId, ids.deliveryId, now],
    );
    if (reset.rowCount !== 1) return undefined;
    await client.query(
      `UPDATE customer_webhook_endpoints SET enabled = true, disabled_at = NULL, failure_streak = 0
       WHERE id = $1 AND NOT enabled`,
      [ids.endpointId],
    );
    const job = { deliveryId: ids.deliveryId, scheduledFor: now.toISOString() };
    await send(boss, QUEUES.customerWebhook, job, { db: client });
    const found = await client.query<{ delivery: WebhookDelivery }>(
      `SELECT ${DELIVERY_JSON} AS delivery FROM customer_webhook_deliveries d
       JOIN customer_webhook_events ev ON ev.id = d.event_id WHERE d.id = $1`,
      [ids.deliveryId],
    );
    return found.rows[0]?.delivery;
  });
}
