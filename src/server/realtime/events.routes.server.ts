import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import type pg from 'pg';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { realtimeContract } from '#shared/realtime.contract';
import { eventPump, RETRY_MS, sseEvent, startHeartbeat, writer } from './event-stream.server';
import type { RealtimeHub, Subscriber } from './realtime-hub.server';

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

    subscriber.notify = eventPump({ pool, userId, logger, send, open });
    subscriber.close = () => outgoing.end();

    const stopHeartbeat = startHeartbeat(outgoing, send);
    outgoing.once('close', () => {
      stopHeartbeat();
      unsubscribe();
    });
    void send(sseEvent('ready', '{}', RETRY_MS));
    // @hono/node-server's RESPONSE_ALREADY_SENT, made per request: the middleware after this one sets headers on
    // the answer it gets, which would pile up on one shared Response.
    return new Response(null, { headers: { 'x-hono-already-sent': 'true' } });
  };
  return routesFromContract(realtimeContract, { base: '/api/events', guards }, { streamEvents });
}
