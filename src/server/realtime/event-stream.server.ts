import type { ServerResponse } from 'node:http';
import type pg from 'pg';
import { currentSubscription, subscriptionView } from '#server/billing/billing.server';
import { balance } from '#server/credits/credits.server';
import type { Logger } from '#server/logger.server';
import type { Subscriber } from './realtime-hub.server';

/** Writing one user's server-sent events to their open response (events.routes.server.ts). */

/** Below the idle timeouts of common proxies (often 30–60 s), so they keep the stream open. */
const HEARTBEAT_MS = 25_000;
/** How long the browser's EventSource waits before reconnecting. */
export const RETRY_MS = 3_000;

/** One server-sent event (https://html.spec.whatwg.org/multipage/server-sent-events.html): data is one JSON line. */
export function sseEvent(event: string, data: string, retryMs?: number): string {
  return `event: ${event}\ndata: ${data}\n${retryMs === undefined ? '' : `retry: ${retryMs}\n`}\n`;
}

/** Writes to the socket, waiting for it to drain when Node's buffer is full; false once the client is gone. */
export function writer(outgoing: ServerResponse): (text: string) => Promise<boolean> {
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
 * A comment line every `everyMs`, so proxies keep the stream open; returns what stops it. Skipped while a write
 * waits for the socket to drain: that write already keeps the connection busy, and a client that stops reading
 * would otherwise gain a waiting write (with its drain and close listeners) every beat.
 */
export function startHeartbeat(
  outgoing: ServerResponse,
  send: (text: string) => Promise<boolean>,
  everyMs = HEARTBEAT_MS,
): () => void {
  const timer = setInterval(() => {
    if (!outgoing.writableNeedDrain) void send(': heartbeat\n\n');
  }, everyMs);
  return () => clearInterval(timer);
}

interface EventPumpOptions {
  pool: pg.Pool;
  userId: string;
  logger: Logger;
  send: (text: string) => Promise<boolean>;
  open: () => boolean;
}

/** What the hub tells this stream, turned into events: the subscriber's `notify`. */
export function eventPump({ pool, userId, logger, send, open }: EventPumpOptions): Subscriber['notify'] {
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
  return (event) => {
    if (event.type === 'video_request') {
      videoEvents.push({ id: event.id, status: event.status, op: event.op });
    } else {
      dirty[event.type] = true;
    }
    void pump();
  };
}
