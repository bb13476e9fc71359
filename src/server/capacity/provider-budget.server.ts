import type pg from 'pg';
import type { Queryable } from '#server/jobs/jobs.server';
import type { ProviderCapacity } from '#shared/video-models';
import {
  lowest,
  NEXT_PACIFIC_MIDNIGHT,
  PACIFIC_MIDNIGHT,
  STATED_LIMIT_TTL,
  WINDOW_GUARD,
} from './budget-sql.server';
import { type Lesson, learnFromAcceptance, learnFromRefusal, type QuotaRefusal } from './quota-lesson.server';

/**
 * One budget per Google Cloud project and video model, kept in PostgreSQL so every web and worker process reads
 * the same figures (ADR 0061): creates sent in the last minute and since midnight Pacific time, and their cost in
 * the last 10 minutes (provider_calls), generations in progress (provider_leases, which lapse when nobody renews
 * them), and what Cena has learned from Google's 429s (provider_budgets): the limits a 429 states, else the
 * dimension it points to lowered to what was in use (quota-lesson.server.ts). Only the dispatcher grants slots,
 * one process at a time.
 */

export interface BudgetOptions {
  limits: ProviderCapacity;
  /**
   * The length of the provider's "minute": 60 000 in production; the queue benchmark compresses time with a
   * shorter one (its fake provider counts the same way). The spend window is ten of these minutes.
   */
  minuteMs?: number;
  /** How long a generation's slot lasts without a renewal: a killed worker's slot frees after this. */
  leaseMs?: number;
}

/** Why nothing may be sent now, and until when: Google's `retryDelay`, the day's requests, the spend window. */
export type BudgetHold = 'retry' | 'daily' | 'spend';

export interface BudgetUse {
  project: string;
  model: string;
  inFlight: number;
  /** Generations in progress Cena allows itself: the configured figure, the one a 429 stated, or the learned one. */
  inFlightLimit: number;
  requestsLastMinute: number;
  requestsToday: number;
  requestsPerDay: number | null;
  /** What Cena allows itself now: the configured rate, or the one a 429 stated, lowered after unstated 429s. */
  learnedRequestsPerMinute: number;
  backoffUntil: Date | null;
  throttledLastHour: number;
  /** US cents billed in the project's last 10 minutes (granted slots included); null cap: not counted. */
  spentCents: number;
  spendCapCents: number | null;
  /** Slots that may be granted right now (0 while held). */
  room: number;
  heldBy: BudgetHold | null;
  /** When the hold is known to lift. */
  heldUntil: Date | null;
}

const DEFAULT_LEASE_MS = 3 * 60_000;
/**
 * Google caps spend "per 10 minutes" per project, "evaluated in a 10-minute rolling window"
 * (https://ai.google.dev/gemini-api/docs/rate-limits, "Spend-based rate limits", read 2026-11-25).
 */
const SPEND_WINDOW_MINUTES = 10;

interface UseRow {
  project: string;
  in_flight: number;
  last_minute: number;
  today: number;
  spent: number;
  oldest_spend: Date | null;
  throttled_last_hour: number;
  learned_rpm: number | null;
  learned_in_flight: number | null;
  backoff_until: Date | null;
  quota_rpm: number | null;
  quota_in_flight: number | null;
  quota_rpd: number | null;
  day_resets_at: Date;
}

const USE_SQL = `
  SELECT p.project,
         (SELECT count(*)::int FROM provider_leases l
           WHERE l.project = p.project AND l.model = $2 AND l.expires_at > now()) AS in_flight,
         (SELECT count(*)::int FROM provider_calls c
           WHERE c.project = p.project AND c.model = $2 AND NOT c.throttled
             AND c.at > now() - make_interval(secs => $3))
         + (SELECT count(*)::int FROM provider_leases l
             WHERE l.project = p.project AND l.model = $2 AND l.sent_at IS NULL AND l.expires_at > now())
           AS last_minute,
         (SELECT count(*)::int FROM provider_calls c
           WHERE c.project = p.project AND c.model = $2 AND NOT c.throttled
             AND c.at >= ${PACIFIC_MIDNIGHT}) AS today,
         -- Spend is per project, whatever the model; read only when a cap is set ($5).
         CASE WHEN $5 THEN
           (SELECT COALESCE(sum(c.cost_cents), 0)::int FROM provider_calls c
             WHERE c.project = p.project AND c.cost_cents > 0 AND c.at > now() - make_interval(secs => $4))
           + (SELECT COALESCE(sum(l.cost_cents), 0)::int FROM provider_leases l
               WHERE l.project = p.project AND l.sent_at IS NULL AND l.expires_at > now())
         ELSE 0 END AS spent,
         CASE WHEN $5 THEN
           (SELECT min(c.at) FROM provider_calls c
             WHERE c.project = p.project AND c.cost_cents > 0 AND c.at > now() - make_interval(secs => $4))
         END AS oldest_spend,
         (SELECT count(*)::int FROM provider_calls c
           WHERE c.project = p.project AND c.model = $2 AND c.throttled
             AND c.at > now() - interval '1 hour') AS throttled_last_hour,
         b.learned_rpm, b.learned_in_flight, b.backoff_until,
         CASE WHEN b.quota_seen_at > now() - ${STATED_LIMIT_TTL} THEN b.quota_rpm END AS quota_rpm,
         CASE WHEN b.quota_seen_at > now() - ${STATED_LIMIT_TTL} THEN b.quota_in_flight END AS quota_in_flight,
         CASE WHEN b.quota_seen_at > now() - ${STATED_LIMIT_TTL} THEN b.quota_rpd END AS quota_rpd,
         ${NEXT_PACIFIC_MIDNIGHT} AS day_resets_at
  FROM unnest($1::text[]) AS p(project)
  LEFT JOIN provider_budgets b ON b.project = p.project AND b.model = $2`;

export class ProviderBudget {
  readonly limits: ProviderCapacity;
  readonly minuteMs: number;
  readonly leaseMs: number;

  constructor(options: BudgetOptions) {
    this.limits = options.limits;
    this.minuteMs = options.minuteMs ?? 60_000;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  get spendWindowMs(): number {
    return this.minuteMs * SPEND_WINDOW_MINUTES;
  }

  /** Where each project stands for `model` now; `costCents`: what the next create would cost. */
  async use(db: Queryable, projects: readonly string[], model: string, costCents = 0): Promise<BudgetUse[]> {
    const result = await db.query<UseRow>(USE_SQL, [
      projects,
      model,
      (this.minuteMs * WINDOW_GUARD) / 1000,
      (this.spendWindowMs * WINDOW_GUARD) / 1000,
      (this.limits.spendCentsPer10Minutes ?? null) !== null,
    ]);
    return result.rows.map((row) => this.useOf(row, model, costCents));
  }

  private useOf(row: UseRow, model: string, costCents: number): BudgetUse {
    const { requestsPerMinute, inFlight, requestsPerDay } = this.limits;
    const spendCentsPer10Minutes = this.limits.spendCentsPer10Minutes ?? null;
    const rpm = lowest(requestsPerMinute, row.quota_rpm);
    const learned = Math.min(row.learned_rpm ?? rpm, rpm);
    const inFlightLimit = lowest(
      inFlight,
      row.quota_in_flight,
      row.learned_in_flight === null ? null : Math.floor(row.learned_in_flight),
    );
    const rpd = lowest(requestsPerDay, row.quota_rpd);
    const spendLeft = spendCentsPer10Minutes === null ? null : spendCentsPer10Minutes - row.spent;
    const holds: [BudgetHold, Date | null][] = [];
    if (row.backoff_until !== null && row.backoff_until.getTime() > Date.now())
      holds.push(['retry', row.backoff_until]);
    if (row.today >= rpd) holds.push(['daily', row.day_resets_at]);
    if (spendLeft !== null && spendLeft < Math.max(costCents, 1)) {
      const lifts =
        row.oldest_spend && new Date(row.oldest_spend.getTime() + this.spendWindowMs * WINDOW_GUARD);
      holds.push(['spend', lifts]);
    }
    const [hold] = holds.sort(([, a], [, b]) => (b?.getTime() ?? 0) - (a?.getTime() ?? 0));
    const room = hold
      ? 0
      : Math.max(
          0,
          Math.min(
            Math.floor(learned) - row.last_minute,
            inFlightLimit - row.in_flight,
            rpd - row.today,
            spendLeft === null || costCents === 0
              ? Number.POSITIVE_INFINITY
              : Math.floor(spendLeft / costCents),
          ),
        );
    return {
      project: row.project,
      model,
      inFlight: row.in_flight,
      inFlightLimit,
      requestsLastMinute: row.last_minute,
      requestsToday: row.today,
      requestsPerDay: Number.isFinite(rpd) ? rpd : null,
      learnedRequestsPerMinute: learned,
      backoffUntil: row.backoff_until,
      throttledLastHour: row.throttled_last_hour,
      spentCents: row.spent,
      spendCapCents: spendCentsPer10Minutes,
      room,
      heldBy: hold?.[0] ?? null,
      heldUntil: hold?.[1] ?? null,
    };
  }

  /**
   * A slot for `requestId`: its lease, which counts against the minute's rate and the spend window until its
   * create is sent.
   */
  async grant(
    client: pg.PoolClient,
    requestId: string,
    project: string,
    model: string,
    costCents = 0,
  ): Promise<void> {
    await client.query(
      `INSERT INTO provider_leases (request_id, project, model, expires_at, cost_cents)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)
       ON CONFLICT (request_id) DO UPDATE
       SET project = EXCLUDED.project, model = EXCLUDED.model, expires_at = EXCLUDED.expires_at,
           cost_cents = EXCLUDED.cost_cents, sent_at = NULL`,
      [requestId, project, model, this.leaseMs / 1000, costCents],
    );
  }

  /** The create goes out now: counted in the minute, the day and the spend window from this moment. */
  async sending(db: Queryable, requestId: string, project: string, model: string): Promise<void> {
    await db.query(
      `WITH sent AS (UPDATE provider_leases SET sent_at = now() WHERE request_id = $1 RETURNING cost_cents)
       INSERT INTO provider_calls (project, model, request_id, cost_cents)
       VALUES ($2, $3, $1, COALESCE((SELECT cost_cents FROM sent), 0))`,
      [requestId, project, model],
    );
  }

  /**
   * Keeps the slot of a generation in progress (the pipeline calls it while it polls). Also takes the slot back
   * when a retried job resumes a generation whose lease lapsed: it is in progress at Google either way.
   */
  async holdLease(db: Queryable, requestId: string, project: string, model: string): Promise<void> {
    await db.query(
      `INSERT INTO provider_leases (request_id, project, model, expires_at, sent_at, accepted_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4), now(), now())
       ON CONFLICT (request_id) DO UPDATE
       SET expires_at = EXCLUDED.expires_at,
           accepted_at = COALESCE(provider_leases.accepted_at, EXCLUDED.accepted_at)`,
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
   * Google refused a create with 429. The call is marked refused: Google allocates no quota to a refused request
   * ("If the amount is higher than the available quota, allocation error will be returned and no quota will be
   * allocated", QuotaOperation.QuotaMode NORMAL,
   * https://cloud.google.com/ruby/docs/reference/google-cloud-service_control-v1/latest/Google-Cloud-ServiceControl-V1-QuotaOperation-QuotaMode)
   * and bills nothing, so it counts for neither the minute, the day nor the spend. A limit the 429 states is kept
   * as it is; a 429 that states none lowers the dimension it points to (quota-lesson.server.ts) to what Google had
   * accepted when it came: generations in progress to the count in progress, the rate to the creates accepted in
   * the minute; one that points to neither halves the rate, once per minute however many creates of one round
   * were refused. Nothing is sent before Google's `retryDelay` (a minute when it gave none; the next Pacific
   * midnight for a daily limit).
   */
  async throttled(
    db: Queryable,
    requestId: string,
    project: string,
    model: string,
    refusal: QuotaRefusal,
  ): Promise<Lesson | 'stated'> {
    await db.query(
      `UPDATE provider_calls SET throttled = true, accepted = false, cost_cents = 0
       WHERE id = (SELECT id FROM provider_calls WHERE request_id = $1 AND NOT throttled ORDER BY at DESC LIMIT 1)`,
      [requestId],
    );
    return learnFromRefusal(db, {
      requestId,
      project,
      model,
      refusal,
      limits: this.limits,
      minuteMs: this.minuteMs,
    });
  }

  /** Google accepted `requestId`'s create (quota-lesson.server.ts). */
  async succeeded(db: Queryable, requestId: string, project: string, model: string): Promise<void> {
    await learnFromAcceptance(db, { requestId, project, model, limits: this.limits });
  }

  /** Calls older than two Pacific days count for nothing any more. */
  async prune(db: Queryable): Promise<void> {
    await db.query(`DELETE FROM provider_calls WHERE at < ${PACIFIC_MIDNIGHT} - interval '1 day'`);
    await db.query(`DELETE FROM provider_leases WHERE expires_at < now() - interval '1 hour'`);
  }
}
