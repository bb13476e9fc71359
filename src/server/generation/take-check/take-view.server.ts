import type { Queryable } from '#server/jobs/jobs.server';
import type { TakeCheckView, TakeProblem } from '#shared/take-check';

/**
 * A scalar subquery: the checks of the request whose id is `requestId` (an SQL expression) as a JSON array of
 * TakeCheckView, oldest first — what `takeChecksOf` answers for it, for a statement that reads the request too.
 * Instants as toISOString writes them (UTC, milliseconds, `Z`).
 */
export function takeChecksJson(requestId: string): string {
  return `COALESCE((SELECT json_agg(json_build_object('take', take, 'passed', passed, 'problems', problems,
      'checkedAt', to_char(checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY take)
    FROM take_checks WHERE request_id = ${requestId}), '[]')`;
}

/** The take guarantee's checks of some requests, oldest first, as their timelines show them. */
export async function takeChecksOf(
  db: Queryable,
  requestIds: readonly string[],
): Promise<ReadonlyMap<string, TakeCheckView[]>> {
  const checks = new Map<string, TakeCheckView[]>();
  if (requestIds.length === 0) return checks;
  const result = await db.query<{
    request_id: string;
    take: number;
    passed: boolean;
    problems: TakeProblem[];
    checked_at: Date;
  }>(
    `SELECT request_id, take, passed, problems, checked_at FROM take_checks
     WHERE request_id = ANY($1::uuid[]) ORDER BY take`,
    [requestIds],
  );
  for (const row of result.rows) {
    const list = checks.get(row.request_id) ?? [];
    list.push({
      take: row.take,
      passed: row.passed,
      problems: row.problems,
      checkedAt: row.checked_at.toISOString(),
    });
    checks.set(row.request_id, list);
  }
  return checks;
}
