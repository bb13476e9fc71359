import type pg from 'pg';

/** The days left a Pix upgrade's quote charged for (ADR 0049), as stored with its checkout. */
export async function quotedDays(pool: pg.Pool, sessionId: string): Promise<number> {
  const quote = await pool.query<{ upgrade_days_left: number }>(
    'SELECT upgrade_days_left FROM checkout_sessions WHERE id = $1',
    [sessionId],
  );
  return quote.rows[0]?.upgrade_days_left ?? Number.NaN;
}

/**
 * A month's `amount` (cents or credits) for the days left of a Pix period: over 30 days, a whole month at most
 * (ADR 0042). A period is a calendar month, so 28 to 31 days.
 */
export const forDaysLeft = (amount: number, daysLeft: number): number =>
  Math.round((amount * Math.min(daysLeft, 30)) / 30);
