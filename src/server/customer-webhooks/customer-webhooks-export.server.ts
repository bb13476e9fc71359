import { isoJson } from '#server/video-requests/video-requests.server';

/**
 * The account export's lists of webhooks (LGPD art. 18, II; shapes `exportedWebhook*Schema` in
 * src/shared/account-rights.ts): the endpoints — never their secret, a credential and not data about the person —
 * and every delivery with its attempts. The endpoint's URL is the account's own data (it typed it), so it is given.
 */
export function customerWebhookExportLists(userId: string) {
  return [
    {
      name: 'webhookEndpoints',
      sql: `SELECT json_build_object('id', id, 'url', url, 'events', events, 'enabled', enabled,
                  'failureStreak', failure_streak, 'disabledAt', ${isoJson('disabled_at')},
                  'createdAt', ${isoJson('created_at')})::text AS json
         FROM customer_webhook_endpoints WHERE user_id = $1 ORDER BY created_at, id`,
      params: [userId],
    },
    {
      name: 'webhookDeliveries',
      sql: `SELECT json_build_object('endpointId', d.endpoint_id, 'eventId', d.event_id, 'type', ev.type,
                  'status', d.status, 'createdAt', ${isoJson('d.created_at')},
                  'attempts', COALESCE((SELECT json_agg(json_build_object('at', ${isoJson('a.at')},
                      'responseCode', a.response_code, 'durationMs', a.duration_ms, 'ok', a.ok, 'error', a.error)
                    ORDER BY a.at, a.id) FROM customer_webhook_attempts a WHERE a.delivery_id = d.id), '[]'::json))::text
                  AS json
         FROM customer_webhook_deliveries d
         JOIN customer_webhook_endpoints e ON e.id = d.endpoint_id
         JOIN customer_webhook_events ev ON ev.id = d.event_id
         WHERE e.user_id = $1 ORDER BY d.created_at, d.id`,
      params: [userId],
    },
  ];
}
