import type { ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
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

/** One server-sent event (https://html.spec.whatwg.org/multipage/server-sent-events.html): data is one JSON line. */
function sseEvent(event: string, data: string, retryMs?: number): string {
  return `event: ${event}\ndata: ${data}\n${retryMs === undefined ? '' : `retry: ${retryMs}\n`}\n`;
}

/** Writes to the socket, waiting for it to drain when Node's buffer is full; false once the client is gone. */
function writer(outgoing: ServerResponse): (text: string) => Promise<boolean> {
  return (text) =>
    new Promise((resolve) => {
      if (outgoing.destroyed || outgoing.writableEnded) return resolve(false);
      if (outgoing.write(text)) return resolve(true);
      const done = (ok: boolean) => () => {
        outgoing.off('drain', drained);
        outgoing.off('close', closed);
        resolve(ok);
      };
      const drained = done(true);
      const closed = done(false);
      outgoing.once('drain', drained);
      outgoing.once('close', closed);
    });
}

/**
 * `GET /api/events`: the signed-in user's server-sent events (docs/accounts-contract.md): `ready` on connect,
 * `credits` with the fresh balance whenever their grants change in any process, `subscription` with the current
 * subscription (docs/billing-contract.md) whenever their subscription rows change, `video_request` with
 * `{ id, status, op }` for each change to one of their video requests (docs/video-contract.md), a comment heartbeat every
 * HEARTBEAT_MS. Never compressed and marked so proxies do not buffer it either.
 *
 * Written straight to Node's response (@hono/node-server's already-sent answer) rather than through a web
 * ReadableStream: a web process holds thousands of these, and the stream machinery per connection cost more memory
 * than the socket itself and a pipe hop per event (`npm run bench:api`).
 */
export function eventsRoutes(pool: pg.Pool, hub: RealtimeHub, guards: Guards): Hono<AppEnv> {
  const streamEvents = (c: Context<AppEnv>): Response => {
    if (hub.stopping) return apiError(c, 503, 'shutting_down', 'Servidor reiniciando. Tente novamente.');
    const userId = sessionOf(c).user.id;
    const logger = c.get('logger');

    // Subscribed before the stream starts (its methods are filled in below), so a user over the limit gets a plain
    // 429 rather than a stream their EventSource would keep reopening.
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

    const { outgoing } = c.env as HttpBindings;
    outgoing.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': c.get('requestId'),
      // The socket is not reused after a stream ends: closing a stream (shutdown) then frees its connection at
      // once instead of leaving it idle until the keep-alive timeout.
      Connection: 'close',
    });
    const send = writer(outgoing);
    const open = () => !outgoing.destroyed && !outgoing.writableEnded;

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
        while (open() && (dirty.credits || dirty.subscription || dirty.videos || videoEvents.length > 0)) {
          if (dirty.credits) {
            dirty.credits = false;
            const current = await balance(pool, userId);
            if (open()) await send(sseEvent('credits', JSON.stringify({ balance: current })));
          } else if (dirty.subscription) {
            dirty.subscription = false;
            const subscription = subscriptionView(await currentSubscription(pool, userId));
            if (open()) await send(sseEvent('subscription', JSON.stringify({ subscription })));
          } else if (dirty.videos) {
            // A `video_request` without an id: every list and request of the user is read again (the web's
            // applyVideoRequestEvent).
            dirty.videos = false;
            await send(sseEvent('video_request', '{}'));
          } else {
            const video = videoEvents.shift();
            if (video) await send(sseEvent('video_request', JSON.stringify(video)));
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
    subscriber.close = () => outgoing.end();

    const heartbeat = setInterval(() => void send(': heartbeat\n\n'), HEARTBEAT_MS);
    outgoing.once('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
    void send(sseEvent('ready', '{}', RETRY_MS));
    // @hono/node-server's RESPONSE_ALREADY_SENT, made per request: the middleware after this one sets headers on
    // the answer it gets, which would pile up on one shared Response.
    return new Response(null, { headers: { 'x-hono-already-sent': 'true' } });
  };
  return routesFromContract(realtimeContract, { base: '/api/events', guards }, { streamEvents });
}
