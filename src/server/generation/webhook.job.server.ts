import { createHmac } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '#server/logger.server';
import {
  columnList,
  type VideoRequestKey,
  type VideoRequestRow,
  videoRequests,
} from '#server/video-requests/video-requests.server';

/**
 * The outbound webhook (spec §7): when a request is created, its details are POSTed to VIDEO_WEBHOOK_URL, signed
 * `X-Cena-Signature: sha256=<hex HMAC-SHA256 of the raw body>` with VIDEO_WEBHOOK_SECRET so the receiver can tell
 * it is from us. Sent from the `video-webhook` job (retried with back-off by pg-boss); failures are only logged.
 */

export interface WebhookDeps {
  pool: pg.Pool;
  url: string;
  secret: string;
  logger: Logger;
  /** Signs an image key into a URL the receiver can fetch (long-lived); none when unset. */
  signedImageUrl?: (key: string) => Promise<string>;
  timeoutMs?: number;
}

export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** What the webhook tells of a request: the creation event's fields. */
const WEBHOOK_KEYS = [
  'id',
  'userId',
  'prompt',
  'quality',
  'aspectRatio',
  'creditsUsed',
  'firstFrameKey',
  'seed',
  'createdAt',
] as const satisfies readonly VideoRequestKey[];
type WebhookRow = Pick<VideoRequestRow, (typeof WEBHOOK_KEYS)[number]>;

/** Sends one request's webhook; throws on a non-2xx answer or a network error so the job is retried. */
export async function sendVideoWebhook(deps: WebhookDeps, requestId: string): Promise<'sent' | 'not_found'> {
  const found = await deps.pool.query<WebhookRow>(
    `SELECT ${columnList(videoRequests, WEBHOOK_KEYS)} FROM video_requests WHERE id = $1`,
    [requestId],
  );
  const row = found.rows[0];
  if (!row) return 'not_found';
  const body = JSON.stringify({
    request_id: row.id,
    user_id: row.userId,
    prompt: row.prompt,
    quality: row.quality,
    aspect_ratio: row.aspectRatio,
    credits_used: row.creditsUsed,
    reference_image_url:
      row.firstFrameKey && deps.signedImageUrl ? await deps.signedImageUrl(row.firstFrameKey) : null,
    seed: row.seed,
    timestamp: row.createdAt.toISOString(),
    // The event is the creation, whatever the request's status is by the time a retry gets through.
    status: 'pending',
  });
  const response = await fetch(deps.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Cena-Webhook/1',
      'x-cena-signature': signWebhookBody(body, deps.secret),
    },
    body,
    signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
  });
  // The body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`webhook answered HTTP ${response.status}`);
  return 'sent';
}
