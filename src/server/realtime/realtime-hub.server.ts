import pg from 'pg';
import { z } from 'zod';
import type { Logger } from '#server/logger.server';

/**
 * Fans PostgreSQL notifications out to the users' open event streams (design §1, Realtime). Anything that changes a
 * user's data, in any process, ends in a NOTIFY on CHANNEL (for credits, a trigger on credit_grants); each web
 * process keeps one dedicated connection LISTENing and hands each event to that user's subscribers.
 *
 * A dropped LISTEN connection is re-opened with back-off; events raised while it was down are lost, so once it is
 * back every subscriber is told its data may have changed ("credits", "subscription" and "videos": all of the
 * user's video requests) and refreshes.
 */

const CHANNEL = 'cena_events';
/** Enough for every tab of one person; more is a runaway client holding sockets open. */
export const MAX_STREAMS_PER_USER = 20;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

const eventSchema = z.discriminatedUnion('type', [
  // `videos`: any of the user's video requests may have changed (raised here after a reconnection, never by SQL).
  z.object({ type: z.enum(['credits', 'subscription', 'videos']), userId: z.string().min(1) }),
  // One of the user's video requests changed (trigger on video_requests): passed on as is, the web refetches it.
  z.object({
    type: z.literal('video_request'),
    userId: z.string().min(1),
    id: z.string().min(1),
    status: z.string().min(1),
    op: z.enum(['insert', 'update', 'delete']),
  }),
]);
export type RealtimeEvent = z.infer<typeof eventSchema>;

/** A user's sessions ended or the user changed (drizzle/0020_session_events.sql): not a stream event. */
const sessionEventSchema = z.object({ type: z.literal('session'), userId: z.string().min(1) });

/** Told of a user whose sessions to read afresh; undefined: every user (events may have been lost). */
export type SessionChangeListener = (userId: string | undefined) => void;

export interface Subscriber {
  notify(event: RealtimeEvent): void;
  /** The hub is stopping: end the stream. */
  close(): void;
}

export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly sessionListeners: SessionChangeListener[] = [];
  private client: pg.Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay = RETRY_MIN_MS;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /** Resolves once listening, so a process that cannot reach its database fails at start-up. */
  async start(): Promise<void> {
    await this.connect();
  }

  get stopping(): boolean {
    return this.stopped;
  }

  /** Registers a stream; undefined when the user already has MAX_STREAMS_PER_USER open. */
  subscribe(userId: string, subscriber: Subscriber): (() => void) | undefined {
    let streams = this.subscribers.get(userId);
    if (!streams) {
      streams = new Set();
      this.subscribers.set(userId, streams);
    }
    if (streams.size >= MAX_STREAMS_PER_USER) return undefined;
    streams.add(subscriber);
    return () => {
      streams.delete(subscriber);
      if (streams.size === 0 && this.subscribers.get(userId) === streams) this.subscribers.delete(userId);
    };
  }

  /** Calls `listener` for every session event, from any process. */
  onSessionChange(listener: SessionChangeListener): void {
    this.sessionListeners.push(listener);
  }

  /** Ends every stream (so graceful shutdown is not held up by them) and the LISTEN connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    for (const streams of this.subscribers.values()) for (const subscriber of streams) subscriber.close();
    this.subscribers.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: 'cena-realtime',
      // A silently dead TCP connection would otherwise look like a quiet channel forever.
      keepAlive: true,
    });
    client.on('notification', (message) => this.dispatch(message.payload));
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'realtime LISTEN connection failed');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (!this.stopped) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.retryTimer = setTimeout(async () => {
      try {
        await this.connect();
      } catch (error) {
        this.logger.warn({ err: error, retryInMs: this.retryDelay }, 'realtime LISTEN reconnect failed');
        this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
        if (!this.stopped) this.scheduleReconnect();
        return;
      }
      this.retryDelay = RETRY_MIN_MS;
      this.logger.info('realtime LISTEN connection restored');
      for (const listener of this.sessionListeners) listener(undefined);
      for (const userId of this.subscribers.keys()) {
        this.deliver({ type: 'credits', userId });
        this.deliver({ type: 'subscription', userId });
        this.deliver({ type: 'videos', userId });
      }
    }, this.retryDelay);
  }

  private dispatch(payload: string | undefined): void {
    let event: RealtimeEvent;
    try {
      const parsed: unknown = JSON.parse(payload ?? '');
      const session = sessionEventSchema.safeParse(parsed);
      if (session.success) {
        for (const listener of this.sessionListeners) listener(session.data.userId);
        return;
      }
      event = eventSchema.parse(parsed);
    } catch {
      // Event types this version does not know yet (a newer process may raise them) are not an error.
      this.logger.debug({ payload }, 'ignored realtime notification');
      return;
    }
    this.deliver(event);
  }

  private deliver(event: RealtimeEvent): void {
    for (const subscriber of this.subscribers.get(event.userId) ?? []) subscriber.notify(event);
  }
}
