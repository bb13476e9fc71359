import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type pg from 'pg';
import { realtimeContract } from '../../shared/realtime.contract';
import { currentSubscription, subscriptionView } from '../billing/billing-store.server';
import { balance } from '../credits/ledger-reads.server';
import { type AppEnv, apiError } from '../kernel/errors.server';
import { type Guards, routesFromContract } from '../kernel/operations.server';
import { sessionOf } from '../kernel/session.server';
import type { RealtimeHub, Subscriber } from './realtime-hub.server';

/** Below the idle timeouts of common proxies (often 30–60 s), so they keep the stream open. */
const HEARTBEAT_MS = 25_000;
/** How long the browser's EventSource waits before reconnecting. */
const RETRY_MS = 3_000;

/**
 * `GET /api/events`: the signed-in user's server-sent events (docs/accounts-contract.md): `ready` on connect,
 * `credits` with the fresh balance whenever their grants change in any process, `subscription` with the current
 * subscription (docs/billing-contract.md) whenever their subscription rows change, `video_request` with
 * `{ id, status, op }` for each change to one of their video requests (docs/video-contract.md), a comment heartbeat every
 * HEARTBEAT_MS. Never compressed (compression buffers) and marked so proxies do not buffer it either.
 */
export function eventsRoutes(pool: pg.Pool, hub: RealtimeHub, guards: Guards): Hono<AppEnv> {
  const streamEvents = (c: Context<AppEnv>): Response => {
    if (hub.stopping) return apiError(c, 503, 'shutting_down', 'Servidor reiniciando. Tente novamente.');
    const userId = sessionOf(c).user.id;
    const logger = c.get('logger');

    // Subscribed before the stream starts (its methods are filled in once it exists), so a user over the limit gets
    // a plain 429 rather than a stream their EventSource would keep reopening.
    const subscriber: Subscriber = { notify: () => {}, close: () => {} };
    const unsubscribe = hub.subscribe(userId, subscriber);
    if (!unsubscribe) {
      return apiError(
        c,
        429,
        'too_many_streams',
        'Muitas conexões abertas. Feche outras abas e tente de novo.',
      );
    }

    const response = streamSSE(c, async (stream) => {
      let finish = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      stream.onAbort(finish);

      // One writer per stream: reads never overlap, a burst of notifications costs at most one more read of each
      // kind, and when both are due the balance goes first (a fixed order the client and tests can rely on).
      const dirty = { credits: false, subscription: false, videos: false };
      // Video request changes carry their own data, so each is sent (in order) rather than coalesced.
      const videoEvents: { id: string; status: string; op: string }[] = [];
      let pumping = false;
      const pump = async () => {
        if (pumping) return;
        pumping = true;
        try {
          while (dirty.credits || dirty.subscription || dirty.videos || videoEvents.length > 0) {
            if (stream.closed || stream.aborted) return;
            if (dirty.credits) {
              dirty.credits = false;
              const current = await balance(pool, userId);
              if (stream.closed || stream.aborted) return;
              await stream.writeSSE({ event: 'credits', data: JSON.stringify({ balance: current }) });
            } else if (dirty.subscription) {
              dirty.subscription = false;
              const subscription = subscriptionView(await currentSubscription(pool, userId));
              if (stream.closed || stream.aborted) return;
              await stream.writeSSE({ event: 'subscription', data: JSON.stringify({ subscription }) });
            } else if (dirty.videos) {
              // A `video_request` without an id: every list and request of the user is read again (the web's
              // applyVideoRequestEvent).
              dirty.videos = false;
              await stream.writeSSE({ event: 'video_request', data: '{}' });
            } else {
              const video = videoEvents.shift();
              if (video) await stream.writeSSE({ event: 'video_request', data: JSON.stringify(video) });
            }
          }
        } catch (error) {
          logger.warn({ err: error }, 'could not send a realtime event');
        } finally {
          pumping = false;
        }
      };
      subscriber.notify = (event) => {
        if (event.type === 'video_request') {
          videoEvents.push({ id: event.id, status: event.status, op: event.op });
        } else {
          dirty[event.type] = true;
        }
        void pump();
      };
      subscriber.close = () => {
        void stream.close();
        finish();
      };

      const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: RETRY_MS });
        await finished;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
      }
    });
    response.headers.set('Cache-Control', 'no-cache, no-transform');
    response.headers.set('X-Accel-Buffering', 'no');
    // The socket is not reused after a stream ends: closing a stream (shutdown) then frees its connection at once
    // instead of leaving it idle until the keep-alive timeout.
    response.headers.set('Connection', 'close');
    return response;
  };
  return routesFromContract(realtimeContract, { base: '/api/events', guards }, { streamEvents });
}
