import type pg from 'pg';
import { EXPIRING_SOON_WINDOW_DAYS } from '#shared/catalogue';
import type { CreditsResponse } from '#shared/credits';
import { DAY_MS } from './ledger-expiry.server';
import { nowSchema, userIdSchema } from './ledger-inputs.server';
import { recentEntriesLimitSchema } from './ledger-reads.server';

/**
 * `GET /api/credits`'s whole answer in one statement (ADR 0060): the balance, what expires soon, the grants and the
 * latest entries, from one snapshot and one round trip to PostgreSQL. Four statements (one per part, ledger-reads
 * and ledger-expiry) cost four round trips and, under load, most of the request's CPU (docs/benchmarks.md); read
 * in parallel they could also see two states of the ledger. The sums and the grants read one scan of the user's
 * grants (a CTE read more than once is computed once); the entries walk credit_ledger_entries_user_recent_idx from
 * its head, as `recentEntries` does. Instants are written as JavaScript's toISOString writes them, so the rows go
 * to the answer as PostgreSQL built them.
 */

/** An instant as toISOString writes it: UTC, milliseconds, `Z` (timestamps keep microseconds; both truncate). */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const CREDITS_VIEW = `
  WITH g AS (
    SELECT id, amount, remaining, source, plan_type, expires_at, created_at FROM credit_grants WHERE user_id = $1
  )
  SELECT
    (SELECT COALESCE(sum(remaining), 0) FROM g
     WHERE remaining > 0 AND (expires_at IS NULL OR expires_at > $2)) AS balance,
    (SELECT COALESCE(sum(remaining), 0) FROM g
     WHERE remaining > 0 AND expires_at > $2 AND expires_at <= $3) AS expiring_total,
    (SELECT min(expires_at) FROM g WHERE remaining > 0 AND expires_at > $2 AND expires_at <= $3) AS expiring_first,
    (SELECT COALESCE(json_agg(json_build_object(
       'id', id, 'amount', amount, 'remaining', remaining, 'source', source, 'planType', plan_type,
       'expiresAt', ${iso('expires_at')}, 'createdAt', ${iso('created_at')},
       'expired', expires_at IS NOT NULL AND expires_at <= $2) ORDER BY created_at DESC, id DESC), '[]')
     FROM g) AS grants,
    (SELECT COALESCE(json_agg(json_build_object(
       'id', id, 'kind', kind, 'amount', amount, 'createdAt', ${iso('created_at')},
       'grantId', grant_id, 'holdId', hold_id) ORDER BY id DESC), '[]')
     FROM (SELECT id, kind, amount, created_at, grant_id, hold_id FROM credit_ledger_entries
           WHERE user_id = $1 ORDER BY id DESC NULLS LAST LIMIT $4) AS latest) AS entries`;

interface CreditsViewRow {
  /** sum() of integers is a bigint: text from pg. */
  balance: string;
  expiring_total: string;
  expiring_first: Date | null;
  grants: CreditsResponse['grants'];
  entries: CreditsResponse['entries'];
}

export async function creditsView(
  pool: pg.Pool,
  userId: string,
  entriesLimit: number,
  now: Date = new Date(),
): Promise<CreditsResponse> {
  userIdSchema.parse(userId);
  nowSchema.parse(now);
  recentEntriesLimitSchema.parse(entriesLimit);
  const windowEnd = new Date(now.getTime() + EXPIRING_SOON_WINDOW_DAYS * DAY_MS);
  const result = await pool.query<CreditsViewRow>(CREDITS_VIEW, [userId, now, windowEnd, entriesLimit]);
  const row = result.rows[0];
  if (!row) throw new Error('the credits view statement returned no row');
  const total = Number(row.expiring_total);
  const first = row.expiring_first;
  return {
    balance: Number(row.balance),
    expiringSoon:
      total === 0 || first === null
        ? { total: 0, daysLeft: null }
        : { total, daysLeft: Math.ceil((first.getTime() - now.getTime()) / DAY_MS) },
    grants: row.grants,
    entries: row.entries,
  };
}
