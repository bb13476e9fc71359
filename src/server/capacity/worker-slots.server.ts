import type { Queryable } from '#server/jobs/jobs.server';

/**
 * The job slots of the live worker processes (ADR 0061). Each worker records how many `video-generate` jobs it
 * runs at once and renews that row while it runs; a killed worker's row stops counting after `ttlMs`. Every
 * dispatched request that is not final holds one of those slots (its job is running or waiting for a worker), so
 * the dispatcher grants no more than the slots left: a job that waits in pg-boss for a busy worker would outlive
 * its lease and go back in line.
 */
export class WorkerSlots {
  constructor(readonly ttlMs = 30_000) {}

  /** This worker is alive with `slots` job slots. */
  async beat(db: Queryable, workerId: string, slots: number): Promise<void> {
    await db.query(
      `INSERT INTO video_workers (id, slots, seen_at) VALUES ($1, $2, now())
       ON CONFLICT (id) DO UPDATE SET slots = EXCLUDED.slots, seen_at = now()`,
      [workerId, slots],
    );
  }

  /** This worker stopped: its slots stop counting at once. */
  async leave(db: Queryable, workerId: string): Promise<void> {
    await db.query('DELETE FROM video_workers WHERE id = $1', [workerId]);
  }

  /** Slots no dispatched request holds, across the live workers. */
  async free(db: Queryable): Promise<number> {
    const result = await db.query<{ free: number }>(
      `SELECT (SELECT COALESCE(sum(slots), 0) FROM video_workers
                WHERE seen_at > now() - make_interval(secs => $1))::int
              - (SELECT count(*) FROM video_requests
                  WHERE status NOT IN ('completed', 'failed') AND dispatched_at IS NOT NULL AND NOT film)::int
              AS free`,
      [this.ttlMs / 1000],
    );
    return Math.max(0, result.rows[0]?.free ?? 0);
  }

  /** Rows of workers gone for an hour. */
  async prune(db: Queryable): Promise<void> {
    await db.query(`DELETE FROM video_workers WHERE seen_at < now() - interval '1 hour'`);
  }
}
