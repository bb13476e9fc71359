import type pg from 'pg';
import type { Logger } from '#server/logger.server';
import { type Mailer, mailLanguage, takedownMail } from '#server/mail/mail.server';
import { formatDate } from '#shared/format';
import type { ReportReason } from '#shared/reports';
import { recordEvent } from './moderation-events.server';

/**
 * The owner hears of a takedown once: `owner_mailed_at` is claimed before sending (a second decision, a retry or a
 * second process finds it set), and given back if the send fails, so the failure is logged and the next attempt
 * may send it.
 */
export async function mailOwnerOnce(
  deps: { pool: pg.Pool; mailer: Mailer; appUrl: string; logger: Logger },
  takedownId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const claimed = await deps.pool.query<{
    email: string;
    name: string;
    language: string;
    timezone: string;
    prompt: string;
    requestId: string;
    reason: ReportReason;
    note: string | null;
    createdAt: Date;
  }>(
    `UPDATE takedowns t SET owner_mailed_at = $2
     FROM video_requests v JOIN "user" u ON u.id = v.user_id
     WHERE t.id = $1 AND t.owner_mailed_at IS NULL AND v.id = t.video_request_id
     RETURNING u.email, u.name, u.language, u.timezone, v.prompt, v.id AS "requestId", t.reason, t.note,
               t.created_at AS "createdAt"`,
    [takedownId, now],
  );
  const row = claimed.rows[0];
  if (!row) return false;
  const message = takedownMail(
    { email: row.email, name: row.name, language: mailLanguage(row.language) },
    {
      prompt: row.prompt,
      reason: row.reason,
      note: row.note,
      date: formatDate(row.createdAt, row.timezone),
      videoUrl: new URL(`/dashboard/request/${row.requestId}`, deps.appUrl).toString(),
    },
  );
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.logger.error({ err: error, takedownId }, 'takedown e-mail failed');
    await deps.pool.query('UPDATE takedowns SET owner_mailed_at = NULL WHERE id = $1', [takedownId]);
    return false;
  }
  await recordEvent(deps.pool, {
    action: 'owner_mailed',
    actor: null,
    takedownId,
    videoRequestId: row.requestId,
    at: now,
  });
  return true;
}
