import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import webPush from 'web-push';
import { QUEUES, send } from '#server/jobs/queues.server';
import type { Logger } from '#server/logger.server';
import {
  type OutboundPolicy,
  OutboundRefused,
  outboundRequest,
} from '#server/outbound/outbound-request.server';
import { pushMessageFor } from './push-message.server';
import { forgetSubscription, subscriptionById, subscriptionIdsOf } from './push-subscriptions.server';
import type { VapidIdentity } from './vapid-keys.server';

/**
 * Web Push, the second channel of the one-notice-per-submit decision (ADR 0028, ADR 0038): the `video-notify` job,
 * once a submit settled, calls `enqueueSubmitPush` in a transaction that records it (`notifications_sent`, kind
 * `push`, keyed as the e-mail) and enqueues one `video-push` job per subscription of the owner. Each job retries on
 * its own, so a device that failed never makes another get the notification twice; a push service answering 404
 * or 410 (RFC 8030 §7.3: the subscription expired or was removed) deletes the subscription instead.
 */

/** Records the submit's push and enqueues one job per device; nothing when it was already done or no device is subscribed. */
export async function enqueueSubmitPush(
  client: pg.PoolClient,
  boss: PgBoss,
  { userId, requestId }: { userId: string; requestId: string },
): Promise<number> {
  const subscriptions = await subscriptionIdsOf(client, userId);
  if (subscriptions.length === 0) return 0;
  const recorded = await client.query(
    `INSERT INTO notifications_sent (request_id, kind) VALUES ($1, 'push') ON CONFLICT DO NOTHING`,
    [requestId],
  );
  if (recorded.rowCount !== 1) return 0;
  for (const subscriptionId of subscriptions) {
    await send(boss, QUEUES.videoPush, { requestId, subscriptionId }, { db: client });
  }
  return subscriptions.length;
}

export interface PushDeps {
  pool: pg.Pool;
  vapid: VapidIdentity;
  appUrl: string;
  logger: Logger;
  /** Where an endpoint may point (push-endpoint.server.ts), checked again here: rows may predate the rules. */
  outbound: OutboundPolicy;
}

export type PushOutcome = 'sent' | 'unsubscribed' | 'gone' | 'not_found' | 'refused' | 'rejected';

/**
 * RFC 8030 §5.2: how long the push service keeps an undelivered message. A day: a phone off overnight still hears
 * of its video, and later than that the notice is history.
 */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Encrypts (RFC 8291) and signs (RFC 8292) with web-push; the POST goes through the outbound guard (ADR 0048),
 * which pins the checked addresses and follows no redirect — web-push's own sendNotification would resolve the
 * name again when it connects.
 */
async function post(
  deps: PushDeps,
  subscription: { endpoint: string; p256dh: string; auth: string },
  body: string,
  topic: string,
): Promise<number> {
  const { publicKey, privateKey, subject } = deps.vapid;
  const details = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    body,
    // Topic (RFC 8030 §5.4): a retry that reaches a device whose copy is still queued replaces it, not adds one.
    { vapidDetails: { subject, publicKey, privateKey }, TTL: TTL_SECONDS, urgency: 'normal', topic },
  );
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
  );
  return outboundRequest(
    details.endpoint,
    {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      timeoutMs: SEND_TIMEOUT_MS,
    },
    deps.outbound,
  );
}

/**
 * What the push service's answer means for the job. 404 or 410 (RFC 8030 §7.3): the subscription is gone. 429 and
 * 5xx are worth a retry (RFC 8030 §8.4); another 4xx (a malformed or unauthorised message, RFC 8030 §5, RFC 8292
 * §4.2) would be refused again the same way, so it is logged, not retried.
 */
async function settle(deps: PushDeps, subscriptionId: string, status: number): Promise<PushOutcome> {
  if (status === 404 || status === 410) {
    await forgetSubscription(deps.pool, subscriptionId);
    deps.logger.info({ subscriptionId, status }, 'push subscription gone: deleted');
    return 'gone';
  }
  if (status === 429 || status >= 500) throw new Error(`push service answered ${status}`);
  if (status >= 400) {
    deps.logger.warn({ subscriptionId, status }, 'push service refused the message: not retried');
    return 'rejected';
  }
  return 'sent';
}

export async function deliverPush(
  deps: PushDeps,
  { requestId, subscriptionId }: { requestId: string; subscriptionId: string },
): Promise<PushOutcome> {
  const subscription = await subscriptionById(deps.pool, subscriptionId);
  if (!subscription) return 'unsubscribed';
  const message = await pushMessageFor(deps.pool, requestId, deps.appUrl);
  if (!message) return 'not_found';
  try {
    const status = await post(deps, subscription, JSON.stringify(message), requestId.replaceAll('-', ''));
    return await settle(deps, subscriptionId, status);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    // Not a push service, or one that answers from an internal address or with a redirect: it would be refused
    // again on every retry and every later submit, so the job ends and the subscription goes (ADR 0048).
    await forgetSubscription(deps.pool, subscriptionId);
    deps.logger.warn(
      { subscriptionId, reason: error.reason },
      'push endpoint refused by the outbound guard: deleted',
    );
    return 'refused';
  }
}

const VIDEO_PUSH_QUEUE_OPTIONS = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 };

export async function registerPushWorker(boss: PgBoss, deps: PushDeps): Promise<void> {
  await boss.updateQueue(QUEUES.videoPush, VIDEO_PUSH_QUEUE_OPTIONS);
  await boss.work<{ requestId: string; subscriptionId: string }>(QUEUES.videoPush, async ([job]) => {
    if (!job) return;
    await deliverPush(deps, job.data);
  });
}
