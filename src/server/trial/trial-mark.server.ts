import type pg from 'pg';

/**
 * Whether a video request was paid, wholly or partly, with trial credits: its hold took from a `trial` grant
 * (`video_requests.hold_id` → `credit_hold_allocations` →
 * `credit_grants.source`). The file of such a request is delivered with the trial mark
 * when TRIAL_WATERMARK is on (ADR 0044). A hold's allocations are written once, when it is made, so the answer never
 * changes between two runs of the same request.
 */
export async function paidWithTrialCredits(pool: pg.Pool, requestId: string): Promise<boolean> {
  const result = await pool.query<{ trial: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM video_requests r
       JOIN credit_hold_allocations a ON a.hold_id = r.hold_id
       JOIN credit_grants g ON g.id = a.grant_id
       WHERE r.id = $1 AND g.source = 'trial'
     ) AS trial`,
    [requestId],
  );
  return result.rows[0]?.trial ?? false;
}
