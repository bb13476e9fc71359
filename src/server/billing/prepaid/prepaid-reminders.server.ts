import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { QUEUES } from '#server/jobs/jobs.server';
import type { Logger } from '#server/logger.server';
import { type Mailer, mailLanguage, prepaidReminderMail } from '#server/mail/mail.server';
import { findPlan } from '#shared/catalogue';
import { formatDate } from '#shared/format';
import { renewByPixPath } from '#shared/routes';

import { PREPAID_RENEWAL_LEAD_DAYS } from '#shared/subscription';

/**
 * The prepaid periods' sweep (ADR 0042), scheduled every 15 minutes (pg-boss runs a schedule once across the
 * cluster): a period past its end ends the plan like a cancelled one (no renewal is attempted), and a period
 * ending within 7 days, then within 1 day, gets its "Renovar por Pix" e-mail — each recorded before it is sent
 * (and forgotten if the send fails), so a retried sweep never sends one twice.
 */

const EVERY_15_MINUTES = '*/15 * * * *';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Reminder leads in days, longest first; inside a shorter lead's window only the shorter one goes out. */
const LEADS = [PREPAID_RENEWAL_LEAD_DAYS, 1] as const;

export interface PrepaidSweepDeps {
  pool: pg.Pool;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
}

interface ClaimedReminder {
  subscriptionId: string;
  periodEnd: Date;
  daysBefore: number;
  planId: string;
  billingPeriod: string;
  email: string;
  name: string;
  language: string | null;
}

/** Ends the prepaid plans whose period is over; returns how many. */
async function endLapsedPeriods(pool: pg.Pool, now: Date): Promise<number> {
  const ended = await pool.query(
    `UPDATE subscriptions SET status = 'canceled', updated_at = now()
     WHERE collection = 'prepaid' AND status = 'active' AND current_period_end <= $1`,
    [now],
  );
  return ended.rowCount ?? 0;
}

/** Records the reminders due for one lead that were never sent, and returns them with their recipients. */
async function claimReminders(pool: pg.Pool, lead: number, shorter: number, now: Date) {
  const claimed = await pool.query<ClaimedReminder>(
    `WITH due AS (
       INSERT INTO prepaid_reminders (subscription_id, period_end, days_before, sent_at)
       SELECT s.id, s.current_period_end, $2::int, $1::timestamptz FROM subscriptions s
       WHERE s.collection = 'prepaid' AND s.status = 'active'
         AND s.current_period_end > $1::timestamptz + make_interval(secs => $3::float8)
         AND s.current_period_end <= $1::timestamptz + make_interval(secs => $4::float8)
       ON CONFLICT DO NOTHING
       RETURNING subscription_id, period_end, days_before)
     SELECT due.subscription_id AS "subscriptionId", due.period_end AS "periodEnd", due.days_before AS "daysBefore",
       s.plan_id AS "planId", s.billing_period AS "billingPeriod", u.email, u.name, u.language
     FROM due JOIN subscriptions s ON s.id = due.subscription_id JOIN "user" u ON u.id = s.user_id`,
    [now, lead, (shorter * DAY_MS) / 1000, (lead * DAY_MS) / 1000],
  );
  return claimed.rows;
}

async function sendReminder(deps: PrepaidSweepDeps, row: ClaimedReminder): Promise<boolean> {
  const planName = findPlan(row.planId)?.name ?? row.planId;
  const mail = prepaidReminderMail(
    { email: row.email, name: row.name, language: mailLanguage(row.language) },
    {
      planName,
      endDate: formatDate(row.periodEnd),
      // The sweep runs every 15 minutes, so a reminder leaves within minutes of its lead.
      daysLeft: row.daysBefore,
      renewUrl: `${deps.appUrl}${renewByPixPath(row.planId, row.billingPeriod)}`,
    },
  );
  try {
    await deps.mailer.send(mail);
    return true;
  } catch (error) {
    await deps.pool.query(
      'DELETE FROM prepaid_reminders WHERE subscription_id = $1 AND period_end = $2 AND days_before = $3',
      [row.subscriptionId, row.periodEnd, row.daysBefore],
    );
    deps.logger.warn(
      { err: error, subscription: row.subscriptionId },
      'prepaid reminder failed; retried next sweep',
    );
    return false;
  }
}

/** One sweep at `now`: lapsed periods ended, due reminders mailed. Returns what it did. */
export async function sweepPrepaidPeriods(
  deps: PrepaidSweepDeps,
  now: Date = new Date(),
): Promise<{ ended: number; reminded: number }> {
  const ended = await endLapsedPeriods(deps.pool, now);
  let reminded = 0;
  for (const [index, lead] of LEADS.entries()) {
    const shorter = LEADS[index + 1] ?? 0;
    for (const row of await claimReminders(deps.pool, lead, shorter, now)) {
      if (await sendReminder(deps, row)) reminded += 1;
    }
  }
  return { ended, reminded };
}

export async function registerPrepaidWorker(boss: PgBoss, deps: PrepaidSweepDeps): Promise<void> {
  await boss.schedule(QUEUES.prepaidSweep, EVERY_15_MINUTES);
  await boss.work(QUEUES.prepaidSweep, async () => {
    const done = await sweepPrepaidPeriods(deps);
    deps.logger.debug(done, 'prepaid sweep');
  });
}
