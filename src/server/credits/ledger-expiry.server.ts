import type pg from 'pg';
import { EXPIRING_SOON_WINDOW_DAYS } from '#shared/catalogue';
import { nowSchema, userIdSchema } from './ledger-inputs.server';

/** When credits stop counting: a grant's remaining counts until its `expires_at` (design §3). */

export const DAY_MS = 24 * 60 * 60 * 1000;

interface ExpiringSoon {
  total: number;
  /** Whole days until the soonest expiry within the window, rounded up; null when nothing expires soon. */
  daysLeft: number | null;
}

/** Whether a grant's remaining still counts at `now`: NULL never expires. */
export function isValidAt(expiresAt: Date | null, now: Date): boolean {
  return expiresAt === null || expiresAt.getTime() > now.getTime();
}

/** Credits that expire within EXPIRING_SOON_WINDOW_DAYS, and in how many (whole, rounded up) days the first go. */
export async function expiringSoon(
  pool: pg.Pool,
  userId: string,
  now: Date = new Date(),
): Promise<ExpiringSoon> {
  userIdSchema.parse(userId);
  nowSchema.parse(now);
  const result = await pool.query<{ total: string; soonest: Date | null }>(
    `SELECT COALESCE(SUM(remaining), 0) AS total, MIN(expires_at) AS soonest FROM credit_grants
     WHERE user_id = $1 AND remaining > 0 AND expires_at > $2 AND expires_at <= $3`,
    [userId, now, new Date(now.getTime() + EXPIRING_SOON_WINDOW_DAYS * DAY_MS)],
  );
  const total = Number(result.rows[0]?.total ?? 0);
  const soonest = result.rows[0]?.soonest ?? null;
  if (total === 0 || soonest === null) return { total: 0, daysLeft: null };
  return { total, daysLeft: Math.ceil((soonest.getTime() - now.getTime()) / DAY_MS) };
}
