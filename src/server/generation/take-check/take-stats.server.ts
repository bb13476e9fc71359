import type { Queryable } from '#server/jobs/jobs.server';
import { TAKE_PROBLEM_KINDS, type TakeCheckStats, type TakeProblem } from '#shared/take-check';

/** The admin panel's view of the take guarantee: how often takes fail, why, and the last failures. */
export async function takeCheckStats(db: Queryable, days = 30): Promise<TakeCheckStats> {
  const since = `now() - make_interval(days => $1)`;
  const totals = await db.query<{ checked: string; failed: string; rerolled: string; refunded: string }>(
    `SELECT count(*) AS checked,
            count(*) FILTER (WHERE NOT passed) AS failed,
            count(*) FILTER (WHERE NOT passed AND take = 1) AS rerolled,
            count(*) FILTER (WHERE NOT passed AND take = 2) AS refunded
     FROM take_checks WHERE checked_at > ${since}`,
    [days],
  );
  const kinds = await db.query<{ kind: string; count: string }>(
    `SELECT problem->>'kind' AS kind, count(*) AS count
     FROM take_checks, jsonb_array_elements(problems) AS problem
     WHERE NOT passed AND checked_at > ${since}
     GROUP BY 1`,
    [days],
  );
  const recent = await db.query<{
    request_id: string;
    take: number;
    problems: TakeProblem[];
    reasons: string | null;
    checked_at: Date;
  }>(
    `SELECT request_id, take, problems, model_verdict->>'reasons' AS reasons, checked_at
     FROM take_checks WHERE NOT passed AND checked_at > ${since}
     ORDER BY checked_at DESC LIMIT 20`,
    [days],
  );
  const counted = new Map(kinds.rows.map((row) => [row.kind, Number(row.count)]));
  const total = totals.rows[0];
  return {
    days,
    checked: Number(total?.checked ?? 0),
    failed: Number(total?.failed ?? 0),
    rerolled: Number(total?.rerolled ?? 0),
    refunded: Number(total?.refunded ?? 0),
    byProblem: TAKE_PROBLEM_KINDS.map((kind) => ({ kind, count: counted.get(kind) ?? 0 })),
    recent: recent.rows.map((row) => ({
      requestId: row.request_id,
      take: row.take,
      problems: row.problems,
      modelReasons: row.reasons,
      checkedAt: row.checked_at.toISOString(),
    })),
  };
}
