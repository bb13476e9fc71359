import type pg from 'pg';
import type { PgBoss } from 'pg-boss';

/**
 * Cena's pg-boss queues and their payloads, in one place so producers and workers agree on both. Payloads carry
 * ids only: the database row is the truth, a job is only a reminder to look at it.
 */

export const QUEUES = {
  videoGenerate: 'video-generate',
  videoWebhook: 'video-webhook',
  /** E-mail to the owner when a request ends (docs/history-contract.md). */
  videoNotify: 'video-notify',
  /** One Web Push notification of a settled submit to one subscribed device (src/server/push, ADR 0038). */
  videoPush: 'video-push',
  /** Folds the /metrics counters' pending changes into their totals (scheduled; docs/operations.md, "Health and metrics"). */
  countersCompact: 'counters-compact',
  /** Finishes an account deletion the owner confirmed (LGPD): media, requests, the user row. */
  accountDelete: 'account-delete',
  /** Joins a film's scenes into its video (src/server/films, ADR 0014). */
  filmRender: 'film-render',
  /** Film renders that ran out of retries (a killed worker included): their films are failed. */
  filmRenderDead: 'film-render-dead',
  /** Transcribes a video's speech into captions and burns them in (src/server/captions, ADR 0039). */
  videoCaptions: 'video-captions',
  /** Issues, polls, cancels and mails the notas fiscais (scheduled; src/server/notas-fiscais, ADR 0041). */
  nfseSweep: 'nfse-sweep',
  /** Mails each payment's receipt once (scheduled; src/server/billing/receipts). */
  receiptSweep: 'receipt-sweep',
  /** Settles withdrawals whose refund outcome was never learnt (scheduled; src/server/billing, ADR 0043). */
  withdrawalSweep: 'withdrawal-sweep',
  /** Mails each withdrawal's confirmation once (scheduled; src/server/withdrawals, Decreto 7.962/2013). */
  withdrawalConfirmationSweep: 'withdrawal-confirmation-sweep',
  /** Ends lapsed prepaid plan periods and mails their "Renovar por Pix" reminders (scheduled; ADR 0042). */
  prepaidSweep: 'prepaid-sweep',
  /** Erases the trial's address, device and domain hashes past their windows (scheduled; ADR 0047). */
  trialSignalsPurge: 'trial-signals-purge',
  /** Grants the invite rewards whose purchases can no longer be withdrawn (scheduled; src/server/invites, ADR 0046). */
  inviteSweep: 'invite-sweep',
  /** One attempt to deliver one event to one customer endpoint (src/server/customer-webhooks, ADR 0064). */
  customerWebhook: 'customer-webhook',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES);

export interface JobPayloads {
  'video-generate': { requestId: string };
  'video-webhook': { requestId: string };
  'video-notify': { requestId: string };
  'video-push': { requestId: string; subscriptionId: string };
  'counters-compact': Record<string, never>;
  'account-delete': { userId: string };
  'film-render': { filmId: string };
  'film-render-dead': { filmId: string };
  'video-captions': { requestId: string };
  'nfse-sweep': Record<string, never>;
  'receipt-sweep': Record<string, never>;
  'withdrawal-sweep': Record<string, never>;
  'withdrawal-confirmation-sweep': Record<string, never>;
  'prepaid-sweep': Record<string, never>;
  'trial-signals-purge': Record<string, never>;
  'invite-sweep': Record<string, never>;
  'customer-webhook': { deliveryId: string; scheduledFor: string };
}

/**
 * Queues whose policy is not pg-boss's `standard`, set when the queue is created. `video-captions` is `stately`
 * (one job queued and one running per singletonKey, the video's id): renders of one video never overlap.
 */
export const QUEUE_POLICIES: Partial<Record<QueueName, 'stately'>> = { 'video-captions': 'stately' };

/** pg-boss's executor interface and send options (not re-exported by name from the package root). */
type SendOptions = NonNullable<Parameters<PgBoss['send']>[2]>;
type JobsExecutor = NonNullable<SendOptions['db']>;

/** Anything that runs a parameterised query: a pool, or a client already inside a transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * pg-boss's executor over one of our connections. Given a client inside a transaction, pg-boss's statements run
 * in that transaction: the job exists exactly when the transaction commits (a rollback leaves no orphan job, a
 * commit never lacks its job).
 */
function executorFor(db: Queryable): JobsExecutor {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await db.query(text, values);
      return { rows: result.rows };
    },
  };
}

export type TypedSendOptions = Omit<SendOptions, 'db'>;

/**
 * Enqueues a job, typed by queue. Pass `db` (a client in a transaction) to make the job part of that
 * transaction; without it the job is sent on pg-boss's own pool. Returns the job id, or null when pg-boss
 * dropped it as a duplicate (singletonKey on a queue policy that enforces it).
 */
export async function send<Q extends QueueName>(
  boss: PgBoss,
  queue: Q,
  data: JobPayloads[Q],
  options: TypedSendOptions & { db?: Queryable } = {},
): Promise<string | null> {
  const { db, ...rest } = options;
  return boss.send(queue, data, db ? { ...rest, db: executorFor(db) } : rest);
}
