import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { user } from '#server/accounts/accounts.server';
import { QUEUES } from '#server/jobs/jobs.server';
import { inTransaction } from '#server/kernel/transaction.server';
import type { Logger } from '#server/logger.server';
import {
  type Mailer,
  type MailMessage,
  mailLanguage,
  variationsFinishedMail,
  videoFinishedMail,
} from '#server/mail/mail.server';
import { enqueueSubmitPush } from '#server/push/push.server';
import {
  columnList,
  type VideoRequestRow,
  videoRequests,
} from '#server/video-requests/video-requests.server';
import { readSettings } from './settings.routes.server';

/**
 * The `video-notify` job: e-mails the owner when a request reaches completed or failed (enqueued in the
 * transaction that writes the final status). Once per request and kind even if the job runs twice: the
 * `notifications_sent` row is inserted first, in a transaction kept open while sending — a concurrent second run
 * waits on the row's unique key and then skips; a failed send rolls the row back so the retry sends.
 *
 * A submit's variations send ONE e-mail (ADR 0028): each variation's job sends nothing while another of its group
 * is unfinished ('group_pending'); a job runs after its own final status committed, so the last to settle finds
 * them all final. That e-mail's row is keyed by the group's id (its first request) and `variations_finished`, so
 * two variations settling together still send one.
 *
 * The same decision sends the Web Push notification (push/, ADR 0038), whatever the e-mail setting: subscribing a
 * device is its own opt-in. It is recorded and enqueued in a transaction of its own before the e-mail, so a failed
 * e-mail's retry finds the push already done.
 */

export type NotifyOutcome =
  | 'sent'
  | 'already_sent'
  | 'disabled'
  | 'not_final'
  | 'group_pending'
  | 'not_found';

export interface NotifyDeps {
  pool: pg.Pool;
  /** Enqueues the push notifications. */
  boss: PgBoss;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
}

/** The finished request and its owner's address and language. */
type Row = Pick<VideoRequestRow, 'userId' | 'status' | 'prompt' | 'variationIds'> &
  Pick<typeof user.$inferSelect, 'email' | 'name' | 'language'>;

export async function sendVideoNotification(deps: NotifyDeps, requestId: string): Promise<NotifyOutcome> {
  const { pool, mailer, appUrl } = deps;
  const found = await pool.query<Row>(
    `SELECT ${columnList(videoRequests, ['userId', 'status', 'prompt', 'variationIds'], 'r')},
            ${columnList(user, ['email', 'name', 'language'], 'u')}
     FROM video_requests r JOIN "user" u ON u.id = r.user_id WHERE r.id = $1`,
    [requestId],
  );
  const row = found.rows[0];
  if (!row) return 'not_found';
  if (row.status !== 'completed' && row.status !== 'failed') return 'not_final';
  const mail = await mailFor(pool, { ...row, status: row.status }, requestId);
  if (!mail) return 'group_pending';
  await inTransaction(pool, (client) =>
    enqueueSubmitPush(client, deps.boss, { userId: row.userId, requestId: mail.key }),
  );
  if (!(await readSettings(pool, row.userId)).notifyOnVideoReady) return 'disabled';
  const recipient = { email: row.email, name: row.name, language: mailLanguage(row.language) };
  const message = mail.message(recipient, `${appUrl}/dashboard/request/${mail.key}`);
  const kind = mail.kind;
  // The sent-row commits only with a sent e-mail: a failed send rolls it back and the job's retry tries again.
  const outcome = await inTransaction(
    pool,
    async (client) => {
      const inserted = await client.query(
        `INSERT INTO notifications_sent (request_id, kind) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [mail.key, kind],
      );
      if (inserted.rowCount !== 1) return 'already_sent' as const;
      await mailer.send(message);
      return 'sent' as const;
    },
    { commitIf: (result) => result === 'sent' },
  );
  if (outcome === 'sent') deps.logger.info({ requestId, kind }, 'video notification sent');
  return outcome;
}

interface PendingMail {
  /** The request the sent-row and the link name: the request itself, or its group's first. */
  key: string;
  kind: 'video_completed' | 'video_failed' | 'variations_finished';
  message(to: Parameters<typeof videoFinishedMail>[0], url: string): MailMessage;
}

/** The e-mail a settled request sends: its own, its group's once every variation settled, or none yet. */
async function mailFor(
  pool: pg.Pool,
  row: Pick<Row, 'prompt' | 'variationIds'> & { status: 'completed' | 'failed' },
  requestId: string,
): Promise<PendingMail | undefined> {
  const { prompt, status, variationIds } = row;
  if (variationIds.length < 2) {
    return {
      key: requestId,
      kind: status === 'completed' ? 'video_completed' : 'video_failed',
      message: (to, url) => videoFinishedMail(to, { status, prompt }, url),
    };
  }
  const counts = await pool.query<{ completed: number; failed: number; unfinished: number }>(
    `SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed,
            count(*) FILTER (WHERE status = 'failed')::int AS failed,
            count(*) FILTER (WHERE status NOT IN ('completed', 'failed'))::int AS unfinished
     FROM video_requests WHERE id = ANY($1::uuid[])`,
    [variationIds],
  );
  const group = counts.rows[0];
  if (!group || group.unfinished > 0) return undefined;
  return {
    key: variationIds[0] ?? requestId,
    kind: 'variations_finished',
    message: (to, url) => variationsFinishedMail(to, { ...group, prompt }, url),
  };
}

const VIDEO_NOTIFY_QUEUE_OPTIONS = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 };

export async function registerNotificationWorker(boss: PgBoss, deps: NotifyDeps): Promise<void> {
  await boss.updateQueue(QUEUES.videoNotify, VIDEO_NOTIFY_QUEUE_OPTIONS);
  await boss.work<{ requestId: string }>(QUEUES.videoNotify, async ([job]) => {
    if (!job) return;
    await sendVideoNotification(deps, job.data.requestId);
  });
}
