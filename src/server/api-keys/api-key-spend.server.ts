import type pg from 'pg';
import type { SpendClaim, SpendLimit } from '#server/kernel/spend-limit.server';
import { DEFAULT_TIME_ZONE } from '#shared/accounts';

/**
 * A key's daily credit limit (ADR 0063): the credits its holds took since midnight in São Paulo (the product's
 * day, spec: America/Sao_Paulo), plus this create's, may not pass it. The key's row is locked first, so concurrent
 * creates of one key are counted one after another; the claim is written in the create's transaction, so a
 * refused or replayed create claims nothing. A hold later voided (a failed video, refunded) still counts: the limit
 * bounds what a key may start in a day, which is what a leaked key would be used for.
 */
export function dailySpendLimit(keyId: string, limit: number): SpendLimit {
  return {
    async claim(client: pg.PoolClient, credits: number, reference: string): Promise<SpendClaim> {
      await client.query('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [keyId]);
      // A claim of the same hold is a replay's (a resent create, landing on the hold already placed): the hold's
      // own credits are not counted against it, so a replay is answered as one, never refused by the limit.
      const spentToday = await client.query<{ spent: number }>(
        `SELECT coalesce(sum(credits), 0)::int AS spent FROM api_key_spends
         WHERE key_id = $1 AND created_at >= date_trunc('day', now() AT TIME ZONE $2) AT TIME ZONE $2
           AND reference <> $3`,
        [keyId, DEFAULT_TIME_ZONE, reference],
      );
      const spent = spentToday.rows[0]?.spent ?? 0;
      if (spent + credits > limit) return { ok: false, limit, spent };
      await client.query(
        `INSERT INTO api_key_spends (key_id, reference, credits) VALUES ($1, $2, $3)
         ON CONFLICT (key_id, reference) DO NOTHING`,
        [keyId, reference, credits],
      );
      return { ok: true };
    },
  };
}
