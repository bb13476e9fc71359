import type pg from 'pg';
import {
  type AdminPlatform,
  PLATFORM_LATEST_FAILURES,
  PLATFORM_WINDOW_HOURS,
  type WebhookFailure,
} from '#shared/admin-platform';
import type { CustomerWebhookEvent } from '#shared/customer-webhooks';

/**
 * The customers' webhooks over the last 24 hours, for the admin panel (ADR 0064), from the delivery log every
 * process writes: deliveries by state (a range on `customer_webhook_deliveries_created_idx`), the endpoints
 * disabled now (one small row per endpoint, at most 10 per account), and the latest failed attempts (the attempts'
 * `at` index read backwards).
 */

interface FailureRow {
  url: string;
  type: CustomerWebhookEvent;
  response_code: number | null;
  at: Date;
}

/** The host only: a URL's path and query may carry the customer's own tokens. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '?';
  }
}

export async function webhookHealthLastDay(pool: pg.Pool): Promise<AdminPlatform['webhooks']> {
  const [counts, failures] = await Promise.all([
    pool.query<{ delivered: number; retrying: number; failed: number; disabled: number }>(
      `SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
         count(*) FILTER (WHERE status = 'pending' AND scheduled_attempts > 0)::int AS retrying,
         count(*) FILTER (WHERE status = 'failed')::int AS failed,
         (SELECT count(*) FROM customer_webhook_endpoints WHERE NOT enabled)::int AS disabled
       FROM customer_webhook_deliveries WHERE created_at > now() - make_interval(hours => $1)`,
      [PLATFORM_WINDOW_HOURS],
    ),
    pool.query<FailureRow>(
      `SELECT e.url, ev.type, a.response_code, a.at
       FROM customer_webhook_attempts a
       JOIN customer_webhook_deliveries d ON d.id = a.delivery_id
       JOIN customer_webhook_endpoints e ON e.id = d.endpoint_id
       JOIN customer_webhook_events ev ON ev.id = d.event_id
       WHERE NOT a.ok AND a.at > now() - make_interval(hours => $1)
       ORDER BY a.at DESC LIMIT $2`,
      [PLATFORM_WINDOW_HOURS, PLATFORM_LATEST_FAILURES],
    ),
  ]);
  const row = counts.rows[0];
  return {
    delivered: row?.delivered ?? 0,
    retrying: row?.retrying ?? 0,
    failed: row?.failed ?? 0,
    endpointsDisabled: row?.disabled ?? 0,
    latestFailures: failures.rows.map(
      (failure): WebhookFailure => ({
        host: hostOf(failure.url),
        event: failure.type,
        responseCode: failure.response_code,
        at: failure.at.toISOString(),
      }),
    ),
  };
}
