import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { DAY_MS } from '#server/credits/credits.server';
import { QUEUES } from '#server/jobs/jobs.server';
import type { Logger } from '#server/logger.server';
import { TRIAL_SIGNAL_RETENTION_DAYS } from '#shared/catalogue';

/**
 * The trial's windowed signals are kept only while a limit counts them (ADR 0047, LGPD art. 6 III and art. 15 I):
 * past the longest window a claim's address block, device and domain hashes are erased. The e-mail's hash and the
 * outcome stay, as "once per person" needs them for as long as the grant's ledger entry lives.
 */

const EVERY_HOUR = '17 * * * *';

/** Erases the signals of claims older than TRIAL_SIGNAL_RETENTION_DAYS; answers how many claims it cleared. */
export async function purgeTrialSignals(pool: pg.Pool, now: Date = new Date()): Promise<number> {
  const cleared = await pool.query(
    `UPDATE trial_claims SET address_hash = NULL, device_hash = NULL, domain_hash = NULL
     WHERE created_at <= $1
       AND (address_hash IS NOT NULL OR device_hash IS NOT NULL OR domain_hash IS NOT NULL)`,
    [new Date(now.getTime() - TRIAL_SIGNAL_RETENTION_DAYS * DAY_MS)],
  );
  return cleared.rowCount ?? 0;
}

/** One worker of the cluster runs the purge each hour (pg-boss runs a schedule once, whatever the workers). */
export async function registerTrialRetention(boss: PgBoss, pool: pg.Pool, logger: Logger): Promise<void> {
  await boss.schedule(QUEUES.trialSignalsPurge, EVERY_HOUR);
  await boss.work(QUEUES.trialSignalsPurge, async () => {
    const cleared = await purgeTrialSignals(pool);
    logger.debug({ cleared }, 'trial signals past their window erased');
  });
}
