import type { Queryable } from '#server/jobs/jobs.server';
import type { QuotaViolation } from '#server/video-providers/video-providers.server';
import type { ProviderCapacity } from '#shared/video-models';
import { lowest, NEXT_PACIFIC_MIDNIGHT, STATED_LIMIT_TTL, WINDOW_GUARD } from './budget-sql.server';

/**
 * What a 429 teaches the budget (ADR 0061). Google's 429 RESOURCE_EXHAUSTED may state the limit it hit
 * (`google.rpc.QuotaFailure`, `quotaValue`) or carry only `google.rpc.RetryInfo`
 * (https://github.com/googleapis/googleapis/blob/master/google/rpc/error_details.proto: QuotaFailure and RetryInfo
 * are separate, optional details; the spend cap's 429 on https://ai.google.dev/gemini-api/docs/rate-limits shows
 * none). A stated limit is kept as it is; otherwise the refusal is read against what Cena counted when it came.
 */

/** What a 429 said: Google's `retryDelay` and the limits its QuotaFailure names. */
export interface QuotaRefusal {
  retryAfterMs: number | undefined;
  violations: readonly QuotaViolation[];
}
/** The dimension a refusal is charged to: generations in progress, the rate, or nothing Cena can tell. */
export type Lesson = 'inFlight' | 'rate' | 'unknown';

export interface RefusalContext {
  /** Creates Google accepted in the last minute (the refused one and those still unanswered apart). */
  rateInUse: number;
  /** Generations Google accepted that are still in progress (the refused request's own apart). */
  inProgress: number;
  /** The rate Cena allowed itself when the refusal came (configured, stated or learned). */
  allowedRpm: number;
}

/**
 * The dimension an unstated refusal points to. A violation that names its dimension without a value points to it
 * (a day's limit is held until Pacific midnight, not learned as a rate). Otherwise: refused while the rate in use
 * is under the rate Cena has been running at, with generations in progress, it is evidence of a concurrency limit
 * at that count, not of a lower rate (launch day against 3 in progress: bursts of three a minute were refused at 3
 * a minute of 12). Were it the rate after all, a limit at the count in progress still serves the rate in use (as
 * many start as end), and one more is tried per round. Refused at Cena's rate, or with nothing in progress, it is
 * the rate; with nothing accepted in the minute either, neither explains it (a spend cap, a daily limit unsaid).
 */
export function lessonOf(violations: readonly QuotaViolation[], context: RefusalContext): Lesson {
  const named = violations.find((violation) => violation.dimension !== 'other')?.dimension;
  if (named === 'inFlight') return 'inFlight';
  if (named === 'requestsPerMinute') return 'rate';
  if (named === 'requestsPerDay') return 'unknown';
  const { rateInUse, inProgress, allowedRpm } = context;
  if (inProgress > 0 && rateInUse < Math.floor(allowedRpm)) return 'inFlight';
  if (rateInUse > 0) return 'rate';
  return 'unknown';
}

/** A refused create, as ProviderBudget.throttled hands it over. */
interface RefusalArgs {
  requestId: string;
  project: string;
  model: string;
  refusal: QuotaRefusal;
  limits: ProviderCapacity;
  minuteMs: number;
}

type AcceptanceArgs = Omit<RefusalArgs, 'refusal' | 'minuteMs'>;

/**
 * Additive recovery per accepted create: one request per minute each, so a rate lowered by a burst of refusals is
 * back within as many creates as it lost — seconds at launch-day pace, where 1/8 took minutes; one generation in
 * progress per that many accepted creates (one more per round of generations, as TCP's congestion avoidance grows
 * its window by one per window acknowledged, RFC 5681 §3.1).
 */
const CLIMB_RPM_PER_SUCCESS = 1;
const SLOWEST_RPM = 1;

/**
 * Learns from a 429 (ProviderBudget.throttled has marked the call refused): a stated limit kept as it is, else the
 * lesson of lessonOf — the generations in progress lowered to the count in progress, the rate to the creates
 * accepted in the minute, or, when it points to neither, the rate halved once per minute however many creates of
 * one round were refused. Nothing is sent before Google's `retryDelay` (a minute when it gave none; the next
 * Pacific midnight for a daily limit).
 */
export async function learnFromRefusal(db: Queryable, args: RefusalArgs): Promise<Lesson | 'stated'> {
  const { project, model, refusal, limits, minuteMs } = args;
  const stated = (dimension: QuotaViolation['dimension']) =>
    refusal.violations.find((violation) => violation.dimension === dimension && violation.limit !== undefined)
      ?.limit ?? null;
  const [rpm, inFlight, rpd] = [stated('requestsPerMinute'), stated('inFlight'), stated('requestsPerDay')];
  const explained = rpm !== null || inFlight !== null || rpd !== null;
  const context = explained ? undefined : await refusalContext(db, args);
  const lesson = context ? lessonOf(refusal.violations, context) : 'stated';
  const daily = refusal.violations.some((violation) => violation.dimension === 'requestsPerDay');
  const waitSeconds = (refusal.retryAfterMs ?? minuteMs) / 1000;
  await db.query(
    `INSERT INTO provider_budgets AS b
       (project, model, learned_rpm, learned_in_flight, backoff_until, decreased_at, quota_rpm, quota_in_flight,
        quota_rpd, quota_seen_at, updated_at)
     VALUES ($1, $2,
             CASE $6 WHEN 'unknown' THEN GREATEST($3::float8 / 2, $4)
                     WHEN 'rate' THEN GREATEST(LEAST($3::float8, $12), $4) ELSE $3::float8 END,
             CASE WHEN $6 = 'inFlight' THEN GREATEST(LEAST($13::float8, $14), 1) END,
             GREATEST(now() + make_interval(secs => $5), CASE WHEN $10 THEN ${NEXT_PACIFIC_MIDNIGHT} END),
             CASE WHEN $6 = 'unknown' THEN now() END, $7, $8, $9,
             CASE WHEN $6 = 'stated' THEN now() END, now())
     ON CONFLICT (project, model) DO UPDATE
     SET learned_rpm = CASE
           WHEN $6 = 'rate' THEN GREATEST(LEAST(b.learned_rpm, $3, $12), $4)
           WHEN $6 = 'unknown' AND (b.decreased_at IS NULL OR b.decreased_at <= now() - make_interval(secs => $11))
             THEN GREATEST(LEAST(b.learned_rpm, $3) / 2, $4)
           ELSE b.learned_rpm END,
         learned_in_flight = CASE WHEN $6 = 'inFlight'
           THEN GREATEST(LEAST(COALESCE(b.learned_in_flight, $13), $13, $14), 1) ELSE b.learned_in_flight END,
         decreased_at = CASE
           WHEN $6 = 'unknown' AND (b.decreased_at IS NULL OR b.decreased_at <= now() - make_interval(secs => $11))
             THEN now() ELSE b.decreased_at END,
         backoff_until = GREATEST(b.backoff_until, now() + make_interval(secs => $5),
                                  CASE WHEN $10 THEN ${NEXT_PACIFIC_MIDNIGHT} END),
         quota_rpm = COALESCE($7, b.quota_rpm),
         quota_in_flight = COALESCE($8, b.quota_in_flight),
         quota_rpd = COALESCE($9, b.quota_rpd),
         quota_seen_at = CASE WHEN $6 = 'stated' THEN now() ELSE b.quota_seen_at END,
         updated_at = now()`,
    [
      project,
      model,
      limits.requestsPerMinute,
      SLOWEST_RPM,
      waitSeconds,
      lesson,
      rpm,
      inFlight,
      rpd,
      daily && refusal.retryAfterMs === undefined,
      minuteMs / 1000,
      context?.rateInUse ?? null,
      limits.inFlight,
      context?.inProgress ?? null,
    ],
  );
  return lesson;
}

/** What Google had accepted when it refused `requestId`'s create, and the rate Cena allowed itself. */
async function refusalContext(db: Queryable, args: RefusalArgs): Promise<RefusalContext> {
  const { requestId, project, model, limits, minuteMs } = args;
  const result = await db.query<{
    rate_in_use: number;
    in_progress: number;
    learned_rpm: number | null;
    quota_rpm: number | null;
  }>(
    `SELECT (SELECT count(*)::int FROM provider_calls c
              WHERE c.project = $1 AND c.model = $2 AND c.accepted AND c.request_id IS DISTINCT FROM $3
                AND c.at > now() - make_interval(secs => $4)) AS rate_in_use,
            (SELECT count(*)::int FROM provider_leases l
              WHERE l.project = $1 AND l.model = $2 AND l.accepted_at IS NOT NULL AND l.request_id <> $3
                AND l.expires_at > now()) AS in_progress,
            b.learned_rpm,
            CASE WHEN b.quota_seen_at > now() - ${STATED_LIMIT_TTL} THEN b.quota_rpm END AS quota_rpm
     FROM (SELECT 1) AS one
     LEFT JOIN provider_budgets b ON b.project = $1 AND b.model = $2`,
    [project, model, requestId, (minuteMs * WINDOW_GUARD) / 1000],
  );
  const row = result.rows[0];
  return {
    rateInUse: row?.rate_in_use ?? 0,
    inProgress: row?.in_progress ?? 0,
    allowedRpm: lowest(limits.requestsPerMinute, row?.quota_rpm, row?.learned_rpm),
  };
}

/**
 * Google accepted `requestId`'s create: its call and its generation are known accepted (the counts an unstated 429
 * is read against), and what an unstated 429 lowered climbs back (CLIMB_RPM_PER_SUCCESS) towards the configured
 * figures, or the stated ones.
 */
export async function learnFromAcceptance(db: Queryable, args: AcceptanceArgs): Promise<void> {
  const { requestId, project, model, limits } = args;
  await db.query(
    `WITH call AS (
       UPDATE provider_calls SET accepted = true
       WHERE id = (SELECT id FROM provider_calls WHERE request_id = $1 AND NOT throttled ORDER BY at DESC LIMIT 1)
     ), lease AS (
       UPDATE provider_leases SET accepted_at = now() WHERE request_id = $1
     )
     UPDATE provider_budgets AS b
     SET learned_rpm = LEAST(b.learned_rpm + $4,
                             CASE WHEN b.quota_seen_at > now() - ${STATED_LIMIT_TTL}
                                  THEN LEAST($5, COALESCE(b.quota_rpm, $5)) ELSE $5 END),
         -- Back at the configured figure, nothing is learned any more (null).
         learned_in_flight = CASE WHEN b.learned_in_flight + 1 / GREATEST(floor(b.learned_in_flight), 1) < $6
           THEN b.learned_in_flight + 1 / GREATEST(floor(b.learned_in_flight), 1) END,
         updated_at = now()
     WHERE b.project = $2 AND b.model = $3 AND (b.learned_rpm < $5 OR b.learned_in_flight IS NOT NULL)`,
    [requestId, project, model, CLIMB_RPM_PER_SUCCESS, limits.requestsPerMinute, limits.inFlight],
  );
}
