import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { Logger } from '#server/logger.server';

/**
 * Carries "Google says this generation moved" from the web process that received the webhook to the worker whose
 * job waits on it (ADR 0018): the receiver raises a NOTIFY on CHANNEL in the transaction that records the event,
 * and each worker keeps one connection LISTENing and ends the wait of the job polling that generation, which then
 * reads it at once. Only a wake-up travels, never the outcome: the job still reads the generation from Google, so
 * nothing a notification says is trusted, and a lost one costs only time — the job's rare poll still comes.
 */

const CHANNEL = 'cena_provider_events';
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;
/** Long enough for a wake that lands between a job's poll and its wait; short enough to stay small. */
const RECENT_MS = 10 * 60_000;

/**
 * What a generation is called in an event and in a notification: an interaction's id, or a Veo operation's last
 * path segment (`models/{model}/operations/{id}`); the stored operation name ends with it either way.
 */
function resourceKey(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

/** Raised inside the receiver's transaction: PostgreSQL delivers it on commit, and not at all on a rollback. */
export async function notifyProviderEvent(client: pg.PoolClient, resourceId: string): Promise<void> {
  await client.query('SELECT pg_notify($1, $2)', [CHANNEL, resourceKey(resourceId)]);
}

export class ProviderWake {
  private readonly waiters = new Map<string, Set<() => void>>();
  /** When each generation was last woken, so a wake before the wait began still ends it. */
  private readonly woken = new Map<string, number>();
  private client: pg.PoolClient | undefined;
  private retryDelay = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }

  /**
   * Waits `ms`, or less: until a notification for `operationName` that came after `since` (the start of the
   * job's last poll), or the signal's abort (which rejects, as `sleep` does).
   */
  async wait(operationName: string, since: number, ms: number, signal?: AbortSignal): Promise<void> {
    const key = resourceKey(operationName);
    if ((this.woken.get(key) ?? 0) >= since) return;
    const woken = new AbortController();
    const waiter = () => woken.abort();
    let set = this.waiters.get(key);
    if (!set) {
      set = new Set();
      this.waiters.set(key, set);
    }
    set.add(waiter);
    try {
      await sleep(ms, undefined, { signal: signal ? AbortSignal.any([signal, woken.signal]) : woken.signal });
    } catch (error) {
      if (signal?.aborted || !woken.signal.aborted) throw error;
    } finally {
      set.delete(waiter);
      if (set.size === 0 && this.waiters.get(key) === set) this.waiters.delete(key);
    }
  }

  private wakeUp(key: string): void {
    const now = Date.now();
    this.woken.set(key, now);
    for (const [known, at] of this.woken) if (now - at > RECENT_MS) this.woken.delete(known);
    for (const wake of this.waiters.get(key) ?? []) wake();
  }

  /** After a lost connection: what was raised meanwhile is unknown, so every waiting job reads its generation. */
  private wakeAll(): void {
    for (const key of [...this.waiters.keys()]) this.wakeUp(key);
  }

  private async connect(): Promise<void> {
    const client = await this.pool.connect();
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) this.wakeUp(message.payload);
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'provider events LISTEN connection failed');
      this.lost(client, error);
    });
    try {
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    if (this.stopped) {
      client.release();
      return;
    }
    this.client = client;
  }

  private lost(client: pg.PoolClient, error: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.release(error);
    this.wakeAll();
    if (!this.stopped) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.retryTimer = setTimeout(async () => {
      try {
        await this.connect();
        this.retryDelay = RETRY_MIN_MS;
        this.wakeAll();
      } catch (error) {
        this.logger.warn(
          { err: error, retryInMs: this.retryDelay },
          'provider events LISTEN reconnect failed',
        );
        this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
        if (!this.stopped) this.scheduleReconnect();
      }
    }, this.retryDelay);
  }
}
