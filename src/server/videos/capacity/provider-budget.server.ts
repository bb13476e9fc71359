import type pg from 'pg';
import type { ProviderCapacity } from '../../../shared/video-models';
import type { Queryable } from '../../jobs/queues.server';

/**
 * One budget per Google Cloud project and video model, kept in PostgreSQL so every web and worker process reads
 * the same figures (ADR 0013): creates sent in the last minute and since midnight Pacific time (provider_calls),
 * generations in progress (provider_leases, which lapse when nobody renews them), and the rate Cena has learned
 * from Google's 429s (provider_budgets). Only the dispatcher grants slots, one process at a time.
 */

export interface BudgetOptions {
  limits: ProviderCapacity;
  /**
   * The length of the provider's "minute": 60 000 in production; the queue benchmark compresses time with a
   * shorter one (its fake provider counts the same way).
   */
  minuteMs?: number;
  /** How long a generation's slot lasts without a renewal: a killed worker's slot frees after this. */
  leaseMs?: number;
}

export interface BudgetUse {
  project: string;
  model: string;
  inFlight: number;
  requestsLastMinute: number;
  requestsToday: number;
  /** What Cena allows itself now: the configured rate, lowered after 429s. */
  learnedRequestsPerMinute: number;
  backoffUntil: Date | null;
  throttledLastHour: number;
  /** Slots that may be granted right now (0 while backing off). */
  room: number;
}

/** Additive increase after a success, halving on a 429 (the usual AIMD rule): about 8 successes per RPM won back. */
const CLIMB_PER_SUCCESS = 0.125;
const SLOWEST_RPM = 1;
/**
 * A create counts against the minute a little longer than Google's minute: Cena records it just before it leaves
 * and Google just after it arrives, so on the window's edge the two counts differ by the trip; 2 % keeps Cena's on
 * the safe side (bench:queue saw a 429 on that edge without it).
 */
const WINDOW_GUARD = 1.02;
const DEFAULT_LEASE_MS = 3 * 60_000;

// Google resets requests per day "at midnight Pacific time" (https://ai.google.dev/gemini-api/docs/rate-limits).
const PACIFIC_MIDNIGHT = `(date_trunc('day', now() AT TIME ZONE 'America/Los_Angeles') AT TIME ZONE 'America/Los_Angeles')`;

export class ProviderBudget {
  readonly limits: ProviderCapacity;
  readonly minuteMs: number;
  readonly leaseMs: number;

  constructor(options: BudgetOptions) {
    this.limits = options.limits;
    this.minuteMs = options.minuteMs ?? 60_000;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  /** Where each project stands for `model` now. */
  async use(db: Queryable, projects: readonly string[], model: string): Promise<BudgetUse[]> {
    const result = await db.query<{
      project: string;
      in_flight: number;
      last_minute: number;
      today: number;
      learned_rpm: number | null;
      backoff_until: Date | null;
      throttled_last_hour: number;
    }>(
      `SELECT p.project,
              (SELECT count(*)::int FROM provider_leases l
                WHERE l.project = p.project AND l.model = $2 AND l.expires_at > now()) AS in_flight,
              (SELECT count(*)::int FROM provider_calls c
                WHERE c.project = p.project AND c.model = $2 AND c.at > now() - make_interval(secs => $3))
              + (SELECT count(*)::int FROM provider_leases l
                  WHERE l.project = p.project AND l.model = $2 AND l.sent_at IS NULL AND l.expires_at > now())
                AS last_minute,
              (SELECT count(*)::int FROM provider_calls c
                WHERE c.project = p.project AND c.model = $2 AND c.at >= ${PACIFIC_MIDNIGHT}) AS today,
              (SELECT count(*)::int FROM provider_calls c
                WHERE c.project = p.project AND c.model = $2 AND c.throttled
                  AND c.at > now() - interval '1 hour') AS throttled_last_hour,
              b.learned_rpm, b.backoff_until
       FROM unnest($1::text[]) AS p(project)
       LEFT JOIN provider_budgets b ON b.project = p.project AND b.model = $2`,
      [projects, model, (this.minuteMs * WINDOW_GUARD) / 1000],
    );
    const { requestsPerMinute, inFlight, requestsPerDay } = this.limits;
    const now = Date.now();
    return result.rows.map((row) => {
      const learned = Math.min(row.learned_rpm ?? requestsPerMinute, requestsPerMinute);
      const backingOff = row.backoff_until !== null && row.backoff_until.getTime() > now;
      const room = backingOff
        ? 0
        : Math.max(
            0,
            Math.min(
              Math.floor(learned) - row.last_minute,
              inFlight - row.in_flight,
              requestsPerDay === null ? Number.POSITIVE_INFINITY : requestsPerDay - row.today,
            ),
          );
      return {
        project: row.project,
        model,
        inFlight: row.in_flight,
        requestsLastMinute: row.last_minute,
        requestsToday: row.today,
        learnedRequestsPerMinute: learned,
        backoffUntil: row.backoff_until,
        throttledLastHour: row.throttled_last_hour,
        room,
      };
    });
  }

  /** A slot for `requestId`: its lease, which counts against the minute's rate until its create is sent. */
  async grant(client: pg.PoolClient, requestId: string, project: string, model: string): Promise<void> {
    await this.holdLease(client, requestId, project, model);
  }

  /** The create goes out now: counted in the minute and the day from this moment, as the provider counts it. */
  async sending(db: Queryable, requestId: string, project: string, model: string): Promise<void> {
    await db.query(
      `WITH sent AS (UPDATE provider_leases SET sent_at = now() WHERE request_id = $1 RETURNING 1)
       INSERT INTO provider_calls (project, model) VALUES ($2, $3)`,
      [requestId, project, model],
    );
  }

  /**
   * Keeps the slot of a generation in progress (the pipeline calls it while it polls). Also takes the slot back
   * when a retried job resumes a generation whose lease lapsed: it is in progress at Google either way.
   */
  async holdLease(db: Queryable, requestId: string, project: string, model: string): Promise<void> {
    await db.query(
      `INSERT INTO provider_leases (request_id, project, model, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       ON CONFLICT (request_id) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
      [requestId, project, model, this.leaseMs / 1000],
    );
  }

  /** Whether the request holds a live slot (renewing it if so). */
  async renewIfHeld(
    db: Queryable,
    requestId: string,
  ): Promise<{ project: string; model: string } | undefined> {
    const result = await db.query<{ project: string; model: string }>(
      `UPDATE provider_leases SET expires_at = now() + make_interval(secs => $2)
       WHERE request_id = $1 AND expires_at > now()
       RETURNING project, model`,
      [requestId, this.leaseMs / 1000],
    );
    return result.rows[0];
  }

  async release(db: Queryable, requestId: string): Promise<void> {
    await db.query('DELETE FROM provider_leases WHERE request_id = $1', [requestId]);
  }

  /**
   * Google refused a create with 429: the rate Cena uses is halved, nothing more is sent before Google's
   * `retryDelay` (or a minute when it gave none), and the call is marked for the operators' count.
   */
  async throttled(
    db: Queryable,
    project: string,
    model: string,
    retryAfterMs: number | undefined,
  ): Promise<void> {
    const waitSeconds = (retryAfterMs ?? this.minuteMs) / 1000;
    await db.query(
      `INSERT INTO provider_budgets AS b (project, model, learned_rpm, backoff_until, updated_at)
       VALUES ($1, $2, GREATEST($3::float8 / 2, $4), now() + make_interval(secs => $5), now())
       ON CONFLICT (project, model) DO UPDATE
       SET learned_rpm = GREATEST(LEAST(b.learned_rpm, $3) / 2, $4),
           backoff_until = GREATEST(COALESCE(b.backoff_until, now()), now() + make_interval(secs => $5)),
           updated_at = now()`,
      [project, model, this.limits.requestsPerMinute, SLOWEST_RPM, waitSeconds],
    );
    await db.query(
      `UPDATE provider_calls SET throttled = true
       WHERE id = (SELECT id FROM provider_calls WHERE project = $1 AND model = $2 AND NOT throttled
                   ORDER BY at DESC LIMIT 1)`,
      [project, model],
    );
  }

  /** A create was accepted: the learned rate climbs back towards the configured one. */
  async succeeded(db: Queryable, project: string, model: string): Promise<void> {
    await db.query(
      `UPDATE provider_budgets SET learned_rpm = LEAST(learned_rpm + $3, $4), updated_at = now()
       WHERE project = $1 AND model = $2 AND learned_rpm < $4`,
      [project, model, CLIMB_PER_SUCCESS, this.limits.requestsPerMinute],
    );
  }

  /** Calls older than two Pacific days count for nothing any more. */
  async prune(db: Queryable): Promise<void> {
    await db.query(`DELETE FROM provider_calls WHERE at < ${PACIFIC_MIDNIGHT} - interval '1 day'`);
    await db.query(`DELETE FROM provider_leases WHERE expires_at < now() - interval '1 hour'`);
  }
}
